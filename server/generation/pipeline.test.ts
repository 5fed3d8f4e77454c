import { describe, expect, it } from "vitest";
import { FIXTURES } from "../../test/fixtures";
import { languageTag, type PipelineInput, produceArticle, transcriptSourceOf } from "./pipeline";
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

describe("the article's language", () => {
  it("is what the writer says it wrote in, else the transcript's, as a tag a page can carry", async () => {
    const saysSpanish: ArticleWriter = {
      name: "says-spanish",
      async write(request) {
        return { ...(await writer.write(request)), language: "es" };
      },
    };
    const spanish = await produceArticle({ videos: fixtures, writer: saysSpanish }, input(FIXTURES.rich()));
    expect(spanish.language).toBe("es");
    // The plain writer says nothing: the transcript's language is the article's.
    const fromTranscript = await produceArticle({ videos: fixtures, writer }, input(FIXTURES.nonEnglish()));
    expect(fromTranscript.language).toBe("es");
    // No transcript and no word from the writer: it cannot be told.
    const unknown = await produceArticle({ videos: fixtures, writer }, input(FIXTURES.noCaptions()));
    expect(unknown.language).toBeNull();
  });

  it("is a well-formed BCP 47 tag or nothing", () => {
    expect(languageTag("EN")).toBe("en");
    expect(languageTag("pt-br")).toBe("pt-BR");
    expect(languageTag("zh-Hant-TW")).toBe("zh-Hant-TW");
    expect(languageTag("und")).toBeNull();
    expect(languageTag("")).toBeNull();
    expect(languageTag('en" onload="x')).toBeNull();
  });
});
