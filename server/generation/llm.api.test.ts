import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LENGTH_WORDS } from "../../contract/options";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import {
  careless,
  type FakeLlmServer,
  failWith,
  inventedMaterial,
  startFakeLlmServer,
} from "../../test/fakes/llm-server";
import { FIXTURES } from "../../test/fixtures";
import { countWords } from "../content/text";
import { createLlmWriter } from "./writers/llm";

// The real AI SDK client talks to a fake OpenAI-compatible server on loopback, with short
// timeouts and backoff so failures show quickly.
let llm: FakeLlmServer;
let t: TestApp;
beforeAll(async () => {
  llm = await startFakeLlmServer();
  const writer = createLlmWriter({
    provider: "openai",
    baseUrl: llm.url,
    apiKey: "test-key",
    model: "fake-model",
    timeoutMs: 2_000,
    maxRetries: 2,
    retryBaseDelayMs: 10,
  });
  t = await createTestApp({}, { generation: { writer } });
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

const create = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/articles", headers: { origin: TEST_ORIGIN, cookie }, payload });

describe("POST /api/articles with an LLM writer", () => {
  it("writes through the model, with the transcript passed as data and the length met", async () => {
    llm.reset();
    const { cookie } = await registerUser(t.app);
    const response = await create(cookie, {
      youtubeUrl: FIXTURES.rich(),
      style: "nyt",
      length: "long",
      tone: "formal",
    });
    expect(response.statusCode, response.body).toBe(201);
    const words = countWords(response.json().contentMarkdown);
    expect(words).toBeGreaterThanOrEqual(LENGTH_WORDS.long.min);
    expect(words).toBeLessThanOrEqual(LENGTH_WORDS.long.max);
    // A long article: a plan call (low temperature, numbered lines), then the article itself.
    const [plan, prompt] = llm.chatRequests;
    expect(plan.messages[0].content).toContain("ARTICLE PLAN");
    expect(plan.lastUserText).toMatch(/^L1 \[0:00 t=0\] /m);
    expect(plan.body?.temperature).toBe(0.2);
    expect(prompt.messages[0].content).not.toContain("ARTICLE PLAN");
    expect(prompt.text).toContain("<transcript");
    expect(prompt.messages[0].content).toContain("Headline: a factual news headline with a verb");
    expect(prompt.body?.temperature).toBe(0.6);
    for (const call of [plan, prompt]) {
      expect(call.model).toBe("fake-model");
      expect(call.stream).toBe(true);
    }
  });

  it("answers 502 with a readable message when the model keeps failing, and keeps the allowance", async () => {
    llm.reset();
    llm.setDefault(failWith(500, { message: "upstream exploded" }));
    const { cookie } = await registerUser(t.app);
    const response = await create(cookie, { youtubeUrl: FIXTURES.short(), length: "short" });
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json().message).toMatch(/AI writer/);
    expect(response.json().message).not.toContain("test-key");
    const limits = await t.app.inject({ method: "GET", url: "/api/user/limits", headers: { cookie } });
    expect(limits.json()).toEqual({ canCreate: true, remaining: 3, isGuest: true });
    // One first try and two retries: bounded, not endless.
    expect(llm.chatRequests.length).toBe(3);
  });

  it("recovers from a 429 with Retry-After", async () => {
    llm.reset();
    llm.enqueue(failWith(429, { retryAfter: "0" }));
    const { cookie } = await registerUser(t.app);
    const response = await create(cookie, { youtubeUrl: FIXTURES.short(), length: "short" });
    expect(response.statusCode, response.body).toBe(201);
    expect(llm.chatRequests.length).toBeGreaterThanOrEqual(2);
  });
});

describe("POST /api/articles with a careless model", () => {
  it("publishes the article with none of what the model invented, and returns its receipts", async () => {
    llm.reset();
    llm.setDefault(careless("all"));
    const { cookie } = await registerUser(t.app);
    const response = await create(cookie, { youtubeUrl: FIXTURES.rich(), style: "blog", length: "medium" });
    expect(response.statusCode, response.body).toBe(201);
    const article = response.json();

    const invented = llm.chatRequests.map((r) => inventedMaterial("all", r));
    const quotes = invented.flatMap((m) => m.quotes.filter((q) => !m.altered.some((a) => a.quote === q)));
    const names = invented.flatMap((m) => m.names);
    expect(quotes.length + names.length).toBeGreaterThan(0);
    for (const text of [...quotes, ...names]) {
      expect(article.contentMarkdown).not.toContain(text);
      expect(article.content).not.toContain(text);
    }
    // Links the model put past the end of the video are gone.
    for (const link of invented.flatMap((m) => m.links).filter((l) => l.reason === "past-end")) {
      expect(article.contentMarkdown).not.toContain(link.url);
    }
    expect(countWords(article.contentMarkdown)).toBeGreaterThan(300);
    expect(article.evidence).toMatchObject({ checkedAgainst: "transcript", timed: true, editedAfterCheck: false });
    expect(article.evidence.quotes.length).toBeGreaterThan(0);
    expect(article.evidence.sections.every((s: { start: number | null }) => s.start !== null)).toBe(true);
    expect(article.evidence.corrections.dropped).toBeGreaterThan(0);

    // The same read over GET: the receipts are stored.
    const read = await t.app.inject({ method: "GET", url: `/api/articles/${article.id}`, headers: { cookie } });
    expect(read.json().evidence).toEqual(article.evidence);
  });
});
