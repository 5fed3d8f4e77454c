import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORDING_ERRORS } from "../../contract/recordings";
import { type FakeSttServer, startFakeSttServer } from "../../test/fakes/stt-server";
import { createSpeechToText } from "../sources/speech/transcriber";
import { type PipelineInput, produceArticle } from "./pipeline";
import {
  NO_SPEECH_HEARD,
  type RecordingFiles,
  RecordingMissingError,
  recordingVideoId,
  recordingWording,
  titleFromFileName,
  withoutRecordingLinks,
} from "./recording-source";
import type { VideoSource } from "./types";
import { BUNDLED_FIXTURES_DIR } from "./video/fixtures";
import { writeExtractive } from "./writers/extractive";

// Issue 16 item 3: your own recording is written from what speech to text hears in it.

const SAID =
  "Welcome to our allotment diary. This spring we planted forty tomato plants in raised beds. The first frost came late, so every plant survived. Next year we will add a second greenhouse.";
const RECORDING = "6a0c1f2e-8d4b-4c3a-9e5f-0123456789ab";

let fake: FakeSttServer;
beforeAll(async () => {
  fake = await startFakeSttServer();
});
afterAll(() => fake?.close());

const speech = () =>
  createSpeechToText({ baseUrl: fake.url, apiKey: undefined, model: "whisper-1", retryBaseDelayMs: 1 });
// Never asked: a recording is not a video.
const videos: VideoSource = {
  name: "none",
  fetchVideo: () => Promise.reject(new Error("a recording must not be fetched as a video")),
};
const released: string[] = [];
const files: RecordingFiles = {
  async open(id, userId) {
    if (id !== RECORDING || userId !== "owner") return null;
    return {
      fileName: "allotment_diary.mp3",
      durationSeconds: 11,
      path: join(BUNDLED_FIXTURES_DIR, "fL4tTyr3Fix.mp3"),
      release: async () => {
        released.push(id);
      },
    };
  },
};
const writer = {
  name: "extractive",
  write: async (request: Parameters<typeof writeExtractive>[0]) => writeExtractive(request),
};
const input = (userId = "owner"): PipelineInput => ({
  videoId: recordingVideoId(RECORDING),
  style: "blog",
  length: "short",
  tone: "informative",
  includeComments: true,
  category: null,
  referenceArticles: [],
  userTranscript: null,
  recording: { id: RECORDING, userId, authorName: "Ama Mensah" },
});

describe("an article from your own recording", () => {
  it("is written from what speech recognition heard, says so, and links to no video", async () => {
    fake.enqueue({ type: "answer", heard: SAID, language: "english" });
    const result = await produceArticle({ videos, writer, speech: speech(), recordings: files }, input());
    expect(result.transcriptSource).toBe("file");
    expect(result.transcriptUsed).toBe(true);
    expect(result.video.url).toBe("");
    expect(result.article.markdown).toMatch(/tomato|frost|greenhouse/);
    // Moments stay as plain times; no link goes to YouTube or to nowhere.
    expect(result.article.markdown).not.toMatch(/youtube\.com|\]\(\)/);
    expect(result.html).not.toMatch(/<a [^>]*href="(?:https:\/\/www\.youtube|)"/);
    expect(result.article.markdown).toContain("Ama Mensah");
    expect(released).toContain(RECORDING);
  });

  it("is told as a recording in a news article too: no video, nothing published on YouTube", async () => {
    fake.enqueue({ type: "answer", heard: SAID, language: "english" });
    const result = await produceArticle(
      { videos, writer, speech: speech(), recordings: files },
      { ...input(), style: "nyt" },
    );
    const ownWords = result.article.markdown.replace(/"[^"]*"|“[^”]*”/g, "");
    expect(ownWords).not.toMatch(/\bvideo\b|YouTube/i);
    expect(ownWords).toMatch(/recording/);
  });

  it("fails for good when the recording is gone or not the user's, or heard nothing", async () => {
    await expect(
      produceArticle({ videos, writer, speech: speech(), recordings: files }, input("someone-else")),
    ).rejects.toBeInstanceOf(RecordingMissingError);
    await expect(produceArticle({ videos, writer, speech: null, recordings: files }, input())).rejects.toThrow(
      RECORDING_ERRORS.noSpeechToText,
    );
    fake.enqueue({ type: "answer", heard: "", language: "english" });
    await expect(produceArticle({ videos, writer, speech: speech(), recordings: files }, input())).rejects.toThrow(
      NO_SPEECH_HEARD,
    );
  });
});

describe("recording-source helpers", () => {
  it("makes a readable title from a file name", () => {
    expect(titleFromFileName("team_meeting__notes.m4a")).toBe("team meeting notes");
    expect(titleFromFileName(".mp3")).toBe("My recording");
  });

  it("turns moment links into plain times and keeps other links", () => {
    const id = recordingVideoId(RECORDING);
    const markdown = `She planted forty ([0:02](https://www.youtube.com/watch?v=${id}&t=2s)). See [the guide](https://example.com/g).`;
    expect(withoutRecordingLinks(markdown, id)).toBe(
      "She planted forty (0:02). See [the guide](https://example.com/g).",
    );
  });
});

describe("recordingWording", () => {
  it("tells the writer's frames as a recording, and leaves what a speaker said alone", () => {
    const article = [
      'Indexes speed up reads, Maya Chen said in a video published on YouTube. "This video changed how I index," she added about 4 minutes into the video.',
      "The 8-minute video, titled “Team talk,” covers BRIN indexes.",
    ].join("\n\n");
    expect(recordingWording(article, "en")).toBe(
      [
        'Indexes speed up reads, Maya Chen said in a recording. "This video changed how I index," she added about 4 minutes into the recording.',
        "The 8-minute recording, titled “Team talk,” covers BRIN indexes.",
      ].join("\n\n"),
    );
    expect(recordingWording("Según un vídeo publicado por Ana.", "es")).toBe("Según un vídeo publicado por Ana.");
  });
});
