import { estimateTokens } from "./transcript";

/**
 * Ollama behind LLM_PROVIDER=openai: the context size has to reach it, or it silently drops the
 * start of a prompt longer than its default window (2,048 or 4,096 tokens in most versions, more
 * only with OLLAMA_CONTEXT_LENGTH on the server) and the article is written from the end of the
 * transcript alone.
 *
 * What we found (2025): Ollama's OpenAI-compatible endpoint cannot carry it. Its docs say "The
 * OpenAI API does not have a way of setting the context size for a model" (docs.ollama.com/api/
 * openai-compatibility), and its source agrees: openai/openai.go decodes /v1/chat/completions
 * into a ChatCompletionRequest with no `options` or `num_ctx` field (Go drops unknown JSON
 * fields), and FromChatRequest builds the native options from stop, max_tokens, temperature,
 * seed, the penalties and top_p only. So `options: { num_ctx }` sent through the AI SDK's
 * providerOptions, a top-level `num_ctx`, or Python's `extra_body` are all ignored (ollama/ollama
 * issues #2677, #5356, #7063; the PRs that would add it, #5357 and #8672, were not merged).
 * What does work is the native API: POST /api/chat with `options.num_ctx`.
 *
 * So when the OpenAI-compatible server answers GET /api/version as Ollama does, the chat calls
 * go to /api/chat instead, through this fetch adapter: the request is translated to the native
 * shape with `num_ctx` (and temperature, num_predict), and the native answer (NDJSON) back into
 * OpenAI's streaming chunks, so the AI SDK, the retries and the error handling stay the same.
 */

/** What an Ollama request asks for at least; windows come in powers of two so the model is rarely reloaded. */
const MIN_NUM_CTX = 8_192;
/** Room for the answer when the request sets no output cap. */
const ANSWER_TOKENS = 4_096;
const PROBE_TIMEOUT_MS = 3_000;

/** The server root for a base URL ending in /v1 (Ollama's OpenAI-compatible path), else null. */
export function ollamaRoot(baseUrl: string): string | null {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return /\/v1$/.test(trimmed) ? trimmed.slice(0, -3) : null;
}

/**
 * True when the server is Ollama (GET /api/version answers `{ "version": … }`), false when it
 * answered otherwise, null when it could not be reached (ask again later).
 */
export async function probeOllama(baseUrl: string, fetchFn: typeof fetch): Promise<boolean | null> {
  const root = ollamaRoot(baseUrl);
  if (!root) return false;
  try {
    const response = await fetchFn(`${root}/api/version`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    if (!response.ok) {
      await response.body?.cancel();
      return false;
    }
    const body = (await response.json().catch(() => null)) as { version?: unknown } | null;
    return typeof body?.version === "string";
  } catch {
    return null;
  }
}

/** The window one request needs: prompt and answer, rounded up to a power of two, within the model's context. */
export function numCtxFor(
  messages: readonly { content: string }[],
  maxTokens: number | undefined,
  contextTokens: number,
): number {
  const needed = estimateTokens(messages.map((m) => m.content).join("\n")) + (maxTokens ?? ANSWER_TOKENS) + 256;
  let size = MIN_NUM_CTX;
  while (size < needed) size *= 2;
  return Math.max(2_000, Math.min(size, contextTokens));
}

interface OpenAiBody {
  model: string;
  messages: Array<{ role: string; content: unknown }>;
  stream?: boolean;
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  seed?: number;
  stop?: string | string[];
}

interface OllamaChunk {
  message?: { content?: string };
  done?: boolean;
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
  error?: string;
}

/** A fetch that sends OpenAI chat-completion calls to Ollama's native /api/chat, with num_ctx. */
export function ollamaFetch(fetchFn: typeof fetch, contextTokens: number): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!/\/v1\/chat\/completions$/.test(url) || typeof init?.body !== "string") return fetchFn(input, init);
    const body = JSON.parse(init.body) as OpenAiBody;
    const messages = body.messages.map((m) => ({ role: m.role, content: textOf(m.content) }));
    const options: Record<string, unknown> = { num_ctx: numCtxFor(messages, body.max_tokens, contextTokens) };
    if (body.temperature !== undefined) options.temperature = body.temperature;
    if (body.max_tokens !== undefined) options.num_predict = body.max_tokens;
    if (body.top_p !== undefined) options.top_p = body.top_p;
    if (body.seed !== undefined) options.seed = body.seed;
    if (body.stop !== undefined) options.stop = Array.isArray(body.stop) ? body.stop : [body.stop];
    const stream = body.stream === true;
    const headers = new Headers(init.headers);
    headers.set("content-type", "application/json");
    const response = await fetchFn(url.replace(/\/v1\/chat\/completions$/, "/api/chat"), {
      ...init,
      headers,
      body: JSON.stringify({ model: body.model, messages, stream, options }),
    });
    if (!response.ok) return openAiError(response);
    return stream ? openAiStream(response, body.model) : openAiCompletion(response, body.model);
  }) as typeof fetch;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part: { text?: unknown }) => (typeof part?.text === "string" ? part.text : "")).join("\n");
  }
  return "";
}

