/**
 * The LLM writer's entry: createLlmWriter wires the options to a model client (provider.ts) and
 * runs one WriteRun per article (run.ts: plan, draft and repairs; source.ts: transcript or
 * notes; complete.ts: fields filled in and links kept safe). Options are in options.ts.
 */
import type { LanguageModel } from "ai";
import { Semaphore } from "../../../lib/semaphore";
import type { ArticleWriter } from "../../types";
import type { CallSettings } from "./call";
import { acceptsTemperature, DEFAULT_MODELS, FALLBACK_CONTEXT_TOKENS } from "./models";
import { contextBudgetFor, DEFAULT_CONTEXT_BUDGET_TOKENS, type LlmWriterOptions } from "./options";
import { createModel } from "./provider";
import { WriteRun } from "./run";

/** Calls in flight to the provider at once when LLM_MAX_CONCURRENCY is not set. */
export const DEFAULT_MAX_CONCURRENCY = 8;

export { completeTags, keepTrustedLinks, matchCreateCategory } from "./complete";
export { DEFAULT_MODELS } from "./models";
export {
  contextBudgetFor,
  DEFAULT_CONTEXT_BUDGET_TOKENS,
  DEFAULT_OPENAI_BASE_URL,
  type LlmWriterOptions,
} from "./options";

/**
 * The article writer for LLM_PROVIDER=openai|anthropic: streamed calls through the AI SDK, with
 * timeouts and retries (call.ts), prompts that keep untrusted text in data blocks (prompts.ts), a
 * tolerant reading of the answer (envelope.ts), and length enforcement (revisions, then trimming).
 */
export function createLlmWriter(options: LlmWriterOptions): ArticleWriter {
  const modelId = options.model?.trim() || DEFAULT_MODELS[options.provider];
  const contextTokens = options.contextTokens ?? FALLBACK_CONTEXT_TOKENS;
  // Made on the first call, not here: the provider packages load only when a model is called.
  let model: Promise<LanguageModel> | undefined;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const settings: Omit<CallSettings, "onRetry"> = {
    model: () => {
      model ??= createModel(options, modelId, contextTokens).then((made) => {
        // A server that could not be asked whether it is Ollama is asked again next time.
        if (!made.settled) model = undefined;
        return made.model;
      });
      return model;
    },
    timeoutMs,
    callTimeoutMs: options.callTimeoutMs ?? timeoutMs * 5,
    maxRetries: options.maxRetries ?? 3,
    retryBaseDelayMs: options.retryBaseDelayMs ?? 1_000,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 20_000,
    maxOutputTokens: options.maxOutputTokens,
    sendTemperature: acceptsTemperature(modelId),
    secrets: options.apiKey ? [options.apiKey] : [],
    // One cap for the process: the writer is made once and shared by every generation job.
    limiter: new Semaphore(Math.max(1, options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY)),
  };
  const writer = {
    provider: options.provider,
    settings,
    budget:
      options.contextBudgetTokens ??
      (options.contextTokens ? contextBudgetFor(options.contextTokens) : DEFAULT_CONTEXT_BUDGET_TOKENS),
    concurrency: Math.max(1, options.mapConcurrency ?? 3),
  };
  return {
    name: `llm:${options.provider}:${modelId}`,
    write: (request, onProgress) => new WriteRun(writer, request, onProgress).run(),
  };
}
