import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { planAnswer, requestKind } from "./careless-writer";

export {
  type CarelessOptions,
  careless,
  carelessAnswer,
  type InventedMaterial,
  inventedMaterial,
  planAnswer,
  realisticArticle,
  requestKind,
  WRITER_MODES,
  type WriterMode,
} from "./careless-writer";

/**
 * A fake LLM server on loopback that speaks the OpenAI chat-completions API (streaming SSE and
 * plain JSON) and the Anthropic messages API, so tests drive the real AI SDK clients end to end.
 *
 * Each chat request takes the next queued behaviour (enqueue), or the default (setDefault) when
 * the queue is empty. The built-in default answers like a cooperative model: an article in the
 * writer's envelope, as long as the prompt's "between X and Y words" asks, or a plan for a plan
 * request. `careless(mode)` (careless-writer.ts) answers from the prompt's own material instead:
 * faithfully, or with invented quotations, experts and wrong moment links.
 */

export interface FakeLlmMessage {
  role: string;
  content: string;
}

export interface FakeLlmRequest {
  api: "openai" | "anthropic";
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (null when it was not JSON). */
  body: Record<string, unknown> | null;
  model: string | undefined;
  stream: boolean;
  /** System prompt first (role "system"), then the conversation, each as plain text. */
  messages: FakeLlmMessage[];
  /** Every message's text joined with blank lines: handy for `toContain` assertions. */
  text: string;
  /** The last user message's text. */
  lastUserText: string;
}

export type FakeLlmBehaviour =
  /** Answer with text (streamed in chunks when the request streams). */
  | {
      type: "reply";
      text: string | ((request: FakeLlmRequest) => string);
      /** Characters per SSE chunk (default 40). */
      chunkSize?: number;
      /** Wait before answering. */
      delayMs?: number;
      /** OpenAI finish_reason (default "stop"; "length" means the answer was cut off). */
      finishReason?: string;
    }
  /** An HTTP error with a provider-shaped JSON body. */
  | { type: "error"; status: number; message?: string; headers?: Record<string, string> }
  /** Accept the request and never answer (until the server closes). */
  | { type: "hang" }
  /** Stream the start of an answer, then go silent without ending the response. */
  | { type: "stall"; text: string }
  /** Stream the start of an answer, then destroy the connection. */
  | { type: "disconnect"; text: string }
  /** A 200 answer whose body is not what the API promises (garbage SSE or JSON). */
  | { type: "junk"; body?: string }
  /** Stream the start of an answer, then an in-stream error event (as OpenAI does on overload). */
  | { type: "stream-error"; text: string; message?: string };

export type FakeLlmHandler = FakeLlmBehaviour | ((request: FakeLlmRequest) => FakeLlmBehaviour);

