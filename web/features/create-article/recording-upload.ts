import {
  isRetryableStatus,
  type PartUrlResponse,
  partUrlResponse,
  type RecordingPlan,
  type RecordingResponse,
  recordingPartsResponse,
  recordingPlan,
  recordingResponse,
  type StartRecordingRequest,
  UPLOADER,
  UPLOADER_MESSAGES,
} from "@contract/recordings";
import { ApiError, errorFromResponse, messageInBody } from "@/lib/api";

/*
 * Your own recording, sent from the browser straight to storage by the protocol in
 * contract/recordings.ts. Framework-free: the dialog drives it, and the tests drive it with a fake
 * transport, storage and clock.
 */

export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
  /** A moving average over the last few seconds; 0 until there is something to measure. */
  bytesPerSecond: number;
  /** null until the speed is known. */
  secondsLeft: number | null;
}

export interface PartPutRequest {
  url: string;
  body: Blob;
  signal: AbortSignal;
  /** Bytes of this part sent so far (it starts again from 0 on a retry). */
  onProgress: (sentBytes: number) => void;
}

/** What the storage answered to one part's PUT (any status: the uploader decides what it means). */
export interface PartPutResult {
  status: number;
  etag: string | null;
  body: string;
}

/** PUTs one part; rejects with PartNetworkError when no answer came, with an AbortError when aborted. */
export type SendPart = (request: PartPutRequest) => Promise<PartPutResult>;

