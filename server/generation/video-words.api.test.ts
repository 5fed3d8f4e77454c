import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIDEO_WORDS_LINES } from "../../contract/video-words";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { FIXTURES } from "../../test/fixtures";
import { createSpeechToText } from "../sources/speech/transcriber";

// Issue 16 item 4: before writing, the dialog can say where the article's words would come from.

let withSpeech: TestApp;
let withoutSpeech: TestApp;
beforeAll(async () => {
  // Configured but never called: the look only asks whether audio could be heard.
  const speech = createSpeechToText({ baseUrl: "http://127.0.0.1:9/v1", apiKey: undefined, model: "whisper-1" });
  withSpeech = await createTestApp({}, { generation: { speech, worker: false } });
  withoutSpeech = await createTestApp({}, { generation: { speech: null, worker: false } });
});
afterAll(async () => {
  await withSpeech?.close();
  await withoutSpeech?.close();
});

const look = (t: TestApp, videoId: string, cookie?: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/videos/${videoId}/words`,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });

describe("GET /api/videos/{videoId}/words", () => {
  it("tells captions, automatic captions, speech recognition and the description only apart", async () => {
    const { cookie } = await registerUser(withSpeech.app);
    const cases: Array<[string, string]> = [
      [FIXTURES.rich(), "captions"],
      [FIXTURES.autoCaptions(), "auto-captions"],
      [FIXTURES.withAudio(), "speech"],
    ];
    for (const [videoId, words] of cases) {
      const answer = await look(withSpeech, videoId, cookie);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ videoId, words, canHear: true });
      expect(answer.json().title.length).toBeGreaterThan(0);
    }
    // Without speech to text the same video's audio cannot be heard: the description only.
    const other = await registerUser(withoutSpeech.app);
    expect((await look(withoutSpeech, FIXTURES.withAudio(), other.cookie)).json()).toMatchObject({
      words: "none",
      canHear: false,
    });
    expect(VIDEO_WORDS_LINES.none).toMatch(/description only/);
  });

  it("needs a session and a video id, and says when the video cannot be read", async () => {
    expect((await look(withSpeech, FIXTURES.rich())).statusCode).toBe(401);
    const { cookie } = await registerUser(withSpeech.app);
    const bad = await look(withSpeech, "not-an-id", cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/valid YouTube URL/);
    const gone = await look(withSpeech, FIXTURES.private(), cookie);
    expect(gone.statusCode).toBe(422);
    expect(gone.json().message).toMatch(/private/);
  });
});
