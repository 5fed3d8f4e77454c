import { z } from "zod";

/**
 * Your own recording: an audio or video file sent from the browser straight to storage, in parts
 * when it is large, and then heard by speech to text (issue 16). The same protocol serves local
 * storage and S3: the server hands out one signed URL per part; the browser PUTs each part there
 * and keeps the ETag header the answer carries; "complete" checks what arrived.
 *
 *   GET    /api/recordings/limits                  { canHear, maxBytes }: offered at all, and how large
 *   POST   /api/recordings                         start: { fileName, size, contentType } → plan
 *   GET    /api/recordings/{id}/parts              parts already stored (to resume)
 *   POST   /api/recordings/{id}/parts/{partNumber} a signed URL for one part
 *   POST   /api/recordings/{id}/complete           { parts: [{ partNumber, etag }] } → the recording
 *   DELETE /api/recordings/{id}                    abort: everything stored so far is removed
 */

/** File kinds a recording may be (checked by content on completion, not by name). */
export const RECORDING_EXTENSIONS = ["mp3", "m4a", "wav", "ogg", "webm", "mp4", "mov"] as const;
export type RecordingKind = (typeof RECORDING_EXTENSIONS)[number];
/** The file input's accept attribute. */
export const RECORDING_ACCEPT =
  ".mp3,.m4a,.wav,.ogg,.webm,.mp4,.mov,audio/mpeg,audio/mp4,audio/x-m4a,audio/wav,audio/x-wav,audio/ogg,audio/webm,video/webm,video/mp4,video/quicktime";

/** The uploader's rules (spec section 9, Uploader defaults; section 8 for retries). */
export const UPLOADER = {
  /** Files above this go in parts (the server decides; RECORDING_MULTIPART_ABOVE). */
  multipartAboveBytes: 100 * 1024 * 1024,
  minPartBytes: 5 * 1024 * 1024,
  maxParts: 10_000,
  concurrency: 6,
  retryDelaysMs: [0, 1000, 3000, 5000],
} as const;

/** Statuses a part PUT is retried on: 408, 409, 429, 418, 423 and 5xx other than 501 and 505. */
export function isRetryableStatus(status: number): boolean {
  if ([408, 409, 418, 423, 429].includes(status)) return true;
  return status >= 500 && status <= 599 && status !== 501 && status !== 505;
}

/** The uploader's messages (spec section 8). */
export const UPLOADER_MESSAGES = {
  unauthorized: "Authorization required",
  expired: "Request has expired",
  non2xx: "Non 2xx",
  unknown: "Unknown error",
  socketClosed: "Socket closed unexpectedly",
} as const;

/** Recording ids are UUIDs the server chose. */
export const recordingId = z.uuid({ error: "No such recording" });

export const startRecordingRequest = z.object(
  {
    fileName: z
      .string({ error: "fileName is required" })
      .trim()
      .min(1, { error: "fileName is required" })
      .max(255, { error: "fileName must be at most 255 characters" }),
    size: z
      .number({ error: "size must be the file's size in bytes" })
      .int({ error: "size must be the file's size in bytes" })
      .min(0, { error: "size must be the file's size in bytes" }),
    contentType: z.string().max(255, { error: "contentType is too long" }).optional(),
  },
  { error: "Request body must be a JSON object" },
);
export type StartRecordingRequest = z.infer<typeof startRecordingRequest>;

/** How the file is to be sent: partCount parts of partSize bytes (the last may be shorter). */
export const recordingPlan = z.object({
  recordingId: z.string(),
  multipart: z.boolean(),
  partSize: z.number().int(),
  partCount: z.number().int(),
  /** The largest file the server takes (RECORDING_MAX_BYTES). */
  maxBytes: z.number().int(),
});
export type RecordingPlan = z.infer<typeof recordingPlan>;

/**
 * GET /api/recordings/limits: whether this server can write from a recording at all (speech to
 * text is set up) and the largest file it takes, so the dialog offers and describes it truly.
 */
export const recordingLimitsResponse = z.object({ canHear: z.boolean(), maxBytes: z.number().int() });
export type RecordingLimits = z.infer<typeof recordingLimitsResponse>;

export const storedPart = z.object({ partNumber: z.number().int(), size: z.number().int(), etag: z.string() });
export const recordingPartsResponse = z.object({ parts: z.array(storedPart) });
export type RecordingPartsResponse = z.infer<typeof recordingPartsResponse>;

/** Where to PUT one part (the part's bytes as the whole body) until expiresAt. */
export const partUrlResponse = z.object({ url: z.string(), expiresAt: z.string() });
export type PartUrlResponse = z.infer<typeof partUrlResponse>;

export const completeRecordingRequest = z.object(
  {
    parts: z
      .array(
        z.object({
          partNumber: z.number().int().min(1).max(UPLOADER.maxParts),
          etag: z.string().min(1).max(200),
        }),
        { error: "parts must list each part's number and ETag" },
      )
      .min(1, { error: "parts must list each part's number and ETag" })
      .max(UPLOADER.maxParts, { error: `At most ${UPLOADER.maxParts} parts` }),
  },
  { error: "Request body must be a JSON object" },
);
export type CompleteRecordingRequest = z.infer<typeof completeRecordingRequest>;

/** A recording stored whole and checked: ready to be written from. */
export const recordingResponse = z.object({
  recordingId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  kind: z.enum(RECORDING_EXTENSIONS),
  durationSeconds: z.number(),
});
export type RecordingResponse = z.infer<typeof recordingResponse>;

/** Clear refusals (4xx) the server gives; the uploader shows them as they are. */
export const RECORDING_ERRORS = {
  empty: "The file is empty. Please choose a recording with sound in it.",
  tooBig: (maxBytes: number) =>
    `The file is larger than ${formatBytes(maxBytes)}. Please choose a shorter recording or compress it.`,
  wrongType: "This file is not an audio or video recording we can read (mp3, m4a, wav, ogg, webm, mp4 or mov).",
  tooLong: (maxSeconds: number) => `The recording is longer than ${Math.round(maxSeconds / 3600)} hours.`,
  noSpeechToText:
    "Speech to text is not set up on this server, so a recording cannot be written from. Paste a transcript instead.",
  notFound: "No such recording",
  incomplete: "Some parts of the file have not arrived yet. Please resume the upload.",
  sizeMismatch: "The parts that arrived do not add up to the file's size. Please upload it again.",
  notReady: "That recording has not finished uploading.",
  /** A part number outside the plan (1 to partCount). */
  wrongPart: "That part is not in the recording's plan. Please start the upload again.",
  /** A part PUT whose body is not the planned part's size. */
  partSize: (expectedBytes: number) =>
    `This part must be exactly ${expectedBytes} bytes, as planned. Please resume the upload.`,
  /** Parts asked for, or sent, after the recording was completed. */
  finished: "That recording has already been uploaded.",
  /** A part URL that is forged, or names a recording that is gone or not the signer's. */
  invalidLink: "This upload link is not valid. Please resume the upload.",
} as const;

export function formatBytes(bytes: number): string {
  const gib = bytes / 1024 ** 3;
  if (gib >= 1) return `${Number.isInteger(gib) ? gib : gib.toFixed(1)} GB`;
  const mib = bytes / 1024 ** 2;
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MB`;
}
