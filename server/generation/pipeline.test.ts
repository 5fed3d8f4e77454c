import { describe, expect, it } from "vitest";
import { FIXTURES } from "../../test/fixtures";
import { type PipelineInput, produceArticle, transcriptSourceOf } from "./pipeline";
import type { ArticleWriter, Transcript, VideoData, VideoSource } from "./types";
import { BUNDLED_FIXTURES_DIR, createFixtureVideoSource } from "./video/fixtures";

// A writer that only says what it was given: the pipeline's bookkeeping is what is tested.
const writer: ArticleWriter = {
  name: "plain",
  async write(request) {
    return {
      title: request.video.title,
      excerpt: "What the video says.",
      markdown: `## Summary\n\n${request.video.description || "About the video."}`,
      tags: ["video", "notes", "summary"],
      category: "Technology",
    };
  },
};

const fixtures = createFixtureVideoSource(BUNDLED_FIXTURES_DIR);

const input = (videoId: string, userTranscript: Transcript | null = null): PipelineInput => ({
  videoId,
  style: "blog",
  length: "short",
  tone: "informative",
  includeComments: false,
  category: null,
  referenceArticles: [],
  userTranscript,
});

const pasted: Transcript = {
  language: "en",
  kind: "user",
  timed: false,
  segments: [{ start: 0, duration: 0, text: "Bridges stand up because the loads find their way down." }],
};

describe("produceArticle's transcriptSource", () => {
  it.each([
    ["captions", "rich", true],
    ["auto-captions", "autoCaptions", true],
    ["none", "noCaptions", false],
  ] as const)("is %s for the %s fixture", async (source, fixture, used) => {
    const result = await produceArticle({ videos: fixtures, writer }, input(FIXTURES[fixture]()));
    expect(result.transcriptSource).toBe(source);
    expect(result.transcriptUsed).toBe(used);
  });

  it("says pasted for the user's own transcript, even when the video has captions", async () => {
    const result = await produceArticle({ videos: fixtures, writer }, input(FIXTURES.rich(), pasted));
    expect(result.transcriptSource).toBe("pasted");
    expect(result.transcriptUsed).toBe(true);
  });

  it("says none for captions with no words in them, and for an empty pasted transcript", async () => {
    const base = await fixtures.fetchVideo(FIXTURES.rich());
    const blank: Transcript = {
      language: "en",
      kind: "manual",
      timed: true,
      segments: [{ start: 0, duration: 1, text: " " }],
    };
    const videos: VideoSource = {
      name: "blank",
      fetchVideo: async (): Promise<VideoData> => ({ ...base, transcript: blank }),
    };
    const result = await produceArticle({ videos, writer }, input(base.id, { ...pasted, segments: [] }));
    expect(result.transcriptSource).toBe("none");
    expect(result.transcriptUsed).toBe(false);
  });
});

describe("transcriptSourceOf", () => {
  it("maps every transcript kind", () => {
    const of = (kind: Transcript["kind"]) => transcriptSourceOf({ ...pasted, kind });
    expect([of("manual"), of("auto"), of("user"), transcriptSourceOf(null)]).toEqual([
      "captions",
      "auto-captions",
      "pasted",
      "none",
    ]);
  });
});
