import sharp from "sharp";

/*
 * Pictures and impostors for the storage and profile tests, made on the spot with sharp, so
 * no binary fixture has to be trusted or kept up to date.
 */

const solid = (width: number, height: number, background: string, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });

export const makePng = (width = 320, height = 200, colour = "#2f6fdd") =>
  solid(width, height, colour, 4).png().toBuffer();
export const makeJpeg = (width = 400, height = 300) => solid(width, height, "#cc3366").jpeg().toBuffer();
export const makeGif = (width = 64, height = 64) => solid(width, height, "#33aa55", 4).gif().toBuffer();

/** Where the test photo claims it was taken: 51°30'26.06" N, 0°7'40.08" W. */
export const GPS_EXIF = {
  IFD0: { Make: "PocketCam", Model: "Secret Model 9", Copyright: "Jane Doe" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "51/1 30/1 2606/100",
    GPSLongitudeRef: "W",
    GPSLongitude: "0/1 7/1 4008/100",
  },
};

/** A JPEG carrying GPS coordinates, camera model and owner in its EXIF, rotated by orientation 6. */
export const makeJpegWithGps = () =>
  solid(400, 300, "#996633").jpeg().withExif(GPS_EXIF).withMetadata({ orientation: 6 }).toBuffer();

export const SCRIPT_PAYLOAD = "<script>alert(document.cookie)</script>";

/**
 * A GIF/HTML polyglot: a real, decodable GIF with a script in a comment extension right after
 * the header, and an HTML page after the trailer. Served as it came with a sniffing browser, or
 * as text/html, it would run.
 */
export async function makeGifPolyglot(): Promise<Buffer> {
  const gif = await makeGif(48, 48);
  // Header (6) + logical screen descriptor (7) + the global colour table its flags announce.
  const flags = gif[10];
  const tableSize = flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
  const headerEnd = 13 + tableSize;
  const text = Buffer.from(SCRIPT_PAYLOAD);
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, text.length]), text, Buffer.from([0x00])]);
  return Buffer.concat([
    gif.subarray(0, headerEnd),
    comment,
    gif.subarray(headerEnd),
    Buffer.from(`<html><body>${SCRIPT_PAYLOAD}<?php system($_GET['c']); ?></body></html>`),
  ]);
}

export const PHP_AS_PNG = Buffer.from("<?php echo shell_exec($_GET['cmd']); ?>\n");
export const SVG_WITH_SCRIPT = Buffer.from(
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${SCRIPT_PAYLOAD}<rect width="10" height="10"/></svg>`,
);
export const HTML_PAGE = Buffer.from(`<!doctype html><html><body>${SCRIPT_PAYLOAD}</body></html>`);

/**
 * The tags of a raw EXIF block (as sharp's metadata().exif answers it): IFD0's, and the GPS
 * IFD's when there is one. Just enough TIFF reading to prove what a file does or does not carry.
 */
export function exifTags(exif: Buffer | undefined): { ifd0: number[]; gps: number[] } {
  if (!exif || exif.length < 14) return { ifd0: [], gps: [] };
  const tiff = exif.subarray(exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0);
  const little = tiff.subarray(0, 2).toString("latin1") === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const readIfd = (offset: number) => {
    const tags: Array<{ tag: number; value: number }> = [];
    const entries = u16(offset);
    for (let i = 0; i < entries; i += 1) {
      const at = offset + 2 + i * 12;
      tags.push({ tag: u16(at), value: u32(at + 8) });
    }
    return tags;
  };
  const ifd0 = readIfd(u32(4));
  const gpsPointer = ifd0.find((t) => t.tag === 0x8825);
  return { ifd0: ifd0.map((t) => t.tag), gps: gpsPointer ? readIfd(gpsPointer.value).map((t) => t.tag) : [] };
}
