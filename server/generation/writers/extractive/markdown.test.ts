import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../content/render";
import { cleanText, escapeMarkdown, link, stripUrls } from "./markdown";

describe("escapeMarkdown", () => {
  const cases = [
    "[click](javascript:alert(1))",
    "<img src=x onerror=alert(1)>",
    "**bold** and _italic_ and `code`",
    "# not a heading",
    "- not a list",
    "1. not a list",
    "> not a quote",
    "visit https://evil.example or www.evil.example or mail me@evil.example",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "| a | b |",
    "![img](https://evil.example/x.png)",
  ];

  it.each(cases)("renders %s as plain text", (text) => {
    const html = renderMarkdown(escapeMarkdown(text));
    expect(html.startsWith("<p>")).toBe(true);
    expect(html).not.toMatch(/<(?!\/?p>)/);
    expect(html).not.toContain("href");
  });

  it("keeps the visible text unchanged", () => {
    expect(renderMarkdown(escapeMarkdown("5 * 3 = 15 and a_b <tag>"))).toBe("<p>5 * 3 = 15 and a_b &lt;tag&gt;</p>");
  });
});

describe("text helpers", () => {
  it("removes invisible and direction-changing characters", () => {
    expect(cleanText("a\u200bb\u202ec\u0007d  \n e")).toBe("abcd e");
  });

  it("strips URLs and e-mail addresses", () => {
    expect(stripUrls("see https://x.example/a and www.y.example or a@b.example now")).toBe("see and or now");
  });

  it("builds links with escaped text", () => {
    expect(link("[x]", "https://www.youtube.com/watch?v=a&t=1s")).toBe(
      "[\\[x\\]](https://www.youtube.com/watch?v=a&t=1s)",
    );
  });
});
