import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSttServer, startFakeSttServer } from "../../../test/fakes/stt-server";
import { BUNDLED_FIXTURES_DIR, createFixtureVideoSource } from "../../generation/video/fixtures";
import { createSpeechToText, SpeechToTextError } from "./transcriber";
import { languageCode, speechFromVideoAudio } from "./video-speech";

let fake: FakeSttServer;
beforeAll(async () => {
  fake = await startFakeSttServer();
});
afterAll(() => fake?.close());

const videos = createFixtureVideoSource(BUNDLED_FIXTURES_DIR);
const speech = () =>
  createSpeechToText({ baseUrl: fake.url, apiKey: undefined, model: "whisper-1", retryBaseDelayMs: 1 });
// What the bundled fixture's generated speech says.
const SAID = "Welcome back to the workshop. Today we fix a flat tyre in five minutes. First, take the wheel off.";

describe("words from a video's own audio", () => {
  it("sends the fixture's audio as MP3 pieces and answers the timed words with a language code", async () => {
    fake.enqueue({ type: "answer", heard: SAID, language: "english" });
    const heard = await speechFromVideoAudio(videos, speech(), "fL4tTyr3Fix");
    expect(heard).toEqual({
      language: "en",
      segments: [
        { start: 0, duration: 2, text: "Welcome back to the workshop." },
        { start: 2, duration: 2, text: "Today we fix a flat tyre in five minutes." },
        { start: 4, duration: 2, text: "First, take the wheel off." },
      ],
    });
    const [request] = fake.requests.slice(-1);
    expect(request.mimeType).toBe("audio/mpeg");
    expect(request.bytes.byteLength).toBeGreaterThan(10_000);
  });

  it("answers null without speech to text, or for a video with no audio", async () => {
    const before = fake.requests.length;
    expect(await speechFromVideoAudio(videos, null, "fL4tTyr3Fix")).toBeNull();
    expect(await speechFromVideoAudio(videos, speech(), "Mh6_LvOw3sA")).toBeNull();
    expect(await speechFromVideoAudio({}, speech(), "fL4tTyr3Fix")).toBeNull();
    expect(fake.requests.length).toBe(before);
  });

  it("throws the service's refusal rather than writing from the description", async () => {
    fake.enqueue({ type: "status", status: 400, message: "Audio file is too short." });
    await expect(speechFromVideoAudio(videos, speech(), "fL4tTyr3Fix")).rejects.toBeInstanceOf(SpeechToTextError);
  });

  it("releases the audio file whether it was heard or refused (a download is deleted then)", async () => {
    const fixture = await videos.fetchAudio("fL4tTyr3Fix");
    let released = 0;
    const once = { fetchAudio: async () => ({ path: fixture!.path, release: async () => void released++ }) };
    fake.enqueue({ type: "answer", heard: SAID, language: "english" });
    await speechFromVideoAudio(once, speech(), "fL4tTyr3Fix");
    fake.enqueue({ type: "status", status: 400, message: "Audio file is too short." });
    await expect(speechFromVideoAudio(once, speech(), "fL4tTyr3Fix")).rejects.toBeInstanceOf(SpeechToTextError);
    expect(released).toBe(2);
  });

  it("reads the services' language names and codes", () => {
    expect(languageCode("english")).toBe("en");
    expect(languageCode("Portuguese")).toBe("pt");
    expect(languageCode("pt-BR")).toBe("pt-br");
    expect(languageCode("de")).toBe("de");
    expect(languageCode(null)).toBe("und");
    expect(languageCode("klingon")).toBe("und");
  });
});
