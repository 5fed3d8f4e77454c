import { describe, expect, it } from "vitest";
import { MAX_COMMENT_LENGTH } from "../../contract/comment-keys";
import { COMMENT_LINK_REL, isCommentLink, renderCommentMarkdown } from "./render";

describe("a comment's markdown subset", () => {
  it("renders paragraphs, line breaks, bold, italic, code, quotes and lists", () => {
    expect(renderCommentMarkdown("One **bold** and *italic* with `code`\nnext line\n\nTwo")).toBe(
      "<p>One <strong>bold</strong> and <em>italic</em> with <code>code</code><br />next line</p>\n<p>Two</p>",
    );
    expect(renderCommentMarkdown("> quoted")).toBe("<blockquote>\n<p>quoted</p>\n</blockquote>");
    expect(renderCommentMarkdown("- a\n- b\n\n1. x")).toBe(
      "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol>\n<li>x</li>\n</ol>",
    );
  });

  it("makes http and https links with rel nofollow ugc noopener", () => {
    expect(renderCommentMarkdown("[site](https://example.com/a?b=1)")).toBe(
      `<p><a href="https://example.com/a?b=1" rel="${COMMENT_LINK_REL}">site</a></p>`,
    );
    expect(renderCommentMarkdown("see http://example.com")).toContain(
      `<a href="http://example.com" rel="${COMMENT_LINK_REL}">http://example.com</a>`,
    );
  });

  it("shows everything else as text: headings, code blocks, rules, images, strikethrough", () => {
    expect(renderCommentMarkdown("# Title")).toBe("<p># Title</p>");
    expect(renderCommentMarkdown("---")).toBe("<p>---</p>");
    expect(renderCommentMarkdown("~~gone~~")).toBe("<p>~~gone~~</p>");
    expect(renderCommentMarkdown("![pic](https://example.com/x.png)")).toBe("<p>![pic](https://example.com/x.png)</p>");
    const html = renderCommentMarkdown("| a | b |\n| - | - |\n| 1 | 2 |");
    expect(html).not.toContain("<table");
  });

  it("never lets HTML, event handlers or script links through", () => {
    for (const attack of [
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      '<a href="javascript:alert(1)">x</a>',
      "<svg onload=alert(1)>",
      "[x](javascript:alert(1))",
      "[x](JaVaScRiPt:alert(1))",
      "[x](java\tscript:alert(1))",
      "[x](data:text/html,<script>alert(1)</script>)",
      "[x](//evil.example)",
      "[x](vbscript:msgbox)",
      "<javascript:alert(1)>",
      '[x](https://ok.example "title" onmouseover=alert(1))',
      '<p onclick="alert(1)">hi</p>',
    ]) {
      const html = renderCommentMarkdown(attack);
      expect(html, attack).not.toMatch(/<(script|img|svg|iframe)/i);
      expect(html, attack).not.toMatch(/<[^>]+\son\w+=/i);
      expect(html, attack).not.toMatch(/<a [^>]*href="(?!https?:)/i);
      expect(html, attack).not.toContain("<a>");
    }
    expect(renderCommentMarkdown("<img src=x onerror=alert(1)>")).toBe("<p>&lt;img src=x onerror=alert(1)&gt;</p>");
    expect(renderCommentMarkdown("[x](javascript:alert(1))")).toBe("<p>[x](javascript:alert(1))</p>");
  });

  it("accepts only absolute http(s) targets as links", () => {
    expect(isCommentLink("https://example.com")).toBe(true);
    expect(isCommentLink("http://example.com/x")).toBe(true);
    expect(isCommentLink("mailto:a@b.c")).toBe(false);
    expect(isCommentLink("/relative")).toBe(false);
    expect(isCommentLink("https:/\\evil")).toBe(false);
    expect(isCommentLink(" javascript:alert(1)")).toBe(false);
  });

  it("renders the largest and the nastiest comments fast", () => {
    const nasty = [
      "_a".repeat(MAX_COMMENT_LENGTH / 2),
      "*".repeat(MAX_COMMENT_LENGTH),
      ">".repeat(MAX_COMMENT_LENGTH),
      "- ".repeat(MAX_COMMENT_LENGTH / 2),
      "[".repeat(MAX_COMMENT_LENGTH),
      "`a".repeat(MAX_COMMENT_LENGTH / 2),
    ];
    for (const text of nasty) {
      const started = performance.now();
      renderCommentMarkdown(text);
      expect(performance.now() - started, text.slice(0, 10)).toBeLessThan(500);
    }
  });
});
