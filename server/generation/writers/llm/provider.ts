/**
 * The model client: the AI SDK provider for LLM_PROVIDER (Anthropic, or any OpenAI-compatible
 * server, asked first whether it is Ollama), its package loaded on first use.
 */
import type { LanguageModel } from "ai";
import { ollamaFetch, probeOllama } from "./ollama";
import { DEFAULT_OPENAI_BASE_URL, type LlmWriterOptions } from "./options";

/** The provider packages, loaded on first use, once (see loadAiSdk in call.ts). */
let anthropicSdk: Promise<typeof import("@ai-sdk/anthropic")> | undefined;
let openAiCompatibleSdk: Promise<typeof import("@ai-sdk/openai-compatible")> | undefined;

/**
 * The model for the provider. An OpenAI-compatible server at a configured address is first asked
 * whether it is Ollama, which must be sent the context size another way (ollama.ts). `settled`
 * is false when that question got no answer, so it is asked again on the next call.
 */
export async function createModel(
  options: LlmWriterOptions,
  modelId: string,
  contextTokens: number,
): Promise<{ model: LanguageModel; settled: boolean }> {
  if (options.provider === "anthropic") {
    anthropicSdk ??= import("@ai-sdk/anthropic");
    const { createAnthropic } = await anthropicSdk;
    const model = createAnthropic({
      apiKey: options.apiKey,
      baseURL: options.baseUrl?.replace(/\/+$/, ""),
      fetch: options.fetch,
    })(modelId);
    return { model, settled: true };
  }
  const baseURL = (options.baseUrl ?? DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, "");
  const fetchFn = options.fetch ?? globalThis.fetch;
  const ollama = options.baseUrl ? await probeOllama(baseURL, fetchFn) : false;
  openAiCompatibleSdk ??= import("@ai-sdk/openai-compatible");
  const { createOpenAICompatible } = await openAiCompatibleSdk;
  const model = createOpenAICompatible({
    name: "openai",
    baseURL,
    apiKey: options.apiKey,
    fetch: ollama ? ollamaFetch(fetchFn, contextTokens) : options.fetch,
    // The streamed answer's last chunk reports the tokens used (/metrics llm_tokens_total).
    includeUsage: true,
  })(modelId);
  return { model, settled: ollama !== null };
}
