/**
 * What the writer knows about models by their ids, without asking a server: the default model per
 * provider, the context size of well-known models, and which models refuse sampling settings.
 * Kept free of imports so the configuration can read it at start.
 */

export const DEFAULT_MODELS = { openai: "gpt-4o-mini", anthropic: "claude-sonnet-4-5" } as const;

/** The context size assumed for a model this table does not know (LLM_CONTEXT_TOKENS overrides it). */
export const FALLBACK_CONTEXT_TOKENS = 24_000;

/** First match wins, so the specific ids come before the families they belong to. */
const CONTEXT_TOKENS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^gpt-4o/, 128_000],
  [/^gpt-4\.1/, 128_000],
  [/^gpt-4-turbo/, 128_000],
  [/^claude-/, 200_000],
  [/^llama-?3\.[123]\b/, 128_000],
  [/^qwen2\.5/, 32_768],
  [/^mistral-nemo/, 128_000],
  [/^mistral/, 32_768],
  [/^gemma3/, 128_000],
  [/^gemma2/, 8_192],
];

/**
 * The context size of a well-known model, else FALLBACK_CONTEXT_TOKENS. Ids are matched without
 * a vendor prefix or an Ollama tag's size ("meta-llama/Llama-3.1-8B-Instruct", "llama3.1:8b").
 */
export function knownContextTokens(modelId: string): number {
  const id = modelId.trim().toLowerCase().split("/").at(-1) ?? "";
  return CONTEXT_TOKENS.find(([pattern]) => pattern.test(id))?.[1] ?? FALLBACK_CONTEXT_TOKENS;
}

/**
 * OpenAI's reasoning models (o1, o3, o4-mini, gpt-5…) answer 400 to any temperature but the
 * default, so none is sent to them. Anthropic's provider drops it by itself for models that
 * refuse it.
 */
export function acceptsTemperature(modelId: string): boolean {
  const id = modelId.trim().toLowerCase().split("/").at(-1) ?? "";
  return !/^(o\d|gpt-5)/.test(id);
}
