import type { AppConfig } from "../../config";
import type { ArticleWriter } from "../types";
import { createExtractiveWriter } from "./extractive";
import { createLlmWriter } from "./llm";

/** The writer LLM_PROVIDER asks for: the offline extractive writer, or an LLM through the AI SDK. */
export function createWriter(config: AppConfig): ArticleWriter {
  const { provider, baseUrl, apiKey, model, contextTokens, maxConcurrency } = config.llm;
  if (provider === "extractive") return createExtractiveWriter();
  return createLlmWriter({ provider, baseUrl, apiKey, model, contextTokens, maxConcurrency });
}
