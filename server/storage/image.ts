import { createHash } from "node:crypto";
import type { Metadata } from "sharp";
import { NOT_AN_IMAGE, TOO_MANY_PIXELS, UNREADABLE_IMAGE } from "../../contract/picture-form";
import { AVATAR_SIZE } from "../../contract/profile";

/**
 * sharp (native libvips, ~28 MB of memory once loaded) is needed only when someone saves a
 * profile picture, so it is loaded then, once, rather than when the server starts.
 */
let sharpModule: Promise<typeof import("sharp")> | undefined;
async function loadSharp(): Promise<typeof import("sharp")["default"]> {
  sharpModule ??= import("sharp");
  return (await sharpModule).default;
}

export type ImageFormat = "jpeg" | "png" | "gif";

/** A file that is not a picture we accept; the message is for the person who sent it. */
export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

// The contract's sentences: the settings form without JavaScript shows them by name.
export { NOT_AN_IMAGE };

/**
 * Decoding a picture costs memory by its pixel count, not its file size: a 5 MB PNG can claim
 * 100,000 x 100,000 pixels. 64 megapixels covers phone cameras (48-50 MP) and refuses bombs.
 */
const MAX_INPUT_PIXELS = 64_000_000;

/** The format by the file's first bytes (its magic number), whatever its name or MIME type says. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 6) {
    const head = Buffer.from(bytes.subarray(0, 6)).toString("latin1");
    if (head === "GIF87a" || head === "GIF89a") return "gif";
  }
  return null;
}

export interface Avatar {
  bytes: Buffer;
  /** SHA-256 of the bytes: the file name, so a URL never changes content and caches forever. */
  hash: string;
  fileName: string;
  contentType: "image/webp";
}

/**
 * Checks that the bytes are really a JPG, PNG or GIF (magic number, then the decoder agrees),
 * and draws a new square picture from the pixels alone: turned upright by its EXIF
 * orientation, cropped to the centre, AVATAR_SIZE pixels a side, WebP. Nothing of the original
 * file survives but pixels: EXIF (GPS), XMP, ICC, comments and any bytes hidden after the
 * image (a GIF/HTML polyglot) are gone, because sharp writes no metadata unless asked.
 *
 * WebP because it is a quarter to a third smaller than JPEG at the same quality, keeps the
 * transparency of PNG and GIF pictures, and every browser we support shows it. Animated GIFs
 * become their first frame.
 */
export async function makeAvatar(input: Buffer): Promise<Avatar> {
  const format = sniffImageFormat(input);
  if (!format) throw new ImageRejectedError(NOT_AN_IMAGE);

  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" as const, pages: 1 };
  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch (error) {
    throw rejectionFor(error);
  }
  if (metadata.format !== format) throw new ImageRejectedError(NOT_AN_IMAGE);
  if (!metadata.width || !metadata.height) throw new ImageRejectedError(UNREADABLE_IMAGE);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError(TOO_MANY_PIXELS);
  }

  let bytes: Buffer;
  try {
    bytes = await sharp(input, options)
      .autoOrient()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "centre" })
      .webp({ quality: 82 })
      .timeout({ seconds: 20 })
      .toBuffer();
  } catch (error) {
    throw rejectionFor(error);
  }
  const hash = createHash("sha256").update(bytes).digest("hex");
  return { bytes, hash, fileName: `${hash}.webp`, contentType: "image/webp" };
}

function rejectionFor(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new ImageRejectedError(TOO_MANY_PIXELS);
  }
  if (/timeout/i.test(message)) return error as Error;
  return new ImageRejectedError(UNREADABLE_IMAGE);
}
