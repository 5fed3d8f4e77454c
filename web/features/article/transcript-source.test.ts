import { TRANSCRIPT_SOURCES } from "@contract/articles";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TranscriptSourceNote } from "./article-view";
import { transcriptSourceLine } from "./transcript-source";

describe("transcriptSourceLine", () => {
  it("says how the words were obtained, in the issue's words", () => {
    expect(transcriptSourceLine("captions")).toBe("Written from the video's captions");
    expect(transcriptSourceLine("auto-captions")).toBe("Written from the video's automatic captions");
    expect(transcriptSourceLine("speech")).toBe("Written from speech recognition");
    expect(transcriptSourceLine("pasted", { ownArticle: true })).toBe("Written from your transcript");
    expect(transcriptSourceLine("file", { ownArticle: true })).toBe("Written from your recording");
    expect(transcriptSourceLine("none")).toBe(
      "Written from the description only: the video had no words we could read",
    );
  });

  it("calls the author's own transcript the author's for other readers", () => {
    expect(transcriptSourceLine("pasted")).toBe("Written from a transcript the author supplied");
    expect(transcriptSourceLine("file")).toBe("Written from a recording the author supplied");
    expect(transcriptSourceLine("captions", { ownArticle: true })).toBe("Written from the video's captions");
  });

  it("has a line for every source", () => {
    for (const source of TRANSCRIPT_SOURCES) expect(transcriptSourceLine(source)).toMatch(/^Written from /);
  });
});

describe("TranscriptSourceNote", () => {
  it("shows the line, as text, for the reader and the author", () => {
    const reader = renderToStaticMarkup(createElement(TranscriptSourceNote, { article: { transcriptSource: "none" } }));
    expect(reader).toContain('data-testid="transcript-source"');
    expect(reader).toContain("Written from the description only: the video had no words we could read");
    const author = renderToStaticMarkup(
      createElement(TranscriptSourceNote, { article: { transcriptSource: "pasted", contentMarkdown: "# Hi" } }),
    );
    expect(author).toContain("Written from your transcript");
  });
});
