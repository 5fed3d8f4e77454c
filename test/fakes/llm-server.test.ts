import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { countWords } from "../../server/content/text";
import { disconnectAfter, failWith, fakeArticle, fakeProse, junk, reply, streamErrorAfter } from "./llm-server";
import { fakeLlmServerForTests } from "./llm-server-hooks";

const server = fakeLlmServerForTests();

function openai() {
  return createOpenAICompatible({ name: "fake", baseURL: server().url, apiKey: "sk-test-key" })("fake-model");
}

async function collect(result: ReturnType<typeof streamText>) {
  let text = "";
  const errors: unknown[] = [];
  try {
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") text += part.text;
      if (part.type === "error") errors.push(part.error);
    }
  } catch (error) {
    // A dropped connection ends the stream with a thrown error rather than an error part.
    errors.push(error);
  }
  return { text, errors };
}

describe("fake LLM server", () => {
  it("streams a reply through the real OpenAI-compatible client and records the request", async () => {
    server().enqueue(reply("Hello from the fake model, in several small chunks.", { chunkSize: 5 }));
    const result = streamText({
      model: openai(),
      system: "Be brief.",
      messages: [{ role: "user", content: "Say hello" }],
      maxRetries: 0,
    });
    expect((await collect(result)).text).toBe("Hello from the fake model, in several small chunks.");
    const [request] = server().chatRequests;
    expect(request.api).toBe("openai");
    expect(request.stream).toBe(true);
    expect(request.model).toBe("fake-model");
    expect(request.headers.authorization).toBe("Bearer sk-test-key");
    expect(request.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Say hello" },
    ]);
    expect(request.lastUserText).toBe("Say hello");
  });

  it("answers plain JSON when the request does not stream", async () => {
    server().enqueue(reply("Plain answer"));
    const result = await generateText({ model: openai(), prompt: "hi", maxRetries: 0 });
    expect(result.text).toBe("Plain answer");
    expect(server().chatRequests[0].stream).toBe(false);
  });

  it("lists models", async () => {
    const response = await fetch(`${server().url}/models`);
    expect(response.status).toBe(200);
    expect((await response.json()).data[0].id).toBe("fake-model");
  });

  it("fails with a status and Retry-After the client sees", async () => {
    server().enqueue(failWith(429, { retryAfter: "3", message: "Slow down" }));
    const error = await generateText({ model: openai(), prompt: "hi", maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    const apiError = error as APICallError;
    expect(apiError.statusCode).toBe(429);
    expect(apiError.isRetryable).toBe(true);
    expect(apiError.responseHeaders?.["retry-after"]).toBe("3");
    expect(apiError.message).toContain("Slow down");
  });

  it("surfaces a dropped connection, an in-stream error and junk as stream errors", async () => {
    for (const behaviour of [disconnectAfter("partial answer"), streamErrorAfter("partial"), junk()]) {
      server().enqueue(behaviour);
      const { errors } = await collect(streamText({ model: openai(), prompt: "hi", maxRetries: 0, onError: () => {} }));
      expect(errors.length).toBeGreaterThan(0);
    }
  });

  it("answers with a function of the request, and the cooperative default follows the asked length", async () => {
    server().enqueue(reply((request) => `You said: ${request.lastUserText}`));
    expect((await generateText({ model: openai(), prompt: "ping", maxRetries: 0 })).text).toBe("You said: ping");

    const result = await generateText({
      model: openai(),
      prompt: "Write between 300 and 500 words.",
      maxRetries: 0,
    });
    const body = result.text.split("\n---\n")[1];
    expect(countWords(body)).toBe(400);
  });

  it("speaks the Anthropic messages API, streamed", async () => {
    server().enqueue(reply("Claude-ish answer", { chunkSize: 4 }));
    const model = createAnthropic({ baseURL: server().url, apiKey: "anthropic-test-key" })("claude-test");
    const { text, errors } = await collect(
      streamText({
        model,
        system: "Sys",
        messages: [{ role: "user", content: "Hi" }],
        maxRetries: 0,
        maxOutputTokens: 100,
      }),
    );
    expect(errors).toEqual([]);
    expect(text).toBe("Claude-ish answer");
    const [request] = server().chatRequests;
    expect(request.api).toBe("anthropic");
    expect(request.headers["x-api-key"]).toBe("anthropic-test-key");
    expect(request.messages[0]).toEqual({ role: "system", content: "Sys" });
  });

  it("answers a plan request with a plan, never an article, even when it names a word range", async () => {
    const result = await generateText({
      model: openai(),
      system: "Reply with the ARTICLE PLAN in exactly this layout: THESIS, SPEAKERS, SECTIONS.",
      prompt: "Plan an article of between 500 and 800 words.",
      maxRetries: 0,
    });
    expect(result.text).toMatch(/^SECTIONS:$/m);
    expect(result.text).not.toMatch(/^(TITLE:|---$)|ARTICLE PLAN/m);
  });

  it("writes prose and articles with exact word counts", () => {
    expect(countWords(fakeProse(137))).toBe(137);
    expect(countWords(fakeArticle(420).split("\n---\n")[1])).toBe(420);
  });
});
