import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AVATAR_SIZE } from "../../contract/profile";
import { ImageRejectedError, makeAvatar, NOT_AN_IMAGE, sniffImageFormat } from "./image";
import {
  exifTags,
  HTML_PAGE,
  makeGif,
  makeGifPolyglot,
  makeJpeg,
  makeJpegWithGps,
  makePng,
  PHP_AS_PNG,
  SCRIPT_PAYLOAD,
  SVG_WITH_SCRIPT,
} from "./test-images";

describe("sniffImageFormat", () => {
  it("knows JPEG, PNG and GIF by their first bytes", async () => {
    expect(sniffImageFormat(await makeJpeg())).toBe("jpeg");
    expect(sniffImageFormat(await makePng())).toBe("png");
    expect(sniffImageFormat(await makeGif())).toBe("gif");
  });

  it.each([
    ["PHP", PHP_AS_PNG],
    ["SVG", SVG_WITH_SCRIPT],
    ["HTML", HTML_PAGE],
    ["empty", Buffer.alloc(0)],
    ["WebP", Buffer.from("RIFF\0\0\0\0WEBPVP8 ")],
  ])("does not take %s for a picture", (_name, bytes) => {
    expect(sniffImageFormat(bytes)).toBeNull();
  });
});

describe("makeAvatar", () => {
  it.each([
    ["PNG", makePng],
    ["JPEG", makeJpeg],
    ["GIF", makeGif],
  ])("redraws a %s as a square WebP named by its hash", async (_name, make) => {
    const avatar = await makeAvatar(await make());
    const meta = await sharp(avatar.bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: AVATAR_SIZE, height: AVATAR_SIZE });
    expect(avatar.contentType).toBe("image/webp");
    expect(avatar.fileName).toBe(`${avatar.hash}.webp`);
    expect(avatar.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("gives the same picture the same name", async () => {
    const png = await makePng();
    expect((await makeAvatar(png)).fileName).toBe((await makeAvatar(Buffer.from(png))).fileName);
  });

  it("drops EXIF, GPS included, and turns the picture upright first", async () => {
    const photo = await makeJpegWithGps();
    const before = await sharp(photo).metadata();
    expect(exifTags(before.exif).gps).toEqual([1, 2, 3, 4]);
    expect(before.orientation).toBe(6);

    const avatar = await makeAvatar(photo);
    const after = await sharp(avatar.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    const text = avatar.bytes.toString("latin1");
    expect(text).not.toContain("Secret Model");
    expect(text).not.toContain("PocketCam");
    expect(text).not.toContain("Exif");
  });

  it("neutralises a GIF polyglot: only pixels come out", async () => {
    const polyglot = await makeGifPolyglot();
    expect(polyglot.toString("latin1")).toContain(SCRIPT_PAYLOAD);
    const avatar = await makeAvatar(polyglot);
    expect((await sharp(avatar.bytes).metadata()).format).toBe("webp");
    const text = avatar.bytes.toString("latin1");
    expect(text).not.toContain("<script");
    expect(text).not.toContain("<?php");
    expect(text).not.toContain("<html");
  });

  it.each([
    ["a PHP file", PHP_AS_PNG],
    ["an SVG with a script", SVG_WITH_SCRIPT],
    ["an HTML page", HTML_PAGE],
  ])("refuses %s, whatever it is called", async (_name, bytes) => {
    await expect(makeAvatar(bytes)).rejects.toThrow(new ImageRejectedError(NOT_AN_IMAGE));
  });

  it("refuses a file that starts like a picture and is not one", async () => {
    const fake = Buffer.concat([Buffer.from("GIF89a"), HTML_PAGE]);
    await expect(makeAvatar(fake)).rejects.toBeInstanceOf(ImageRejectedError);
    const truncated = (await makeJpeg()).subarray(0, 40);
    await expect(makeAvatar(truncated)).rejects.toBeInstanceOf(ImageRejectedError);
  });

  it("refuses a decompression bomb by its pixel count", async () => {
    // 10,000 x 10,000 of one colour compresses to a few kilobytes.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5_242_880);
    await expect(makeAvatar(bomb)).rejects.toThrow(/too many pixels/);
  });
});
