import { describe, expect, it } from "vitest";
import { PORTUGUESE_RECIPE_VIDEO } from "./held-out-videos";
import { writeExtractive } from "./index";
import { CHAPTERS_VIDEO, shortRequest } from "./sample-videos";

const headings = (markdown: string) => [...markdown.matchAll(/^#{2,6}\s+(.+)$/gm)].map((m) => m[1]);

describe("headings of more than one word", () => {
  it("heads a description's one-word ingredients label with a phrase in the article's language", () => {
    const article = writeExtractive({ ...shortRequest(PORTUGUESE_RECIPE_VIDEO, "blog"), length: "medium" });
    const found = headings(article.markdown);
    expect(found).toContain("O que você precisa");
    expect(found).not.toContain("Ingredientes");
    // The list under it keeps its quantities.
    expect(article.markdown).toMatch(/O que você precisa\n\n- 250 g de polvilho doce/);
  });

  it("gives a one-word English chapter title its article when the talk uses the word as a common noun", () => {
    const chapters = CHAPTERS_VIDEO.chapters.map((c, k) => (k === 1 ? { ...c, title: "Indexes" } : c));
    const article = writeExtractive({ ...shortRequest({ ...CHAPTERS_VIDEO, chapters }, "blog"), length: "long" });
    const found = headings(article.markdown);
    expect(found.some((h) => /^The indexes\b/.test(h))).toBe(true);
    expect(found).not.toContain("Indexes");
  });
});