/** The resume keys' home: localStorage in the browser. */
export type ResumeStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface UploadRecordingOptions {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** For the API's JSON routes (same origin, with the session cookie). */
  fetchImpl?: typeof fetch;
  sendPart?: SendPart;
  storage?: ResumeStorage | null;
  /** Waits between retries; rejects when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

/** A recording file: a File, or any Blob with a name (the tests' kind). */
export type RecordingFile = Blob & { name: string; lastModified?: number };

/** No answer came for a part's PUT: the connection failed or closed. Retried like a 5xx. */
export class PartNetworkError extends Error {
  constructor(message: string = UPLOADER_MESSAGES.unknown) {
    super(message);
    this.name = "PartNetworkError";
  }
}

const abortError = () => new DOMException("The upload was cancelled.", "AbortError");
export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/**
 * The resume key: the same file chosen again (same name, size and modification time) continues
 * the upload it started instead of sending every part again.
 */
export function resumeKeyOf(file: RecordingFile): string {
  return `recording-upload:${file.name}:${file.size}:${file.lastModified ?? 0}`;
}

function readResume(storage: ResumeStorage | null, key: string): RecordingPlan | null {
  try {
    const parsed = recordingPlan.safeParse(JSON.parse(storage?.getItem(key) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// Storage may be full or refused (private windows): resuming is a nicety, never a failure.
function writeResume(storage: ResumeStorage | null, key: string, plan: RecordingPlan | null) {
  try {
    if (plan) storage?.setItem(key, JSON.stringify(plan));
    else storage?.removeItem(key);
  } catch {
    // nothing to do
  }
}

function defaultStorage(): ResumeStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}

function partRefusal({ status, body }: PartPutResult): ApiError {
  const fallback =
    status === 401
      ? UPLOADER_MESSAGES.unauthorized
      : status === 403
        ? UPLOADER_MESSAGES.expired
        : UPLOADER_MESSAGES.non2xx;
  return new ApiError(status, messageInBody(body) ?? fallback);
}

/**
 * PUTs a part with XMLHttpRequest, whose upload events report progress (fetch offers none). No
 * credentials: the signed URL carries its own authority.
 */
export const xhrSendPart: SendPart = ({ url, body, signal, onProgress }) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    let sentAny = false;
    xhr.open("PUT", url);
    xhr.upload.onprogress = (event) => {
      sentAny = event.loaded > 0;
      onProgress(event.loaded);
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, etag: xhr.getResponseHeader("ETag"), body: String(xhr.responseText ?? "") });
    // A connection that drops after bytes went out closed under us; before, we cannot tell why.
    xhr.onerror = () =>
      reject(new PartNetworkError(sentAny ? UPLOADER_MESSAGES.socketClosed : UPLOADER_MESSAGES.unknown));
    xhr.ontimeout = () => reject(new PartNetworkError(UPLOADER_MESSAGES.socketClosed));
    xhr.onabort = () => reject(abortError());
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });

/** Speed over the last few seconds, so a pause or a burst does not swing the estimate. */
const SPEED_WINDOW_MS = 5000;

class ProgressMeter {
  private readonly inFlight = new Map<number, number>();
  private readonly samples: Array<{ at: number; sent: number }> = [];
  constructor(
    private readonly totalBytes: number,
    private storedBytes: number,
    private readonly now: () => number,
    private readonly report?: (progress: UploadProgress) => void,
  ) {}

  /** Bytes of one part sent so far; a retried part starts again from 0, so it is never counted twice. */
  setPart(partNumber: number, sentBytes: number) {
    this.inFlight.set(partNumber, sentBytes);
    this.emit();
  }

  partDone(partNumber: number, size: number) {
    this.inFlight.delete(partNumber);
    this.storedBytes += size;
    this.emit();
  }

  emit() {
    let sent = this.storedBytes;
    for (const bytes of this.inFlight.values()) sent += bytes;
    sent = Math.min(sent, this.totalBytes);
    const at = this.now();
    this.samples.push({ at, sent });
    while (this.samples.length > 2 && at - this.samples[0].at > SPEED_WINDOW_MS) this.samples.shift();
    const first = this.samples[0];
    const elapsed = (at - first.at) / 1000;
    const bytesPerSecond = elapsed > 0 ? Math.max(0, (sent - first.sent) / elapsed) : 0;
    this.report?.({
      sentBytes: sent,
      totalBytes: this.totalBytes,
      bytesPerSecond,
      secondsLeft: bytesPerSecond > 0 ? (this.totalBytes - sent) / bytesPerSecond : null,
    });
  }
}

/**
 * Uploads a recording: resumes the upload this file started before when the server still has it,
 * else starts one; sends the missing parts (UPLOADER.concurrency at a time, each retried by the
 * contract's rules); completes it and answers the checked recording. Aborting the signal stops
 * every request and deletes what the server has stored; any other failure keeps it, so the same
 * file chosen again resumes.
 */
export async function uploadRecording(
  file: RecordingFile,
  options: UploadRecordingOptions = {},
): Promise<RecordingResponse> {
  const {
    signal: outerSignal,
    fetchImpl = (...args) => fetch(...args),
    sendPart = xhrSendPart,
    storage = defaultStorage(),
    sleep = defaultSleep,
    now = () => Date.now(),
  } = options;
  // Our own controller: one part failing for good stops the others too.
  const controller = new AbortController();
  const stopAll = () => controller.abort();
  if (outerSignal?.aborted) throw abortError();
  outerSignal?.addEventListener("abort", stopAll, { once: true });
  const signal = controller.signal;
  const cancelled = () => outerSignal?.aborted === true;

  const api = async (method: string, path: string, body?: unknown, { withSignal = true } = {}) => {
    const response = await fetchImpl(path, {
      method,
      credentials: "include",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: withSignal ? signal : undefined,
    });
    if (!response.ok) throw await errorFromResponse(response);
    return response;
  };

  const key = resumeKeyOf(file);
  let plan = readResume(storage, key);
  try {
    const stored = new Map<number, string>();
    if (plan) {
      try {
        const { parts } = recordingPartsResponse.parse(
          await (await api("GET", `/api/recordings/${plan.recordingId}/parts`)).json(),
        );
        for (const part of parts) {
          if (part.size === expectedPartSize(plan, file.size, part.partNumber)) stored.set(part.partNumber, part.etag);
        }
      } catch (error) {
        // The server no longer has it (completed, deleted or expired): start over.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        writeResume(storage, key, null);
        plan = null;
      }
    }
    if (!plan) {
      const start: StartRecordingRequest = {
        fileName: file.name,
        size: file.size,
        ...(file.type ? { contentType: file.type } : {}),
      };
      // Not cut short by a cancel: once the server has made the upload, a cancel must delete it.
      plan = recordingPlan.parse(await (await api("POST", "/api/recordings", start, { withSignal: false })).json());
      writeResume(storage, key, plan);
      if (signal.aborted) throw abortError();
    }
    const current = plan;

    let storedBytes = 0;
    for (const partNumber of stored.keys()) storedBytes += expectedPartSize(current, file.size, partNumber);
    const meter = new ProgressMeter(file.size, storedBytes, now, options.onProgress);
    meter.emit();

    const partUrl = async (partNumber: number): Promise<PartUrlResponse> =>
      partUrlResponse.parse(
        await (await api("POST", `/api/recordings/${current.recordingId}/parts/${partNumber}`)).json(),
      );

    const sendOnePart = async (partNumber: number): Promise<string> => {
      const offset = (partNumber - 1) * current.partSize;
      const size = expectedPartSize(current, file.size, partNumber);
      const body = file.slice(offset, offset + size);
      let url = (await partUrl(partNumber)).url;
      let failures = 0;
      let freshUrlTried = false;
      for (;;) {
        let failure: Error;
        try {
          const answer = await sendPart({
            url,
            body,
            signal,
            onProgress: (sent) => meter.setPart(partNumber, Math.min(sent, size)),
          });
          if (answer.status >= 200 && answer.status < 300) {
            if (!answer.etag) throw new ApiError(answer.status, UPLOADER_MESSAGES.non2xx);
            meter.partDone(partNumber, size);
            return answer.etag;
          }
          meter.setPart(partNumber, 0);
          // A signed URL that has expired: a fresh one, once.
          if (answer.status === 403 && !freshUrlTried) {
            freshUrlTried = true;
            url = (await partUrl(partNumber)).url;
            continue;
          }
          if (!isRetryableStatus(answer.status)) throw partRefusal(answer);
          failure = partRefusal(answer);
        } catch (error) {
          if (!(error instanceof PartNetworkError) || signal.aborted) throw error;
          meter.setPart(partNumber, 0);
          failure = error;
        }
        if (failures >= UPLOADER.retryDelaysMs.length) throw failure;
        await sleep(UPLOADER.retryDelaysMs[failures], signal);
        failures += 1;
      }
    };

    const missing: number[] = [];
    for (let n = 1; n <= current.partCount; n++) if (!stored.has(n)) missing.push(n);
    const worker = async () => {
      for (let next = missing.shift(); next !== undefined; next = missing.shift()) {
        if (signal.aborted) throw abortError();
        stored.set(next, await sendOnePart(next));
      }
    };
    const workers = Array.from({ length: Math.min(UPLOADER.concurrency, missing.length) }, () =>
      worker().catch((error: unknown) => {
        stopAll();
        throw error;
      }),
    );
    const settled = await Promise.allSettled(workers);
    if (cancelled()) throw abortError();
    // The first real failure, not the aborts it caused in the other parts.
    const failed = settled.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
    if (failed.length) throw failed.find((error) => !isAbortError(error)) ?? failed[0];

    const parts = [...stored.entries()].sort(([a], [b]) => a - b).map(([partNumber, etag]) => ({ partNumber, etag }));
    const recording = recordingResponse.parse(
      await (await api("POST", `/api/recordings/${current.recordingId}/complete`, { parts })).json(),
    );
    writeResume(storage, key, null);
    return recording;
  } catch (error) {
    if (!cancelled()) throw error;
    // Cancelled: nothing is kept, here or on the server.
    writeResume(storage, key, null);
    if (plan) {
      await api("DELETE", `/api/recordings/${plan.recordingId}`, undefined, { withSignal: false }).catch(() => {});
    }
    throw abortError();
  } finally {
    outerSignal?.removeEventListener("abort", stopAll);
  }
}

/** Part n's size: partSize, except the last, which holds what is left. */
function expectedPartSize(plan: RecordingPlan, fileSize: number, partNumber: number): number {
  return Math.max(0, Math.min(plan.partSize, fileSize - (partNumber - 1) * plan.partSize));
}
