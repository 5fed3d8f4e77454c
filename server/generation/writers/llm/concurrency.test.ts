import { describe, expect, it } from "vitest";
import { cooperativeAnswer } from "../../../../test/fakes/llm-server";
import { fakeLlmServerForTests } from "../../../../test/fakes/llm-server-hooks";
import type { WriterProgress } from "../../types";
import { createLlmWriter } from "./index";
import { makeRequest } from "./testing";

// LLM_MAX_CONCURRENCY: one writer (one per process) lets at most so many calls to the provider
// fly at once, across every article it writes; an article waiting for a place says so.

const server = fakeLlmServerForTests();

function progressLog() {
  const details: string[] = [];
  const onProgress: WriterProgress = (event) => {
    if (event.detail) details.push(event.detail);
  };
  return { details, onProgress };
}

describe("the LLM writer's cap on calls in flight", () => {
  it("lets one call fly at a time with a cap of one, and the waiting article says it waits", async () => {
    server().setDefault((request) => ({ type: "reply", text: cooperativeAnswer(request), delayMs: 100 }));
    const writer = createLlmWriter({
      provider: "openai",
      baseUrl: server().url,
      apiKey: "sk-test",
      model: "fake-model",
      timeoutMs: 5_000,
      maxConcurrency: 1,
    });
    const logs = [progressLog(), progressLog(), progressLog()];
    const articles = await Promise.all(
      logs.map((log, i) =>
        writer.write(makeRequest({ length: "short", tone: i === 1 ? "casual" : "formal" }), log.onProgress),
      ),
    );
    for (const article of articles) expect(article.markdown.length).toBeGreaterThan(0);
    expect(server().chatRequests.length).toBeGreaterThanOrEqual(3);
    expect(server().maxConcurrent).toBe(1);
    const waited = logs.filter((log) => log.details.includes("Waiting for a free AI writer"));
    expect(waited.length).toBeGreaterThanOrEqual(1);
    // Once it has a place, the dialog goes back to what it said before.
    for (const { details } of waited) {
      const at = details.indexOf("Waiting for a free AI writer");
      expect(at).toBeGreaterThan(0);
      expect(details[at + 1]).toBe(details[at - 1]);
    }
  });

  it("lets several calls fly with a larger cap", async () => {
    server().setDefault((request) => ({ type: "reply", text: cooperativeAnswer(request), delayMs: 100 }));
    const writer = createLlmWriter({
      provider: "openai",
      baseUrl: server().url,
      apiKey: "sk-test",
      model: "fake-model",
      timeoutMs: 5_000,
      maxConcurrency: 3,
    });
    await Promise.all([0, 1, 2].map(() => writer.write(makeRequest({ length: "short" }))));
    expect(server().maxConcurrent).toBe(3);
  });
});
