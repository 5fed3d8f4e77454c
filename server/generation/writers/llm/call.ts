import type { LanguageModel, ModelMessage } from "ai";
import { retryAfterMs } from "../../../lib/retry-after";
import type { Semaphore } from "../../../lib/semaphore";
import { recordLlmCall } from "../../../ops/telemetry";
import { WriterError } from "../../types";

/**
 * One streamed model call with a timeout, and retries with backoff around it.
 *
 * The SDK's own retries are off (maxRetries: 0): they cover only the request that opens the
 * stream, while a stream that stalls, errors or drops halfway must be retried too, and every
 * retry should follow one policy: 429, 5xx, network failures, malformed streams and timeouts are
 * retried with exponential backoff and jitter (Retry-After honoured); other 4xx are not.
 */

/**
 * The AI SDK (some 25 MB of memory once loaded) is needed only when the writer calls a model, so
 * it is loaded then, once, rather than when the server starts.
 */
type AiSdk = typeof import("ai");
let aiSdk: Promise<AiSdk> | undefined;
function loadAiSdk(): Promise<AiSdk> {
  aiSdk ??= import("ai");
  return aiSdk;
}

export interface CallSettings {
  /** The model, made on first use (its provider package is loaded then too). */
  model: () => Promise<LanguageModel>;
  /** Longest wait for the first token and between tokens (a stalled stream) in ms. */
  timeoutMs: number;
  /** Longest one call may stream in total, however steadily, in ms. */
  callTimeoutMs: number;
  /** Retries after the first attempt. */
  maxRetries: number;
  retryBaseDelayMs: number;
  /** A Retry-After longer than this is not waited out: the call fails at once. */
  maxRetryDelayMs: number;
  maxOutputTokens?: number;
  /** False for models that refuse a temperature (OpenAI's reasoning models): none is sent. */
  sendTemperature?: boolean;
  /** Strings to scrub from any message shown to a person (the API key). */
  secrets: string[];
  /** Told about each retry before its wait (for progress and logs). */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
  /**
   * The process's cap on calls in flight to the provider (LLM_MAX_CONCURRENCY): each attempt
   * holds a place while it streams, none while it waits to retry.
   */
  limiter?: Semaphore;
  /** Told when an attempt must wait for a place under the cap; what it answers is called once it has one. */
  onQueued?: () => (() => void) | undefined;
  sleep?: (ms: number) => Promise<void>;
}

export interface CallInput {
  system: string;
  messages: ModelMessage[];
  maxOutputTokens?: number;
  /** A standard call setting of the AI SDK, sent by both providers (Anthropic clamps it to 0–1). */
  temperature?: number;
}

export interface CallResult {
  text: string;
  /** The unified finish reason: "stop", "length" (cut off at the token limit), "other"... */
  finishReason: string;
  attempts: number;
}

export const NOT_RESPONDING = "The AI writer is not responding right now. Please try again in a few minutes.";
export const UNREADABLE = "The AI writer sent a reply that could not be read. Please try again in a few minutes.";

/** Our own abort reason, so a timeout is told apart from other aborts. */
class CallTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CallTimeoutError";
  }
}

type Failure =
  | { retryable: true; kind: "timeout" | "busy" | "unreadable"; retryAfterMs?: number; detail: string }
  | { retryable: false; message: string; detail: string };

/** Streams one answer, retrying transient failures; throws WriterError when it cannot. */
export async function callModel(settings: CallSettings, input: CallInput): Promise<CallResult> {
  const sleep = settings.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const [ai, model] = await Promise.all([loadAiSdk(), settings.model()]);
  let timeouts = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      const { usage, ...result } = settings.limiter
        ? await settings.limiter.run(() => streamOnce(ai, model, settings, input), settings.onQueued)
        : await streamOnce(ai, model, settings, input);
      recordLlmCall("ok", usage);
      return { ...result, attempts: attempt + 1 };
    } catch (error) {
      const failure = classify(ai, error, settings.secrets);
      if (!failure.retryable) {
        recordLlmCall("failed");
        throw new WriterError(failure.message, { cause: error });
      }
      const finalMessage = failure.kind === "unreadable" ? UNREADABLE : NOT_RESPONDING;
      // A server that hung twice is unlikely to answer a third time: give up rather than make
      // the person wait several more timeouts.
      if (failure.kind === "timeout") timeouts += 1;
      if (attempt >= settings.maxRetries || timeouts >= 2) {
        recordLlmCall("failed");
        throw new WriterError(finalMessage, { cause: error });
      }
      const delayMs = retryDelayMs({
        attempt,
        baseDelayMs: settings.retryBaseDelayMs,
        maxDelayMs: settings.maxRetryDelayMs,
        retryAfterMs: failure.retryAfterMs,
      });
      if (delayMs === null) {
        recordLlmCall("failed");
        throw new WriterError(finalMessage, { cause: error });
      }
      recordLlmCall("retried");
      settings.onRetry?.({ attempt: attempt + 1, delayMs, reason: failure.detail });
      await sleep(delayMs);
    }
  }
}

/**
 * How long to wait before retry number `attempt + 1`: exponential backoff from `baseDelayMs`
 * with "equal jitter" (half fixed, half random, so a crowd of callers spreads out), at most
 * `maxDelayMs`. A Retry-After (seconds, an HTTP date, or Retry-After-Ms, already in ms) wins
 * when given, with a little jitter on top (a tenth, at most a second) so callers told the same
 * moment do not all come back in the same instant; one longer than `maxDelayMs` is not waited
 * out (null: give up now and say so, rather than keep the person waiting minutes).
 */
