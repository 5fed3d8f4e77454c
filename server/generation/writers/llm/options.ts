/**
 * The LLM writer's options (from LLM_* settings), their defaults, the prompt budget a context
 * size allows, and the temperature of each kind of call.
 */
export interface LlmWriterOptions {
  provider: "openai" | "anthropic";
  /** openai: any OpenAI-compatible server, ending in /v1. anthropic: defaults to Anthropic's API. */
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** Longest wait for the first token, or between tokens, before a call counts as timed out (120 s). */
  timeoutMs?: number;
  /** Longest one call may stream however steadily (5 × timeoutMs). */
  callTimeoutMs?: number;
  /** Retries of a failed call: 429, 5xx, network failures, malformed streams, timeouts (3). */
  maxRetries?: number;
  /** First backoff delay; doubled each retry, with jitter (1 s). */
  retryBaseDelayMs?: number;
  /** A Retry-After longer than this fails the call instead of waiting (20 s). */
  maxRetryDelayMs?: number;
  fetch?: typeof fetch;
  /**
   * The model's context size (LLM_CONTEXT_TOKENS). The prompt budget is this less room for the
   * answer, and an Ollama server is sent it as num_ctx (see ollama.ts).
   */
  contextTokens?: number;
  /** Prompt size above which a transcript is summarised in parts first (default: from contextTokens). */
  contextBudgetTokens?: number;
  /** Parts summarised at the same time (3). */
  mapConcurrency?: number;
  /** Calls in flight to the provider at once, across every article this writer writes (8). */
  maxConcurrency?: number;
  /** Output token cap per call. Anthropic needs one (a default is set); OpenAI-compatible servers get none unless set here, since reasoning models reject `max_tokens`. */
  maxOutputTokens?: number;
}

export const DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";
export const DEFAULT_CONTEXT_BUDGET_TOKENS = 24_000;

/**
 * The prompt budget for a context size: the context less room for the answer (the longest
 * article with its envelope, at a generous tokens-per-word rate), at most a fifth of it.
 */
export function contextBudgetFor(contextTokens: number): number {
  return contextTokens - Math.min(4_096, Math.ceil(contextTokens / 5));
}

/** Planning and notes want faithfulness; the article wants some life in its sentences. */
export const TEMPERATURE = { plan: 0.2, notes: 0.2, write: 0.6 } as const;
