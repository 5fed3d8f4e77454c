import { spawn } from "node:child_process";
import { stat } from "node:fs/promises";
import { type AudioPiece, MAX_UPLOAD_BYTES } from "./transcriber";

/**
 * A recording made ready for speech to text: re-encoded to mono 16 kHz MP3 at 32 kbit/s (what
 * speech models hear at, about 14 MB an hour) and cut into pieces of at most PIECE_SECONDS, each
 * well under the API's 25 MB, with its offset in the whole so the timings can be stitched.
 * ffmpeg comes from the @ffmpeg-installer package (a binary per platform from the npm registry),
 * so `npm install` sets it up on a fresh machine.
 */

/** Longest piece sent in one request: ten minutes is about 2.4 MB at this bitrate. */
export const PIECE_SECONDS = 600;
/** Longest recording taken: a long workshop or lecture, not a day of footage. */
export const MAX_AUDIO_SECONDS = 4 * 60 * 60;
/** Longest one ffmpeg run may take before it is stopped. */
const FFMPEG_TIMEOUT_MS = 5 * 60_000;
// What ffmpeg may say on stderr that we keep: its last lines name the problem.
const MAX_STDERR = 16 * 1024;

export class AudioError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AudioError";
  }
}

let ffmpegPath: string | undefined;
/** The ffmpeg binary the installer package ships for this platform (loaded on first use). */
async function ffmpeg(): Promise<string> {
  if (!ffmpegPath) {
    const installer = (await import("@ffmpeg-installer/ffmpeg")) as { default?: { path: string }; path?: string };
    ffmpegPath = installer.default?.path ?? installer.path;
    if (!ffmpegPath) throw new AudioError("ffmpeg is not installed for this platform.");
  }
  return ffmpegPath;
}

/** Runs ffmpeg with `args`; answers its stdout and stderr (stdout capped at `maxBytes`). */
async function run(args: string[], maxBytes: number): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  const binary = await ffmpeg();
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["-hide_banner", "-nostdin", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), FFMPEG_TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) child.kill("SIGKILL");
      else chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-MAX_STDERR);
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new AudioError("ffmpeg could not be started.", { cause: error }));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (size > maxBytes) reject(new AudioError("A piece of the recording came out larger than expected."));
      else resolve({ code: code ?? -1, stdout: Buffer.concat(chunks), stderr });
    });
  });
}

/** The recording's length in seconds, as ffmpeg reads it from the container ("Duration: 00:01:02.50"). */
export async function audioSeconds(path: string): Promise<number> {
  // ffmpeg with no output file exits 1 after printing what it found: that is the probe.
  const { stderr } = await run(["-i", path], 0);
  const m = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!m) throw new AudioError("The file has no audio we can read.");
  const seconds = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  if (!/Stream #\S+: Audio/.test(stderr)) throw new AudioError("The file has no audio track.");
  return seconds;
}

/** The recording at `path` as pieces for speech to text, in order. */
export async function audioPieces(path: string, pieceSeconds = PIECE_SECONDS): Promise<AudioPiece[]> {
  await stat(path);
  const total = await audioSeconds(path);
  if (total <= 0) throw new AudioError("The recording is empty.");
  if (total > MAX_AUDIO_SECONDS) {
    throw new AudioError(`The recording is longer than ${MAX_AUDIO_SECONDS / 3600} hours, the most we transcribe.`);
  }
  const pieces: AudioPiece[] = [];
  for (let start = 0; start < total; start += pieceSeconds) {
    const { code, stdout, stderr } = await run(
      [
        "-ss",
        String(start),
        "-t",
        String(pieceSeconds),
        "-i",
        path,
        "-vn",
        "-ac",
        "1",
        "-ar",
        "16000",
        "-c:a",
        "libmp3lame",
        "-b:a",
        "32k",
        "-f",
        "mp3",
        "pipe:1",
      ],
      MAX_UPLOAD_BYTES,
    );
    if (code !== 0 || stdout.length === 0) {
      throw new AudioError("The recording could not be read.", {
        cause: new Error(stderr.split("\n").slice(-3).join(" ")),
      });
    }
    pieces.push({
      bytes: stdout,
      fileName: `piece-${pieces.length + 1}.mp3`,
      mimeType: "audio/mpeg",
      offsetSeconds: start,
    });
  }
  return pieces;
}
