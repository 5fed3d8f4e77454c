import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORDING_ERRORS } from "../../contract/recordings";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { type FakeSttServer, startFakeSttServer } from "../../test/fakes/stt-server";
import { call, partUrl, SPOKEN_MP3, start } from "../recordings/test-helpers";
import { createSpeechToText } from "../sources/speech/transcriber";

// Issue 16 item 3: a recording uploaded through the API becomes an article written from it.

const SAID =
  "Good morning from the allotment. This spring we planted forty tomato plants in raised beds. The first frost came late, so every plant survived. Next year we will add a second greenhouse for peppers.";

let fake: FakeSttServer;
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  fake = await startFakeSttServer();
  dataDir = mkdtempSync(join(tmpdir(), "vidscribe-recording-article-"));
  const speech = createSpeechToText({ baseUrl: fake.url, apiKey: undefined, model: "whisper-1", retryBaseDelayMs: 1 });
  t = await createTestApp(
    { STT_PROVIDER: "openai", STT_BASE_URL: fake.url, DATA_DIR: dataDir },
    { generation: { speech } },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Uploads the spoken mp3 whole (one part) and completes it: the recording's id. */
async function uploaded(cookie: string): Promise<string> {
  const plan = await start(t, cookie, "allotment_diary.mp3", SPOKEN_MP3.length);
  const put = await t.app.inject({
    method: "PUT",
    url: new URL(await partUrl(t, cookie, plan.recordingId, 1)).pathname,
    headers: { origin: TEST_ORIGIN, "content-type": "application/octet-stream" },
    payload: SPOKEN_MP3,
  });
  expect(put.statusCode, put.body).toBe(200);
  const done = await call(t, "POST", `/api/recordings/${plan.recordingId}/complete`, cookie, {
    parts: [{ partNumber: 1, etag: String(put.headers.etag) }],
  });
  expect(done.statusCode, done.body).toBe(200);
  return plan.recordingId;
}

const create = (cookie: string, payload: object) => call(t, "POST", "/api/articles", cookie, payload);

describe("an article from your own recording", () => {
  it("is written from what speech recognition heard in it, with no YouTube link", async () => {
    const { cookie } = await registerUser(t.app);
    const recordingId = await uploaded(cookie);
    fake.enqueue({ type: "answer", heard: SAID, language: "english" });
    const created = await create(cookie, { recordingId, style: "blog", length: "short" });
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json();
    expect(article).toMatchObject({
      transcriptSource: "file",
      transcriptUsed: true,
      youtubeUrl: null,
      youtubeVideoId: null,
      thumbnailUrl: null,
      language: "en",
    });
    expect(article.content).toMatch(/tomato|frost|greenhouse/);
    expect(article.content).not.toMatch(/youtube\.com/);
    expect(fake.requests.at(-1)?.mimeType).toBe("audio/mpeg");
  });

  it("takes only the user's own finished recording", async () => {
    const owner = await registerUser(t.app);
    const recordingId = await uploaded(owner.cookie);
    const other = await registerUser(t.app);
    const stolen = await create(other.cookie, { recordingId, style: "blog" });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(RECORDING_ERRORS.notReady);
    const plan = await start(t, owner.cookie, "half.mp3", SPOKEN_MP3.length);
    const unfinished = await create(owner.cookie, { recordingId: plan.recordingId, style: "blog" });
    expect(unfinished.statusCode).toBe(400);
    const garbage = await create(owner.cookie, { recordingId: "not-a-uuid", style: "blog" });
    expect(garbage.statusCode).toBe(400);
    const neither = await create(owner.cookie, { style: "blog" });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toMatch(/valid YouTube URL/);
  });
});
