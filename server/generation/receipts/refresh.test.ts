import { describe, expect, it } from "vitest";
import type { ArticleEvidence } from "../../../contract/evidence";
import { renderMarkdown } from "../../content/render";
import { comparable, refreshEvidence } from "./refresh";

const VIDEO = "dQw4w9WgXcQ";
const moment = (t: number) => `https://www.youtube.com/watch?v=${VIDEO}&t=${t}s`;

const evidence: ArticleEvidence = {
  checkedAgainst: "transcript",
  transcriptKind: "manual",
  timed: true,
  quotes: [
    { text: "We don’t ship on Fridays.", source: "transcript", start: 75, end: 78, speaker: "Ada" },
    { text: "Tests are a promise … kept", source: "transcript", start: 130, end: 134, speaker: null },
    { text: "Ship it", source: "comment", start: null, end: null, speaker: "viewer" },
  ],
  sections: [
    { heading: "Why Fridays", start: 60 },
    { heading: "The Release Train", start: 120 },
  ],
  moments: 4,
  corrections: { requoted: 0, unquoted: 1, dropped: 0, reanchored: 2, unlinked: 0 },
  editedAfterCheck: false,
};

const original = [
  `## Why Fridays [1:00](${moment(60)})`,
  "",
  `"We don't ship on Fridays," Ada said ([1:15](${moment(75)})).`,
  "",
  "## The release train",
  "",
  `> "Tests are a promise… kept." ([2:10](${moment(130)}))`,
  "",
  `One viewer wrote: "ship it!" See also [another talk](https://www.youtube.com/watch?v=aaaaaaaaaaa&t=5s) and [the video](${moment(200)}).`,
].join("\n");

describe("refreshEvidence", () => {
  it("keeps everything still in the text, recounts moment links and marks the edit", () => {
    const refreshed = refreshEvidence(evidence, original, VIDEO);
    expect(refreshed.quotes).toEqual(evidence.quotes);
    expect(refreshed.sections).toEqual(evidence.sections);
    // Four links to this video's moments; another video's moment does not count.
    expect(refreshed.moments).toBe(4);
    expect(refreshed.editedAfterCheck).toBe(true);
    expect(refreshed.corrections).toEqual(evidence.corrections);
    expect(refreshed.checkedAgainst).toBe("transcript");
  });

  it("drops quotes and sections that left the text", () => {
    const edited = original
      .replace(`"We don't ship on Fridays," Ada said`, "Ada prefers calmer release days")
      .replace("## The release train", "The release train");
    const refreshed = refreshEvidence(evidence, edited, VIDEO);
    expect(refreshed.quotes.map((q) => q.text)).toEqual(["Tests are a promise … kept", "Ship it"]);
    expect(refreshed.sections.map((s) => s.heading)).toEqual(["Why Fridays"]);
  });

  it("does not keep a quote that only survives in part, or as part of a longer word", () => {
    const edited = original.replace("We don't ship on Fridays", "We don't ship on Friday").replace("ship it", "shipit");
    const refreshed = refreshEvidence(evidence, edited, VIDEO);
    expect(refreshed.quotes.map((q) => q.text)).toEqual(["Tests are a promise … kept"]);
  });

  it("ignores case, spacing, quotation marks and punctuation", () => {
    const edited = "## WHY   FRIDAYS\n\nWe   DON’T ship\non fridays, said Ada.";
    const refreshed = refreshEvidence(evidence, edited, VIDEO);
    expect(refreshed.quotes.map((q) => q.text)).toEqual(["We don’t ship on Fridays."]);
    expect(refreshed.sections.map((s) => s.heading)).toEqual(["Why Fridays"]);
    expect(refreshed.moments).toBe(0);
  });

  it("counts only rendered links, not moments inside code or without a t parameter", () => {
    const edited = [
      "```",
      moment(10),
      "```",
      "",
      `[no moment](https://www.youtube.com/watch?v=${VIDEO})`,
      `[short](https://youtu.be/${VIDEO}?t=42) and ${moment(50)}`,
    ].join("\n");
    expect(refreshEvidence(evidence, edited, VIDEO).moments).toBe(2);
    expect(refreshEvidence(evidence, edited, null).moments).toBe(0);
  });

  it("compares words, not punctuation", () => {
    expect(comparable("  “Don’t” — STOP…  now! ")).toBe("dont stop now");
  });
});

describe("the sanitizer and moment links", () => {
  it("keeps a moment link as a link to YouTube", () => {
    const html = renderMarkdown(`Said at [1:15](${moment(75)}).`);
    expect(html).toContain(`<a href="https://www.youtube.com/watch?v=${VIDEO}&amp;t=75s"`);
    expect(html).toContain(">1:15</a>");
  });
});
