import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { type FakeSttServer, startFakeSttServer } from "../../test/fakes/stt-server";
import { FIXTURES } from "../../test/fixtures";
import { users } from "../db/schema";
import { createSpeechToText } from "../sources/speech/transcriber";

// Issue 16: a video without captions is written from its own audio when speech to text is set up.

const SAID =
  "Welcome back to the workshop. Today we fix a flat tyre in five minutes. First, take the wheel off. Then find the hole and patch it.";

let fake: FakeSttServer;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeSttServer();
  const speech = createSpeechToText({ baseUrl: fake.url, apiKey: "stt-key", model: "whisper-1", retryBaseDelayMs: 1 });
  t = await createTestApp({}, { generation: { speech } });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const create = (cookie: string, youtubeUrl: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/articles",
    headers: { origin: TEST_ORIGIN, cookie },
    payload: { youtubeUrl, length: "short", style: "blog" },
  });

describe("speech to text in the pipeline", () => {
  it("writes a video without captions from what speech recognition heard, with moments on its clock", async () => {
    fake.enqueue({ type: "answer", heard: SAID, language: "english" });
    const { cookie } = await registerUser(t.app);
    const created = await create(cookie, `https://youtu.be/${FIXTURES.withAudio()}`);
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json();
    expect(article).toMatchObject({ transcriptSource: "speech", transcriptUsed: true });
    // The audio went to the service as an MP3 piece, with the model and verbose_json.
    const request = fake.requests.at(-1)!;
    expect(request.fields).toMatchObject({ model: "whisper-1", response_format: "verbose_json" });
    expect(request.mimeType).toBe("audio/mpeg");
    // What was heard is in the article, and its moment links land inside the 11-second video.
    expect(article.content).toMatch(/wheel off|flat tyre|patch it/);
    const moments = [...article.content.matchAll(/[?&]t=(\d+)s/g)].map((m) => Number(m[1]));
    for (const t of moments) expect(t).toBeLessThanOrEqual(11);
    expect(article.evidence?.transcriptKind).toBe("speech");
  });

  it("fails with the service's sentence when it refuses the audio, and gives the allowance back", async () => {
    fake.enqueue({ type: "status", status: 401, message: "Incorrect API key provided." });
    const { cookie, user } = await registerUser(t.app);
    const created = await create(cookie, `https://youtu.be/${FIXTURES.withAudio()}`);
    expect(created.statusCode).toBe(502);
    expect(created.json().message).toBe("Speech recognition refused the request: its API key was not accepted.");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.articlesInProgress).toBe(0);
    expect(row.articlesGenerated).toBe(0);
  });

  it("leaves a video with captions to its captions", async () => {
    const before = fake.requests.length;
    const { cookie } = await registerUser(t.app);
    const created = await create(cookie, `https://youtu.be/${FIXTURES.rich()}`);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().transcriptSource).toBe("captions");
    expect(fake.requests.length).toBe(before);
  });
});
