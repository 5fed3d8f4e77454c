import { describe, expect, it } from "vitest";
import { checkPictureFile, EMPTY_MESSAGE, formatBytes, SIZE_MESSAGE, TYPE_MESSAGE } from "./file-check";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("checkPictureFile", () => {
  it.each([
    ["me.jpg", "image/jpeg"],
    ["me.JPEG", "image/jpeg"],
    ["me.png", "image/png"],
    ["me.gif", "image/gif"],
    ["me.png", ""],
    ["ME.JPG", ""],
  ])("takes %s (%s)", (name, type) => {
    expect(checkPictureFile(file(name, type))).toBeNull();
  });

  it.each([
    ["drawing.svg", "image/svg+xml"],
    ["photo.webp", "image/webp"],
    ["page.html", "text/html"],
    ["shell.php", ""],
    ["noextension", ""],
    ["photo.heic", "image/heic"],
  ])("refuses %s (%s)", (name, type) => {
    expect(checkPictureFile(file(name, type))).toBe(TYPE_MESSAGE);
  });

  it("refuses more than 5,242,880 bytes and takes exactly that", () => {
    expect(checkPictureFile(file("big.png", "image/png", 5_242_881))).toBe(SIZE_MESSAGE);
    expect(checkPictureFile(file("ok.png", "image/png", 5_242_880))).toBeNull();
    expect(checkPictureFile(file("empty.png", "image/png", 0))).toBe(EMPTY_MESSAGE);
  });
});

describe("formatBytes", () => {
  it("speaks in B, KB and MB", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(340 * 1024)).toBe("340 KB");
    expect(formatBytes(5_242_880)).toBe("5.0 MB");
  });
});