export function retryDelayMs(options: {
  attempt: number;
  baseDelayMs: number;
  maxDelayMs: number;
  retryAfterMs?: number;
  random?: () => number;
}): number | null {
  const random = options.random ?? Math.random;
  if (options.retryAfterMs !== undefined) {
    if (options.retryAfterMs > options.maxDelayMs) return null;
    const spread = Math.min(1_000, options.retryAfterMs / 10);
    return Math.round(options.retryAfterMs + random() * spread);
  }
  const backoff = Math.min(options.baseDelayMs * 2 ** options.attempt, options.maxDelayMs);
  return Math.round(backoff / 2 + random() * (backoff / 2));
}

async function streamOnce(
  ai: AiSdk,
  model: LanguageModel,
  settings: CallSettings,
  input: CallInput,
): Promise<Omit<CallResult, "attempts"> & { usage?: { inputTokens?: number; outputTokens?: number } }> {
  const controller = new AbortController();
  let idle: NodeJS.Timeout | undefined;
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => controller.abort(new CallTimeoutError(`no data from the model for ${settings.timeoutMs} ms`)),
      settings.timeoutMs,
    );
  };
  const total = setTimeout(
    () => controller.abort(new CallTimeoutError(`the call took longer than ${settings.callTimeoutMs} ms`)),
    settings.callTimeoutMs,
  );
  armIdle();
  let finished = false;
  try {
    const result = ai.streamText({
      model,
      system: input.system,
      messages: input.messages,
      maxOutputTokens: input.maxOutputTokens ?? settings.maxOutputTokens,
      temperature: settings.sendTemperature === false ? undefined : input.temperature,
      maxRetries: 0,
      abortSignal: controller.signal,
      // Errors are read from the stream below; the default handler would print them.
      onError: () => {},
    });
    let text = "";
    let finishReason = "unknown";
    let usage: { inputTokens?: number; outputTokens?: number } | undefined;
    for await (const part of result.fullStream) {
      armIdle();
      if (part.type === "text-delta") text += part.text;
      else if (part.type === "finish") {
        finishReason = part.finishReason;
        usage = { inputTokens: part.totalUsage?.inputTokens, outputTokens: part.totalUsage?.outputTokens };
      } else if (part.type === "error") throw part.error;
      else if (part.type === "abort") throw controller.signal.reason ?? new CallTimeoutError("the call was aborted");
    }
    finished = true;
    return { text, finishReason, usage };
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof CallTimeoutError) {
      throw controller.signal.reason;
    }
    throw error;
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
    // Release the connection of a stream we stopped reading.
    if (!finished && !controller.signal.aborted) controller.abort(new Error("stopped reading"));
  }
}

const NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/** `ai` is the loaded AI SDK, whose error classes tell its errors apart. */
function classify(ai: AiSdk, error: unknown, secrets: string[]): Failure {
  if (error instanceof CallTimeoutError) return { retryable: true, kind: "timeout", detail: error.message };
  if (ai.RetryError.isInstance(error)) return classify(ai, error.lastError, secrets);
  if (ai.APICallError.isInstance(error)) {
    const status = error.statusCode;
    const detail = redact(`${status ?? "network"}: ${error.message}`, secrets);
    if (status === undefined || status < 400) {
      // The connection failed or dropped, or a 200 answer could not be processed.
      return { retryable: true, kind: isNetworkError(error) ? "busy" : "unreadable", detail };
    }
    if (status === 408 || status === 409 || status === 425 || status === 429 || status >= 500) {
      return {
        retryable: true,
        kind: "busy",
        retryAfterMs: retryAfterMs((name) => error.responseHeaders?.[name]),
        detail,
      };
    }
    return { retryable: false, message: rejectionMessage(status, error.message, secrets), detail };
  }
  const name = error instanceof Error ? error.name : "";
  const message = error instanceof Error ? error.message : describe(error);
  const detail = redact(`${name || "error"}: ${message}`, secrets);
  // An error event inside the stream arrives as the provider's plain object ({ type, message }):
  // an overload or server error halfway through an answer.
  if (isNetworkError(error) || name === "AbortError" || name === "TimeoutError" || !(error instanceof Error)) {
    return { retryable: true, kind: "busy", detail };
  }
  if (
    name === "AI_JSONParseError" ||
    name === "AI_TypeValidationError" ||
    name === "AI_EmptyResponseBodyError" ||
    name === "AI_InvalidResponseDataError" ||
    name === "AI_NoOutputGeneratedError"
  ) {
    // A malformed stream: the server answered 200 with something that is not the API.
    return { retryable: true, kind: "unreadable", detail };
  }
  if (name === "AI_LoadAPIKeyError") {
    return { retryable: false, message: "The AI writer is not set up: its API key is missing.", detail };
  }
  return {
    retryable: false,
    message: `The AI writer failed: ${truncate(redact(message, secrets), 200)}`,
    detail,
  };
}

function isNetworkError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    if (e instanceof TypeError && /fetch failed|terminated|network|socket/i.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function rejectionMessage(status: number, providerMessage: string, secrets: string[]): string {
  if (status === 401 || status === 403) return "The AI writer rejected the request: its API key was not accepted.";
  if (status === 404) return "The AI writer rejected the request: the model or address was not found.";
  if (status === 413) return "The AI writer rejected the request: it was too large.";
  const reason = truncate(redact(providerMessage, secrets), 200) || `status ${status}`;
  return `The AI writer rejected the request: ${reason}`;
}

/** Removes keys from text shown to people: the configured key, and anything shaped like one. */
export function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join("[redacted]");
  return out
    .replace(/\b(?:sk|pk|rk|key)-[A-Za-z0-9_*-]{8,}/g, "[redacted]")
    .replace(/\bBearer\s+\S+/gi, "Bearer [redacted]");
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

function describe(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "message" in value) return String((value as { message: unknown }).message);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
