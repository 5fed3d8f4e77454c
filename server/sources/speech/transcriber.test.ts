import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeSttServer, startFakeSttServer } from "../../../test/fakes/stt-server";
import { createSpeechToText, MAX_UPLOAD_BYTES, NOT_ANSWERING, SpeechToTextError } from "./transcriber";

let fake: FakeSttServer;
beforeAll(async () => {
  fake = await startFakeSttServer();
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const waits: number[] = [];
const client = (overrides: Partial<Parameters<typeof createSpeechToText>[0]> = {}) =>
  createSpeechToText({
    baseUrl: fake.url,
    apiKey: "stt-secret-key",
    model: "whisper-1",
    retryBaseDelayMs: 10,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });

// The fake hears UTF-8 text as speech, a sentence every two seconds.
const piece = (text: string, offsetSeconds = 0) => ({
  bytes: new TextEncoder().encode(text),
  fileName: "part.mp3",
  mimeType: "audio/mpeg",
  offsetSeconds,
});

describe("speech to text (OpenAI-compatible transcriptions)", () => {
  it("posts the audio as multipart with the model and verbose_json, and answers timed segments", async () => {
    const heard = await client().transcribe([piece("Welcome to the workshop. Today we fix a flat.")], {
      language: "en",
    });
    expect(heard).toEqual({
      language: "en",
      segments: [
        { start: 0, duration: 2, text: "Welcome to the workshop." },
        { start: 2, duration: 2, text: "Today we fix a flat." },
      ],
    });
    const [request] = fake.requests;
    expect(request.fields).toMatchObject({ model: "whisper-1", response_format: "verbose_json", language: "en" });
    expect(request.fileName).toBe("part.mp3");
    expect(request.mimeType).toBe("audio/mpeg");
    expect(request.headers.authorization).toBe("Bearer stt-secret-key");
  });

  it("stitches the pieces of one recording onto one clock, in order", async () => {
    const heard = await client().transcribe([piece("First part. Still first."), piece("Second part.", 600)]);
    expect(heard.segments.map((s) => [s.start, s.text])).toEqual([
      [0, "First part."],
      [2, "Still first."],
      [600, "Second part."],
    ]);
    expect(fake.requests).toHaveLength(2);
  });

  it("takes a text-only answer as one segment", async () => {
    fake.enqueue({ type: "text-only" });
    const heard = await client().transcribe([piece("Just words. No timings.")]);
    expect(heard.segments).toEqual([{ start: 0, duration: 0, text: "Just words. No timings." }]);
  });

  it("retries 429 and 5xx with backoff, honouring Retry-After, then succeeds", async () => {
    waits.length = 0;
    fake.enqueue({ type: "status", status: 503 }, { type: "status", status: 429, retryAfterSeconds: 2 });
    const heard = await client().transcribe([piece("Third time lucky.")]);
    expect(heard.segments).toHaveLength(1);
    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([10, 2000]);
  });

  it("gives up after its retries with a sentence a person can read", async () => {
    fake.enqueue(...Array.from({ length: 4 }, () => ({ type: "status" as const, status: 502 })));
    const error = await client({ maxRetries: 3 })
      .transcribe([piece("Nobody home.")])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechToTextError);
    expect((error as SpeechToTextError).message).toBe(NOT_ANSWERING);
    expect((error as SpeechToTextError).retryable).toBe(true);
    expect(fake.requests).toHaveLength(4);
  });

  it("does not retry another 4xx, and says why in the service's words without the key", async () => {
    fake.enqueue({ type: "status", status: 400, message: "Invalid file format for key stt-secret-key." });
    const error = await client()
      .transcribe([piece("Bad audio.")])
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe("Speech recognition refused the recording: Invalid file format for key ***.");
    expect(fake.requests).toHaveLength(1);

    fake.enqueue({ type: "status", status: 401 });
    const refused = await client()
      .transcribe([piece("Wrong key.")])
      .catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(/API key was not accepted/);
  });

  it("retries an answer that is not JSON, and refuses a piece over 25 MB before sending it", async () => {
    fake.enqueue({ type: "garbage" });
    expect((await client().transcribe([piece("After a hiccup.")])).segments).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);

    const big = { ...piece(""), bytes: new Uint8Array(MAX_UPLOAD_BYTES + 1) };
    await expect(client().transcribe([big])).rejects.toThrow(/larger than speech recognition accepts/);
    expect(fake.requests).toHaveLength(2);
  });
});
