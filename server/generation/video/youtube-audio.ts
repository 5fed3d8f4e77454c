import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { AudioError, MAX_AUDIO_SECONDS } from "../../sources/speech/audio-pieces";
import { YouTubeRefusedError } from "../types";

/**
 * A YouTube video's audio-only stream, downloaded to a temporary file for speech to text when
 * the video has no captions. The caps are said up front and checked twice: before the download
 * (the duration and size YouTube states) and while it runs (bytes actually received).
 */

/** Longest video heard: the same four hours an uploaded recording may last. */
export const YOUTUBE_AUDIO_MAX_SECONDS = MAX_AUDIO_SECONDS;
/**
 * Largest audio stream downloaded. The leanest audio-only format is chosen (Opus or AAC near
 * 50-130 kbit/s), so four hours come to roughly 90-230 MB.
 */
export const YOUTUBE_AUDIO_MAX_BYTES = 256 * 1024 * 1024;
/** googlevideo throttles one long request; ranged requests of this size come at full speed. */
export const AUDIO_CHUNK_BYTES = 10 * 1024 * 1024;

export interface AudioDownloadOptions {
  fetch: typeof fetch;
  maxBytes?: number;
  chunkBytes?: number;
  /** Folder for the temporary file (default: the system's temporary folder). */
  dir?: string;
  /** The length YouTube states for the stream, when it states one. */
  contentLength?: number;
}

/**
 * Streams `url` to a new temporary file in ranged pieces (YouTube's `range=` parameter) and
 * answers its path. Above `maxBytes` the download stops and the file is deleted; a refusal
 * (403, 429, a 5xx) is a YouTubeRefusedError; nothing half-written is left behind.
 */
export async function downloadAudioStream(url: string, options: AudioDownloadOptions): Promise<string> {
  const maxBytes = options.maxBytes ?? YOUTUBE_AUDIO_MAX_BYTES;
  const chunkBytes = options.chunkBytes ?? AUDIO_CHUNK_BYTES;
  if (options.contentLength !== undefined && options.contentLength > maxBytes) throw tooLarge(maxBytes);
  const dir = options.dir ?? join(tmpdir(), "vidscribe-audio");
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.audio`);
  const file = createWriteStream(path);
  const closed = new Promise<void>((resolve, reject) => {
    file.on("close", resolve);
    file.on("error", reject);
  });
  let received = 0;
  try {
    for (;;) {
      const end = received + chunkBytes - 1;
      const response = await options.fetch(withRange(url, received, end), { method: "GET" });
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => {});
        throw new YouTubeRefusedError(`YouTube refused the audio stream (HTTP ${response.status})`);
      }
      let got = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        got += chunk.length;
        received += chunk.length;
        if (received > maxBytes) throw tooLarge(maxBytes);
        if (!file.write(chunk)) await new Promise<void>((resolve) => file.once("drain", () => resolve()));
      }
      // A piece shorter than asked is the last one (or the stated length is reached).
      if (got < chunkBytes || (options.contentLength !== undefined && received >= options.contentLength)) break;
    }
    if (received === 0) throw new YouTubeRefusedError("YouTube sent an empty audio stream");
    file.end();
    await closed;
    return path;
  } catch (error) {
    file.destroy();
    await closed.catch(() => {});
    await rm(path, { force: true });
    throw error;
  }
}

function withRange(url: string, start: number, end: number): string {
  const next = new URL(url);
  next.searchParams.set("range", `${start}-${end}`);
  return next.toString();
}

function tooLarge(maxBytes: number): AudioError {
  return new AudioError(`its audio is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`);
}

/** The refusal for a video longer than speech to text takes, before anything is downloaded. */
export function checkAudioDuration(seconds: number | undefined): void {
  if (seconds !== undefined && seconds > YOUTUBE_AUDIO_MAX_SECONDS) {
    throw new AudioError(`the video is longer than ${YOUTUBE_AUDIO_MAX_SECONDS / 3600} hours.`);
  }
}

// ---------------------------------------------------------------------------------------------
// Deciphering stream URLs
// ---------------------------------------------------------------------------------------------

/** How long YouTube's extracted player functions may run: they take milliseconds. */
const PLAYER_SCRIPT_TIMEOUT_MS = 2_000;

/**
 * youtubei.js extracts from YouTube's player the few functions that unscramble a stream URL's
 * signature and `n` parameter, and leaves running them to the host. They run here in a fresh
 * V8 context with a time limit, given only the URL helpers they use: the script ends by
 * returning `process(n, sp, sig)`'s answer.
 */
export function evaluatePlayerScript(
  data: { output: string },
  timeoutMs = PLAYER_SCRIPT_TIMEOUT_MS,
): Record<string, unknown> {
  const sandbox = { URL, URLSearchParams, TextEncoder, TextDecoder, atob, btoa };
  const result = runInNewContext(`(function () {\n${data.output}\n})()`, sandbox, {
    timeout: timeoutMs,
  });
  if (typeof result !== "object" || result === null) throw new Error("The player script gave no answer");
  return result as Record<string, unknown>;
}

let evaluatorInstalled = false;
/** Gives youtubei.js the evaluator above (its default refuses to decipher). */
export async function installPlayerEvaluator(): Promise<void> {
  if (evaluatorInstalled) return;
  const { Platform } = await import("youtubei.js");
  Platform.shim.eval = (data) => evaluatePlayerScript(data);
  evaluatorInstalled = true;
}