export interface FakeLlmServer {
  /** Base URL of the OpenAI-compatible API, ending in /v1 (use it as the provider's baseURL). */
  url: string;
  /** Every request received, in order (including GET /v1/models). */
  requests: FakeLlmRequest[];
  /** Chat requests only (chat completions and messages), in order. */
  readonly chatRequests: FakeLlmRequest[];
  /** The most chat requests that were open at the same time. */
  readonly maxConcurrent: number;
  /** Queue behaviours for the next chat requests, in order. */
  enqueue(...handlers: FakeLlmHandler[]): void;
  /** What a chat request gets when the queue is empty. */
  setDefault(handler: FakeLlmHandler): void;
  /** Clears the queue, the recorded requests and the default (back to the cooperative one). */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_MODEL = "fake-model";

// Behaviour constructors, for readable tests.
export const reply = (
  text: string | ((request: FakeLlmRequest) => string),
  options: Omit<Extract<FakeLlmBehaviour, { type: "reply" }>, "type" | "text"> = {},
): FakeLlmBehaviour => ({ type: "reply", text, ...options });
export const failWith = (
  status: number,
  options: { message?: string; retryAfter?: string; headers?: Record<string, string> } = {},
): FakeLlmBehaviour => ({
  type: "error",
  status,
  message: options.message,
  headers: { ...(options.retryAfter !== undefined ? { "retry-after": options.retryAfter } : {}), ...options.headers },
});
export const hang = (): FakeLlmBehaviour => ({ type: "hang" });
export const stallAfter = (text: string): FakeLlmBehaviour => ({ type: "stall", text });
export const disconnectAfter = (text: string): FakeLlmBehaviour => ({ type: "disconnect", text });
export const junk = (body?: string): FakeLlmBehaviour => ({ type: "junk", body });
export const streamErrorAfter = (text: string, message?: string): FakeLlmBehaviour => ({
  type: "stream-error",
  text,
  message,
});

const FILLER =
  "The speaker explains how the idea works in practice and why it matters for the people who use it every day".split(
    " ",
  );

/** Exactly `count` words of plain prose, in sentences and paragraphs of about 60 words. */
export function fakeProse(count: number, seed = 0, sentenceWords = 12): string {
  const paragraphs: string[] = [];
  let words: string[] = [];
  for (let i = 0; i < count; i++) {
    let word = FILLER[(i + seed) % FILLER.length];
    if (words.length % sentenceWords === 0) word = word[0].toUpperCase() + word.slice(1);
    words.push(word);
    if (words.length % sentenceWords === 0 || i === count - 1) words[words.length - 1] += ".";
    if (words.length >= 60 || i === count - 1) {
      paragraphs.push(words.join(" "));
      words = [];
    }
  }
  return paragraphs.join("\n\n");
}

/** An answer in the article writer's envelope whose body has `words` words (headings included). */
export function fakeArticle(
  words: number,
  fields: {
    title?: string;
    excerpt?: string;
    tags?: string;
    category?: string;
    seed?: number;
    sentenceWords?: number;
  } = {},
): string {
  const heading = "## What the video covers";
  const bodyWords = Math.max(1, words - 4);
  return [
    `TITLE: ${fields.title ?? "A Clear Look at the Ideas in This Video"}`,
    `EXCERPT: ${fields.excerpt ?? "A short summary of what the video explains and why it matters."}`,
    `TAGS: ${fields.tags ?? "ideas, practice, explainer, video"}`,
    `CATEGORY: ${fields.category ?? "Education"}`,
    "---",
    heading,
    "",
    fakeProse(bodyWords, fields.seed, fields.sentenceWords),
  ].join("\n");
}

/** The cooperative default: a plan for a plan request, an article as long as the prompt asks, or notes. */
export function cooperativeAnswer(request: FakeLlmRequest): string {
  if (requestKind(request) === "plan") return planAnswer(request);
  const ranges = [...request.text.matchAll(/between (\d+) and (\d+) words/g)];
  const range = ranges.at(-1);
  if (range) return fakeArticle(Math.round((Number(range[1]) + Number(range[2])) / 2));
  return `- ${fakeProse(60)}`;
}

export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  const requests: FakeLlmRequest[] = [];
  const queue: FakeLlmHandler[] = [];
  const defaultHandler: FakeLlmHandler = (request) => reply(cooperativeAnswer(request));
  let fallback: FakeLlmHandler = defaultHandler;
  const sockets = new Set<Socket>();
  let active = 0;
  let maxConcurrent = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: String(error) } }));
      } else {
        res.destroy();
      }
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    let body: Record<string, unknown> | null = null;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    const api = path.endsWith("/messages") ? "anthropic" : "openai";
    const messages = normalizeMessages(api, body);
    const request: FakeLlmRequest = {
      api,
      method: req.method ?? "GET",
      path,
      headers: req.headers,
      body,
      model: typeof body?.model === "string" ? body.model : undefined,
      stream: body?.stream === true,
      messages,
      text: messages.map((m) => m.content).join("\n\n"),
      lastUserText: messages.filter((m) => m.role === "user").at(-1)?.content ?? "",
    };
    requests.push(request);

    if (req.method === "GET" && /\/v1\/models$/.test(path)) {
      sendJson(res, 200, { object: "list", data: [{ id: FAKE_MODEL, object: "model", owned_by: "fake" }] });
      return;
    }
    const isChat = req.method === "POST" && (/\/chat\/completions$/.test(path) || /\/v1\/messages$/.test(path));
    if (!isChat) {
      sendJson(res, 404, { error: { message: `No route for ${req.method} ${path}`, type: "not_found" } });
      return;
    }
    if (!body) {
      sendJson(res, 400, { error: { message: "Body must be JSON", type: "invalid_request_error" } });
      return;
    }

    active += 1;
    maxConcurrent = Math.max(maxConcurrent, active);
    res.on("close", () => {
      active -= 1;
    });
    const handler = queue.shift() ?? fallback;
    const behaviour = typeof handler === "function" ? handler(request) : handler;
    await respond(request, behaviour, res);
  }

  const address = await new Promise<AddressInfo>((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve(server.address() as AddressInfo));
  });

  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    requests,
    get chatRequests() {
      return requests.filter((r) => r.method === "POST");
    },
    get maxConcurrent() {
      return maxConcurrent;
    },
    enqueue(...handlers) {
      queue.push(...handlers);
    },
    setDefault(handler) {
      fallback = handler;
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      fallback = defaultHandler;
      maxConcurrent = 0;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function respond(request: FakeLlmRequest, behaviour: FakeLlmBehaviour, res: ServerResponse) {
  const sse = new SseWriter(request, res);
  switch (behaviour.type) {
    case "reply": {
      if (behaviour.delayMs) await sleep(behaviour.delayMs);
      if (res.destroyed) return;
      const text = typeof behaviour.text === "function" ? behaviour.text(request) : behaviour.text;
      const finishReason = behaviour.finishReason ?? "stop";
      if (!request.stream) {
        sendJson(res, 200, completionJson(request, text, finishReason));
        return;
      }
      sse.start();
      for (const piece of split(text, behaviour.chunkSize ?? 40)) sse.text(piece);
      sse.finish(finishReason);
      return;
    }
    case "error": {
      const type =
        behaviour.status === 429 ? "rate_limit_error" : behaviour.status >= 500 ? "api_error" : "invalid_request_error";
      const message = behaviour.message ?? `Fake failure ${behaviour.status}`;
      const payload =
        request.api === "anthropic"
          ? { type: "error", error: { type, message } }
          : { error: { message, type, code: null } };
      sendJson(res, behaviour.status, payload, behaviour.headers);
      return;
    }
    case "hang":
      return; // The socket stays open until the client gives up or the server closes.
    case "stall":
    case "disconnect":
    case "stream-error": {
      if (!request.stream) {
        // A non-streaming client gets headers and half a body.
        res.writeHead(200, { "content-type": "application/json" });
        res.write(JSON.stringify(completionJson(request, behaviour.text, "stop")).slice(0, 30));
      } else {
        sse.start();
        for (const piece of split(behaviour.text, 40)) sse.text(piece);
      }
      if (behaviour.type === "disconnect") {
        await sleep(20);
        res.destroy();
      } else if (behaviour.type === "stream-error") {
        sse.error(behaviour.message ?? "The server had an error while processing your request.");
        res.end();
      }
      return;
    }
    case "junk": {
      if (request.stream) {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end(behaviour.body ?? "data: {this is not json}\n\ndata: <html>oops</html>\n\n");
      } else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(behaviour.body ?? "<html><body>Bad gateway</body></html>");
      }
      return;
    }
  }
}

