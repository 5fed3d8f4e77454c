import multipart from "@fastify/multipart";
import Fastify from "fastify";

/**
 * A fake speech-to-text server on loopback that speaks the OpenAI transcription API
 * (`POST /v1/audio/transcriptions`, multipart, `response_format=verbose_json`), so tests drive
 * the real client end to end. The "audio" a test sends is UTF-8 text standing for what is said:
 * the fake hears it sentence by sentence, two seconds each. Each request takes the next queued
 * behaviour (enqueue), or answers normally when the queue is empty.
 */

export interface FakeSttRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The form's text fields (model, response_format, language…); repeated fields keep the last. */
  fields: Record<string, string>;
  fileName: string | null;
  mimeType: string | null;
  bytes: Buffer;
}

export type FakeSttBehaviour =
  /** Answer as a real service would: verbose JSON with a segment per sentence of the "audio". */
  | { type: "answer"; language?: string; heard?: string }
  /** Answer the text only, without segments (some servers do). */
  | { type: "text-only" }
  /** Fail with this status and an OpenAI-style error body (Retry-After when given). */
  | { type: "status"; status: number; message?: string; retryAfterSeconds?: number }
  /** Answer 200 with a body that is not JSON. */
  | { type: "garbage" };

export interface FakeSttServer {
  /** The API base to configure (ends in /v1). */
  url: string;
  requests: FakeSttRequest[];
  enqueue(...behaviours: FakeSttBehaviour[]): void;
  close(): Promise<void>;
}

/** Seconds each heard sentence lasts. */
export const SECONDS_PER_SENTENCE = 2;

/** What the fake hears in a piece of "audio": its sentences, each SECONDS_PER_SENTENCE long. */
export function heardSegments(bytes: Buffer): Array<{ id: number; start: number; end: number; text: string }> {
  const sentences = bytes
    .toString("utf8")
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return sentences.map((text, k) => ({
    id: k,
    start: k * SECONDS_PER_SENTENCE,
    end: (k + 1) * SECONDS_PER_SENTENCE,
    text: ` ${text}`,
  }));
}

export async function startFakeSttServer(): Promise<FakeSttServer> {
  const app = Fastify({ logger: false });
  await app.register(multipart, { limits: { fileSize: 30 * 1024 * 1024 } });
  const requests: FakeSttRequest[] = [];
  const queue: FakeSttBehaviour[] = [];

  app.post("/v1/audio/transcriptions", async (request, reply) => {
    const got: FakeSttRequest = {
      headers: request.headers,
      fields: {},
      fileName: null,
      mimeType: null,
      bytes: Buffer.alloc(0),
    };
    for await (const part of request.parts()) {
      if (part.type === "file") {
        got.fileName = part.filename;
        got.mimeType = part.mimetype;
        got.bytes = await part.toBuffer();
      } else {
        got.fields[part.fieldname] = String(part.value);
      }
    }
    requests.push(got);
    const behaviour = queue.shift() ?? { type: "answer" };
    if (behaviour.type === "status") {
      if (behaviour.retryAfterSeconds !== undefined) reply.header("retry-after", String(behaviour.retryAfterSeconds));
      return reply
        .status(behaviour.status)
        .send({ error: { message: behaviour.message ?? `fake failure ${behaviour.status}`, type: "fake" } });
    }
    if (behaviour.type === "garbage") return reply.type("text/plain").send("<html>gateway</html>");
    if (!got.fileName) return reply.status(400).send({ error: { message: "No file was sent." } });
    if (got.fields.model === undefined) return reply.status(400).send({ error: { message: "model is required" } });
    // Real audio (a fixture's MP3) is "heard" as the words the test says it holds.
    const segments = heardSegments(
      behaviour.type === "answer" && behaviour.heard !== undefined ? Buffer.from(behaviour.heard) : got.bytes,
    );
    const text = segments.map((s) => s.text.trim()).join(" ");
    if (behaviour.type === "text-only") return { text };
    return {
      task: "transcribe",
      language: behaviour.language ?? got.fields.language ?? "english",
      duration: segments.length * SECONDS_PER_SENTENCE,
      text,
      segments,
    };
  });

  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url: `${address}/v1`,
    requests,
    enqueue: (...behaviours) => queue.push(...behaviours),
    close: () => app.close(),
  };
}
