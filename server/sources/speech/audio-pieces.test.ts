import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AudioError, audioPieces, audioSeconds } from "./audio-pieces";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "vidscribe-audio-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A tone of `seconds` as a stereo 44.1 kHz WAV file, made with the same ffmpeg. */
function tone(name: string, seconds: number): string {
  const path = join(dir, name);
  const made = spawnSync(ffmpegInstaller.path, [
    "-hide_banner",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=440:duration=${seconds}`,
    "-ac",
    "2",
    "-ar",
    "44100",
    path,
  ]);
  expect(made.status).toBe(0);
  return path;
}

describe("a recording made ready for speech to text", () => {
  it("reads its length and cuts it into pieces with their offsets, each a small mono MP3", async () => {
    const path = tone("tone.wav", 25);
    expect(await audioSeconds(path)).toBeCloseTo(25, 0);
    const pieces = await audioPieces(path, 10);
    expect(pieces.map((p) => p.offsetSeconds)).toEqual([0, 10, 20]);
    for (const piece of pieces) {
      expect(piece.mimeType).toBe("audio/mpeg");
      expect(piece.fileName).toMatch(/\.mp3$/);
      // An MP3 frame sync (or an ID3 tag) opens each piece; 10 s at 32 kbit/s is about 40 kB.
      const head = Buffer.from(piece.bytes.subarray(0, 3));
      expect(head.toString("latin1") === "ID3" || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0)).toBe(true);
      expect(piece.bytes.byteLength).toBeLessThan(60_000);
    }
    // The original WAV is about 4.4 MB: the pieces together are a small fraction of it.
    expect(pieces.reduce((n, p) => n + p.bytes.byteLength, 0)).toBeLessThan(150_000);
  });

  it("refuses a file that holds no audio, with a sentence a person can read", async () => {
    const path = join(dir, "notes.mp3");
    writeFileSync(path, "these are not sounds");
    const error = await audioPieces(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioError);
    expect((error as Error).message).toMatch(/no audio we can read|could not be read/);
  });
});