/** Writes either API's streaming events. */
class SseWriter {
  private readonly id = `fake-${randomUUID()}`;
  private readonly created = Math.floor(Date.now() / 1000);
  private outputChars = 0;

  constructor(
    private readonly request: FakeLlmRequest,
    private readonly res: ServerResponse,
  ) {}

  start() {
    this.res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    if (this.request.api === "anthropic") {
      this.event("message_start", {
        type: "message_start",
        message: {
          id: this.id,
          type: "message",
          role: "assistant",
          model: this.request.model ?? FAKE_MODEL,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: Math.ceil(this.request.text.length / 4), output_tokens: 1 },
        },
      });
      this.event("content_block_start", {
        type: "content_block_start",
        index: 0,
        content_block: { type: "text", text: "" },
      });
    } else {
      this.data(this.chunk({ role: "assistant", content: "" }, null));
    }
  }

  text(piece: string) {
    this.outputChars += piece.length;
    if (this.request.api === "anthropic") {
      this.event("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: piece },
      });
    } else {
      this.data(this.chunk({ content: piece }, null));
    }
  }

  finish(finishReason: string) {
    if (this.request.api === "anthropic") {
      this.event("content_block_stop", { type: "content_block_stop", index: 0 });
      this.event("message_delta", {
        type: "message_delta",
        delta: { stop_reason: finishReason === "length" ? "max_tokens" : "end_turn", stop_sequence: null },
        usage: { output_tokens: Math.ceil(this.outputChars / 4) },
      });
      this.event("message_stop", { type: "message_stop" });
    } else {
      this.data(this.chunk({}, finishReason));
      // OpenAI's protocol: with stream_options.include_usage, one last chunk with no choices
      // carries the usage.
      const options = this.request.body?.stream_options as { include_usage?: boolean } | undefined;
      if (options?.include_usage) {
        const prompt = Math.ceil(this.request.text.length / 4);
        const completion = Math.ceil(this.outputChars / 4);
        this.data({
          ...this.chunk({}, null),
          choices: [],
          usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
        });
      }
      this.res.write("data: [DONE]\n\n");
    }
    this.res.end();
  }

  error(message: string) {
    if (this.request.api === "anthropic") {
      this.event("error", { type: "error", error: { type: "overloaded_error", message } });
    } else {
      this.data({ error: { message, type: "server_error", code: null } });
    }
  }

  private chunk(delta: Record<string, unknown>, finishReason: string | null) {
    return {
      id: this.id,
      object: "chat.completion.chunk",
      created: this.created,
      model: this.request.model ?? FAKE_MODEL,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    };
  }

  private data(payload: unknown) {
    this.res.write(`data: ${JSON.stringify(payload)}\n\n`);
  }

  private event(name: string, payload: unknown) {
    this.res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  }
}

