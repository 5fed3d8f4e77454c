import { z } from "zod";
import type { TranscriptSegment } from "../../generation/types";
import { retryAfterMs } from "../../lib/retry-after";

/**
 * Speech to text through any OpenAI-compatible transcription API (OpenAI, Groq,
 * faster-whisper-server, whisper.cpp's server, LocalAI): `POST {base}/audio/transcriptions`,
 * multipart, `response_format=verbose_json` for timed segments. 429, 5xx, timeouts and network
 * failures are retried with exponential backoff (Retry-After honoured); any other 4xx fails at
 * once with the service's own reason, since sending the same audio again would fail the same way.
 */

/** The most one request may carry: OpenAI's limit, which the compatible servers copy. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export interface SpeechToTextOptions {
  /** The API's base, e.g. https://api.openai.com/v1 (the path /audio/transcriptions is added). */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Longest one request may take, in ms (a long recording takes a while to transcribe). */
  timeoutMs?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  retryBaseDelayMs?: number;
  /** A Retry-After longer than this is not waited out: the piece fails at once. */
  maxRetryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** One piece of audio: its bytes, a file name with the right extension, and where it starts in the whole. */
export interface AudioPiece {
  bytes: Uint8Array;
  fileName: string;
  mimeType: string;
  /** Seconds from the start of the whole recording to the start of this piece. */
  offsetSeconds: number;
}

export interface SpokenText {
  /** The language the service heard (its code or its English name, as it says), or null. */
  language: string | null;
  segments: TranscriptSegment[];
}

export interface SpeechToText {
  /** Transcribes the pieces of one recording in order, their timings stitched onto one clock. */
  transcribe(pieces: readonly AudioPiece[], options?: { language?: string }): Promise<SpokenText>;
}

/** Why speech to text could not give words; `message` is fit to show a person. */
export class SpeechToTextError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SpeechToTextError";
  }
}

export const NOT_ANSWERING = "Speech recognition is not answering right now. Please try again in a few minutes.";

// What the services answer with verbose_json; only what we read is checked.
const verboseJson = z.object({
  text: z.string(),
  language: z.string().nullish(),
  duration: z.number().nullish(),
  segments: z.array(z.object({ start: z.number().min(0), end: z.number().min(0), text: z.string() })).nullish(),
});

const errorBody = z.object({ error: z.object({ message: z.string() }).or(z.string()) });

export function createSpeechToText(options: SpeechToTextOptions): SpeechToText {
  const settings = {
    timeoutMs: 10 * 60_000,
    maxRetries: 3,
    retryBaseDelayMs: 1_000,
    maxRetryDelayMs: 60_000,
    sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    ...options,
  };
  const url = `${settings.baseUrl.replace(/\/+$/, "")}/audio/transcriptions`;

  async function once(piece: AudioPiece, language: string | undefined): Promise<z.infer<typeof verboseJson>> {
    const form = new FormData();
    // A copy into a plain ArrayBuffer, which Blob takes whatever buffer the bytes came in.
    form.append("file", new Blob([new Uint8Array(piece.bytes)], { type: piece.mimeType }), piece.fileName);
    form.append("model", settings.model);
    form.append("response_format", "verbose_json");
    form.append("timestamp_granularities[]", "segment");
    if (language) form.append("language", language);
    const response = await fetch(url, {
      method: "POST",
      headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
      body: form,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok)
      throw new HttpFailure(
        response.status,
        reasonIn(text),
        retryAfterMs((name) => response.headers.get(name)),
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HttpFailure(502, "the answer was not JSON");
    }
    const result = verboseJson.safeParse(parsed);
    if (!result.success) throw new HttpFailure(502, "the answer had no text");
    return result.data;
  }

  async function piece(p: AudioPiece, language: string | undefined): Promise<SpokenText> {
    if (p.bytes.byteLength > MAX_UPLOAD_BYTES) {
      throw new SpeechToTextError("A piece of the recording is larger than speech recognition accepts (25 MB).", false);
    }
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await once(p, language);
        return { language: answer.language ?? null, segments: toSegments(answer, p.offsetSeconds) };
      } catch (error) {
        const failure = classify(error, settings.apiKey);
        if (!failure.retryable) throw new SpeechToTextError(failure.message, false, { cause: error });
        const waitMs =
          failure.retryAfterMs ?? Math.min(settings.retryBaseDelayMs * 2 ** attempt, settings.maxRetryDelayMs);
        if (attempt >= settings.maxRetries || waitMs > settings.maxRetryDelayMs) {
          throw new SpeechToTextError(NOT_ANSWERING, true, { cause: error });
        }
        await settings.sleep(waitMs);
      }
    }
  }

  return {
    async transcribe(pieces, { language } = {}) {
      const segments: TranscriptSegment[] = [];
      let heard: string | null = null;
      // One at a time: the pieces of one recording share the service's rate limit.
      for (const p of pieces) {
        const got = await piece(p, language);
        heard ??= got.language;
        segments.push(...got.segments);
      }
      return { language: heard, segments };
    },
  };
}

/** The answer's segments on the whole recording's clock; the whole text as one segment when it has none. */
export function toSegments(answer: z.infer<typeof verboseJson>, offsetSeconds: number): TranscriptSegment[] {
  const segments = answer.segments?.length
    ? answer.segments
    : [{ start: 0, end: answer.duration ?? 0, text: answer.text }];
  return segments
    .map((s) => ({
      start: round(offsetSeconds + s.start),
      duration: round(Math.max(0, s.end - s.start)),
      text: s.text.replace(/\s+/g, " ").trim(),
    }))
    .filter((s) => s.text.length > 0);
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly retryAfterMs?: number,
  ) {
    super(`speech to text answered ${status}: ${reason}`);
  }
}

type Failure = { retryable: true; retryAfterMs?: number } | { retryable: false; message: string };

function classify(error: unknown, apiKey: string | undefined): Failure {
  if (error instanceof HttpFailure) {
    if (error.status === 429 || error.status >= 500 || error.status === 408) {
      return { retryable: true, retryAfterMs: error.retryAfterMs };
    }
    if (error.status === 401 || error.status === 403) {
      return { retryable: false, message: "Speech recognition refused the request: its API key was not accepted." };
    }
    if (error.status === 413) {
      return { retryable: false, message: "Speech recognition refused the recording: it was too large." };
    }
    const reason = (apiKey ? error.reason.split(apiKey).join("***") : error.reason).slice(0, 200);
    return {
      retryable: false,
      message: `Speech recognition refused the recording: ${reason || `status ${error.status}`}`,
    };
  }
  // Timeouts and network failures: the service may answer next time.
  return { retryable: true };
}

/** The service's own reason from an error body (`{ error: { message } }` or `{ error: "…" }`), else its text. */
function reasonIn(text: string): string {
  try {
    const body = errorBody.safeParse(JSON.parse(text));
    if (body.success) return typeof body.data.error === "string" ? body.data.error : body.data.error.message;
  } catch {
    // Not JSON: the text is the reason.
  }
  return text.replace(/\s+/g, " ").trim().slice(0, 200);
}
