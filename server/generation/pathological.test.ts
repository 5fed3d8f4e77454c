import { describe, expect, it } from "vitest";
import type { ArticleEvidence } from "../../contract/evidence";
import { MAX_CONTENT_LENGTH } from "../../contract/options";
import { PATHOLOGICAL_MARKDOWN } from "../../test/pathological-markdown";
import { firstParagraphText, markdownToPlainText, renderMarkdown } from "../content/render";
import { MAX_DELIMITERS, MAX_NESTING, tameMarkdown } from "../content/tame-markdown";
import { countWords } from "../content/text";
import { refreshEvidence } from "./receipts/refresh";

/**
 * Issue 15, item 1: the worst bodies an author can send, at the content cap, through every text
 * function an edit runs. No timings are asserted: a regression to quadratic (or a stack overflow)
 * makes a case fail or run past vitest's 5 s limit. scripts/bench/markdown-worst.ts times them.
 */
const evidence = {
  quotes: [{ text: "a quote that is gone" }],
  sections: [{ heading: "A heading that is gone" }],
  moments: 3,
} as unknown as ArticleEvidence;

describe("pathological markdown at the content cap", () => {
  it.each(Object.keys(PATHOLOGICAL_MARKDOWN))("%s", (name) => {
    const input = PATHOLOGICAL_MARKDOWN[name](MAX_CONTENT_LENGTH);
    expect(input.length).toBeLessThanOrEqual(MAX_CONTENT_LENGTH);
    expect(input.length).toBeGreaterThan(MAX_CONTENT_LENGTH * 0.9);

    const words = countWords(input);
    expect(words).toBeGreaterThanOrEqual(0);
    expect(words).toBeLessThanOrEqual(input.length);

    const html = renderMarkdown(input);
    expect(html.length).toBeLessThan(input.length * 12 + 1_000);
    expect((html.match(/<blockquote>/g) ?? []).length).toBeLessThanOrEqual(input.length);
    expect(html).not.toMatch(/<script|<img|javascript:/i);

    const text = markdownToPlainText(input);
    expect(text.length).toBeLessThanOrEqual(input.length * 2);
    firstParagraphText(input);

    const refreshed = refreshEvidence(evidence, input, "dQw4w9WgXcQ");
    expect(refreshed.quotes).toEqual([]);
    expect(refreshed.editedAfterCheck).toBe(true);
  });
});

describe("tameMarkdown", () => {
  it("leaves ordinary markdown exactly as it is", () => {
    const article = [
      "## What the *engineers* found",
      "",
      "> A **quoted** line with `code_with_underscores` and ~~struck~~ text.",
      "> > A nested quote.",
      "",
      "- one _item_",
      "  - a nested **item**",
      "    1. deeper",
      "",
      "| a | b |",
      "|---|---|",
      "| *x* | __y__ |",
      "",
      "Some \\*escaped\\* stars and [a link](https://example.com/a_b_c).",
    ].join("\n");
    expect(tameMarkdown(article)).toBe(article);
  });

  it(`keeps at most ${MAX_NESTING} quote levels, and deeper quotes render instead of overflowing the stack`, () => {
    const html = renderMarkdown(`${">".repeat(5_000)} deep`);
    expect((html.match(/<blockquote>/g) ?? []).length).toBe(MAX_NESTING);
    expect(html).toContain("deep");
    const spaced = renderMarkdown(`${"> ".repeat(5_000)}deep`);
    expect((spaced.match(/<blockquote>/g) ?? []).length).toBe(MAX_NESTING);
    // A line of nothing but markers ends a block, and still nests (it overflowed the stack).
    const bare = renderMarkdown(">".repeat(5_000));
    expect((bare.match(/<blockquote>/g) ?? []).length).toBe(MAX_NESTING);
  });

  it(`keeps at most ${MAX_NESTING} list levels on one line`, () => {
    const html = renderMarkdown(`${"- ".repeat(5_000)}deep`);
    expect((html.match(/<ul>/g) ?? []).length).toBe(MAX_NESTING);
    const mixed = renderMarkdown(`${"1. > ".repeat(5_000)}deep`);
    expect((mixed.match(/<ol>|<blockquote>/g) ?? []).length).toBe(MAX_NESTING);
  });

  it(`keeps the first ${MAX_DELIMITERS} emphasis characters of a paragraph live and escapes the rest`, () => {
    const tamed = tameMarkdown("*a".repeat(MAX_DELIMITERS + 10));
    expect(tamed.startsWith("*a".repeat(MAX_DELIMITERS))).toBe(true);
    expect(tamed.endsWith("\\*a".repeat(10))).toBe(true);
    // A blank line starts a new paragraph with its own allowance.
    const twoParagraphs = `${"*a* ".repeat(MAX_DELIMITERS / 2)}\n\n*b*`;
    expect(tameMarkdown(twoParagraphs)).toBe(twoParagraphs);
    expect(renderMarkdown(twoParagraphs)).toContain("<em>b</em>");
    // An escaped character is not a delimiter and is not escaped twice.
    const escaped = `${"\\*".repeat(MAX_DELIMITERS * 2)} *x*`;
    expect(tameMarkdown(escaped)).toBe(escaped);
  });
});