function completionJson(request: FakeLlmRequest, text: string, finishReason: string) {
  const usage = { prompt_tokens: Math.ceil(request.text.length / 4), completion_tokens: Math.ceil(text.length / 4) };
  if (request.api === "anthropic") {
    return {
      id: `fake-${randomUUID()}`,
      type: "message",
      role: "assistant",
      model: request.model ?? FAKE_MODEL,
      content: [{ type: "text", text }],
      stop_reason: finishReason === "length" ? "max_tokens" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: usage.prompt_tokens, output_tokens: usage.completion_tokens },
    };
  }
  return {
    id: `fake-${randomUUID()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: request.model ?? FAKE_MODEL,
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: finishReason }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

/** Message content as plain text, whichever API shape it came in. */
function normalizeMessages(api: "openai" | "anthropic", body: Record<string, unknown> | null): FakeLlmMessage[] {
  if (!body) return [];
  const out: FakeLlmMessage[] = [];
  if (api === "anthropic" && body.system !== undefined) out.push({ role: "system", content: contentText(body.system) });
  const messages = Array.isArray(body.messages) ? body.messages : [];
  for (const message of messages as Array<{ role?: unknown; content?: unknown }>) {
    out.push({ role: String(message.role), content: contentText(message.content) });
  }
  return out;
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part: { text?: unknown }) => (typeof part?.text === "string" ? part.text : ""))
      .filter(Boolean)
      .join("\n");
  }
  return "";
}

function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(payload));
}

function split(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
