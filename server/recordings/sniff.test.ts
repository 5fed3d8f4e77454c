import { describe, expect, it } from "vitest";
import { sniffRecording } from "./sniff";
import { makeWav, SPOKEN_MP3 } from "./test-helpers";

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(`ftyp${brand}`, "latin1"), Buffer.alloc(20)]);

describe("sniffRecording", () => {
  it("tells each kind by its first bytes", () => {
    expect(sniffRecording(SPOKEN_MP3.subarray(0, 64 * 1024))).toBe("mp3");
    expect(sniffRecording(makeWav(0.1))).toBe("wav");
    expect(sniffRecording(Buffer.concat([Buffer.from("OggS"), Buffer.alloc(40)]))).toBe("ogg");
    expect(sniffRecording(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(40)]))).toBe("webm");
    expect(sniffRecording(ftyp("qt  "))).toBe("mov");
    expect(sniffRecording(ftyp("M4A "))).toBe("m4a");
    expect(sniffRecording(ftyp("isom"))).toBe("mp4");
    // A bare MPEG stream: MPEG-1 layer III, 128 kbit/s, 44.1 kHz, after a few zero bytes.
    expect(
      sniffRecording(Buffer.concat([Buffer.alloc(3), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(40)])),
    ).toBe("mp3");
  });

  it("refuses what is not a recording, whatever it is called", () => {
    expect(sniffRecording(Buffer.from("This is only text, renamed to .mp3 by someone."))).toBeNull();
    expect(sniffRecording(Buffer.from("%PDF-1.7\n"))).toBeNull();
    expect(sniffRecording(Buffer.from("RIFF\0\0\0\0AVI LIST"))).toBeNull();
    expect(sniffRecording(Buffer.alloc(0))).toBeNull();
    expect(sniffRecording(Buffer.alloc(10_000))).toBeNull();
    // Frame sync with a reserved version, or a bad bitrate: not a frame.
    expect(sniffRecording(Buffer.concat([Buffer.from([0xff, 0xeb, 0x90, 0x64]), Buffer.alloc(40)]))).toBeNull();
    expect(sniffRecording(Buffer.concat([Buffer.from([0xff, 0xfb, 0xf0, 0x64]), Buffer.alloc(40)]))).toBeNull();
  });
});
