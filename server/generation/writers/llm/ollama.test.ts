import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fakeArticle, startFakeLlmServer } from "../../../../test/fakes/llm-server";
import { countWords } from "../../../content/text";
import { WriterError } from "../../types";
import { createLlmWriter } from "./index";
import { numCtxFor, ollamaRoot, probeOllama } from "./ollama";
import { makeRequest, makeTranscript, makeVideo } from "./testing";

/** Ollama's native API as far as the writer uses it: /api/version and streamed /api/chat (NDJSON). */
interface NativeCall {
  path: string;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
    options: Record<string, unknown>;
  };
}
let calls: NativeCall[] = [];
let failures: { status: number; error: string }[] = [];
let server: Server;
let root: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      if (req.method === "GET" && req.url === "/api/version") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ version: "0.12.3" }));
        return;
      }
      if (req.method !== "POST" || req.url !== "/api/chat") {
        res.writeHead(404).end("404 page not found");
        return;
      }
      const body = JSON.parse(raw) as NativeCall["body"];
      calls.push({ path: req.url, body });
      const failure = failures.shift();
      if (failure) {
        res
          .writeHead(failure.status, { "content-type": "application/json" })
          .end(JSON.stringify({ error: failure.error }));
        return;
      }
      const range = /between (\d+) and (\d+) words/.exec(body.messages.map((m) => m.content).join("\n"));
      const text = range
        ? fakeArticle(Math.round((Number(range[1]) + Number(range[2])) / 2))
        : "- [0:00 t=0] a note on this part of the transcript";
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      for (let i = 0; i < text.length; i += 50) {
        res.write(
          `${JSON.stringify({ model: body.model, message: { role: "assistant", content: text.slice(i, i + 50) }, done: false })}\n`,
        );
      }
      res.end(
        `${JSON.stringify({ model: body.model, message: { role: "assistant", content: "" }, done: true, done_reason: "stop", prompt_eval_count: 900, eval_count: 600 })}\n`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  calls = [];
  failures = [];
});

const ollamaWriter = (contextTokens: number) =>
  createLlmWriter({
    provider: "openai",
    baseUrl: `${root}/v1`,
    model: "llama3.1:8b",
    contextTokens,
    maxRetries: 2,
    retryBaseDelayMs: 1,
    timeoutMs: 2_000,
  });

describe("an Ollama server behind LLM_PROVIDER=openai", () => {
  it("is sent the context size as num_ctx through its native chat API, with the temperature", async () => {
    const article = await ollamaWriter(32_768).write(makeRequest({ length: "medium" }));
    expect(countWords(article.markdown)).toBeGreaterThanOrEqual(500);
    expect(article.title).toBe("A Clear Look at the Ideas in This Video");
    expect(calls.map((c) => c.path)).toEqual(["/api/chat", "/api/chat"]);
    const [plan, write] = calls;
    expect(plan.body.stream).toBe(true);
    expect(plan.body.model).toBe("llama3.1:8b");
    expect(plan.body.messages[0].role).toBe("system");
    expect(plan.body.options).toEqual({ num_ctx: 8_192, temperature: 0.2 });
    expect(write.body.options).toEqual({ num_ctx: 8_192, temperature: 0.6 });
  });

  it("asks for a window the prompt fits in, never more than the model's context", async () => {
    const transcript = makeTranscript(9_000);
    const request = makeRequest({ length: "long", transcript, video: makeVideo({ transcript }) });
    await ollamaWriter(128_000).write(request);
    // About 16,000 tokens of transcript in each prompt: the next power of two above it and the answer.
    expect(calls.map((c) => c.body.options.num_ctx)).toEqual([32_768, 32_768]);
    calls = [];
    await ollamaWriter(20_000).write(request);
    expect(calls.length).toBeGreaterThan(2); // Summarised in parts first, to fit the smaller context.
    for (const call of calls) expect(call.body.options.num_ctx).toBeLessThanOrEqual(20_000);
    expect(numCtxFor([{ content: "x".repeat(40_000) }], undefined, 128_000)).toBe(16_384);
    expect(numCtxFor([{ content: "x".repeat(400_000) }], 2_000, 64_000)).toBe(64_000);
  });

  it("keeps the retries and the messages for people: a 500 is retried, a 404 is not", async () => {
    failures.push({ status: 500, error: "llama runner process has terminated" });
    const article = await ollamaWriter(32_768).write(makeRequest());
    expect(countWords(article.markdown)).toBe(400);
    expect(calls).toHaveLength(2);

    calls = [];
    failures.push({ status: 404, error: 'model "llama3.1:8b" not found, try pulling it first' });
    const error = await ollamaWriter(32_768)
      .write(makeRequest())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriterError);
    expect((error as WriterError).message).toBe(
      "The AI writer rejected the request: the model or address was not found.",
    );
    expect(calls).toHaveLength(1);
  });

  it("is told apart from other OpenAI-compatible servers, which keep /v1/chat/completions", async () => {
    expect(await probeOllama(`${root}/v1`, fetch)).toBe(true);
    expect(ollamaRoot("http://localhost:11434/v1/")).toBe("http://localhost:11434");
    expect(ollamaRoot("https://proxy.example/openai")).toBeNull();
    const other = await startFakeLlmServer();
    try {
      expect(await probeOllama(other.url, fetch)).toBe(false);
      await createLlmWriter({ provider: "openai", baseUrl: other.url, apiKey: "k", retryBaseDelayMs: 1 }).write(
        makeRequest(),
      );
      expect(other.chatRequests.map((r) => r.path)).toEqual(["/v1/chat/completions"]);
      expect(other.chatRequests[0].body).not.toHaveProperty("options");
    } finally {
      await other.close();
    }
    // Unreachable: not known yet (asked again on the next call), never an error.
    expect(await probeOllama("http://127.0.0.1:9/v1", fetch)).toBeNull();
  });
});
