import type { RecordingKind } from "../../contract/recordings";

/** How many first bytes the sniff is given: enough to skip an ID3 tag's usual size and find a frame. */
export const SNIFF_BYTES = 64 * 1024;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString("latin1");

/**
 * What a file is by its first bytes, not its name: a text file renamed .mp3 is nothing. The
 * checks are fixed offsets and one bounded scan (no regular expression over the bytes). The
 * kind is loose where containers overlap (mp4, m4a and mov are one family); ffmpeg has the last
 * word when it reads the duration.
 */
export function sniffRecording(head: Buffer): RecordingKind | null {
  if (head.length < 12) return mpegFrameAt(head, 0) ? "mp3" : null;
  if (ascii(head, 0, 3) === "ID3") return "mp3";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WAVE") return "wav";
  if (ascii(head, 0, 4) === "OggS") return "ogg";
  if (head.readUInt32BE(0) === 0x1a45dfa3) return "webm";
  if (ascii(head, 4, 8) === "ftyp") return isoKind(ascii(head, 8, 12));
  // A bare MPEG audio stream starts with a frame (some encoders put a few zero bytes first).
  return firstFrame(head) ? "mp3" : null;
}

/** The ISO media brand: QuickTime is mov, Apple's audio brands are m4a, the rest mp4. */
function isoKind(brand: string): RecordingKind {
  if (brand === "qt  ") return "mov";
  if (brand.startsWith("M4A") || brand.startsWith("M4B") || brand === "F4A ") return "m4a";
  return "mp4";
}

/** An MPEG audio frame header: 11 set sync bits, a known version and layer, a usable bitrate and rate. */
function mpegFrameAt(bytes: Buffer, at: number): boolean {
  if (at + 4 > bytes.length) return false;
  if (bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0) return false;
  const version = (bytes[at + 1] >> 3) & 0x03;
  const layer = (bytes[at + 1] >> 1) & 0x03;
  const bitrate = bytes[at + 2] >> 4;
  const rate = (bytes[at + 2] >> 2) & 0x03;
  return version !== 1 && layer !== 0 && bitrate !== 0x0f && rate !== 0x03;
}

// Leading zero bytes some encoders leave before the first frame; a file of text has none.
const MAX_LEADING_ZEROS = 4096;

function firstFrame(head: Buffer): boolean {
  let at = 0;
  while (at < head.length && at < MAX_LEADING_ZEROS && head[at] === 0) at += 1;
  return mpegFrameAt(head, at);
}