/** Ollama's `{ "error": "…" }` as OpenAI's error body, status and Retry-After kept (retries depend on them). */
async function openAiError(response: Response): Promise<Response> {
  const text = await response.text();
  let message = text || `status ${response.status}`;
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed.error === "string") message = parsed.error;
  } catch {
    // Not JSON: the text itself is the message.
  }
  const headers = new Headers({ "content-type": "application/json" });
  const retryAfter = response.headers.get("retry-after");
  if (retryAfter) headers.set("retry-after", retryAfter);
  return new Response(JSON.stringify({ error: { message, type: "api_error" } }), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

const finishReason = (reason: string | undefined) => (reason === "length" ? "length" : "stop");

function chunk(id: string, model: string, delta: Record<string, unknown>, finish: string | null, usage?: OllamaChunk) {
  return {
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage
      ? { usage: { prompt_tokens: usage.prompt_eval_count ?? 0, completion_tokens: usage.eval_count ?? 0 } }
      : {}),
  };
}

/** Native NDJSON lines in, OpenAI server-sent events out. */
function openAiStream(response: Response, model: string): Response {
  const id = `ollama-${Date.now()}`;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const source = response.body;
  let buffer = "";
  const events = new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(`data: ${JSON.stringify(chunk(id, model, { role: "assistant", content: "" }, null))}\n\n`),
      );
    },
    transform(bytes, controller) {
      buffer += decoder.decode(bytes, { stream: true });
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) emit(line, controller);
    },
    flush(controller) {
      buffer += decoder.decode();
      if (buffer.trim()) emit(buffer, controller);
    },
  });
  const emit = (line: string, controller: TransformStreamDefaultController<Uint8Array>) => {
    if (!line.trim()) return;
    let parsed: OllamaChunk;
    try {
      parsed = JSON.parse(line) as OllamaChunk;
    } catch {
      // Passed on as it is: the SDK then reports a malformed stream, which is retried.
      controller.enqueue(encoder.encode(`data: ${line}\n\n`));
      return;
    }
    const payload = parsed.error
      ? { error: { message: parsed.error, type: "server_error" } }
      : chunk(
          id,
          model,
          parsed.message?.content ? { content: parsed.message.content } : {},
          parsed.done ? finishReason(parsed.done_reason) : null,
          parsed.done ? parsed : undefined,
        );
    controller.enqueue(encoder.encode(`data: ${JSON.stringify(payload)}\n\n`));
    if (parsed.done) controller.enqueue(encoder.encode("data: [DONE]\n\n"));
  };
  return new Response(source ? source.pipeThrough(events) : null, {
    status: 200,
    headers: { "content-type": "text/event-stream" },
  });
}

async function openAiCompletion(response: Response, model: string): Promise<Response> {
  const parsed = (await response.json()) as OllamaChunk;
  const body = {
    id: `ollama-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: parsed.message?.content ?? "" },
        finish_reason: finishReason(parsed.done_reason),
      },
    ],
    usage: { prompt_tokens: parsed.prompt_eval_count ?? 0, completion_tokens: parsed.eval_count ?? 0 },
  };
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}
