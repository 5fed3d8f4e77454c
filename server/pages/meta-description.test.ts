import { describe, expect, it } from "vitest";
import { cutWithEllipsis, META_DESCRIPTION_MAX, metaDescription } from "./meta-description";

describe("metaDescription", () => {
  it("is the first paragraph with its tags stripped and entities decoded", () => {
    const html =
      '<h2>Intro</h2><p>Pricing is <strong>hard</strong> &amp; <a href="https://x.example">most</a> founders guess.</p><p>Second.</p>';
    expect(metaDescription(html)).toBe("Pricing is hard & most founders guess.");
  });

  it("skips headings and lists before the first paragraph", () => {
    expect(metaDescription("<ul><li>one</li></ul><h3>Head</h3><p>The paragraph.</p>")).toBe("The paragraph.");
  });

  it("cuts a long paragraph to 160 characters at a word boundary, plus an ellipsis", () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const description = metaDescription(`<p>${words}</p>`);
    expect(description.endsWith("…")).toBe(true);
    const text = description.slice(0, -1);
    expect(text.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(text.length).toBeGreaterThan(META_DESCRIPTION_MAX * 0.8);
    expect(words.startsWith(text)).toBe(true);
    expect(words[text.length]).toBe(" ");
  });

  it("keeps a paragraph of exactly 160 characters whole", () => {
    const text = "a".repeat(160);
    expect(metaDescription(`<p>${text}</p>`)).toBe(text);
    expect(metaDescription(`<p>${text}b</p>`)).toBe(`${"a".repeat(160)}…`);
  });

  it("falls back to the excerpt when the body has no paragraph", () => {
    expect(metaDescription("<h2>Only a heading</h2>", "The excerpt.")).toBe("The excerpt.");
    expect(metaDescription("", "")).toBe("");
  });

  it("leaves markup out entirely, even hostile markup", () => {
    const description = metaDescription('<p>Hi <script>alert(1)</script><img src=x onerror="x()"> there</p>');
    expect(description).not.toMatch(/[<>]/);
    expect(description).toContain("Hi");
    expect(description).toContain("there");
  });
});

describe("cutWithEllipsis", () => {
  it("does not split a character made of two UTF-16 units", () => {
    const text = `${"😀".repeat(200)}`;
    const cut = cutWithEllipsis(text, 160);
    expect(Array.from(cut)).toHaveLength(161);
    expect(cut.endsWith("😀…")).toBe(true);
  });

  it("cuts mid-word only when there is no space near the end", () => {
    expect(cutWithEllipsis(`short ${"x".repeat(200)}`, 20)).toBe(`short ${"x".repeat(14)}…`);
    expect(cutWithEllipsis("alpha beta gamma delta", 19)).toBe("alpha beta gamma…");
  });

  it("does not leave punctuation before the ellipsis", () => {
    expect(cutWithEllipsis("one two three, four five", 14)).toBe("one two three…");
  });
});
