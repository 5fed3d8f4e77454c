import { describe, expect, it } from "vitest";
import { countWords, formatTimestamp, normalizeTags, timestampUrl } from "./text";

describe("countWords", () => {
  it("counts what a reader reads, not the markup", () => {
    expect(countWords("## A heading here\n\nSome *bold* text with [a link](https://x.example/a/b).")).toBe(9);
    expect(countWords("- one item\n- two items\n1. three")).toBe(5);
    expect(countWords("> quoted words stay")).toBe(3);
    expect(countWords("")).toBe(0);
  });

  it("counts numbers, contractions and non-English words", () => {
    expect(countWords("It's 3.5% of 2,000 people — naïve Grüße")).toBe(7);
  });
});

describe("timestamps", () => {
  it("links to the second and formats like YouTube", () => {
    expect(timestampUrl("dQw4w9WgXcQ", 123.9)).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=123s");
    expect(formatTimestamp(75)).toBe("1:15");
    expect(formatTimestamp(3725)).toBe("1:02:05");
    expect(formatTimestamp(0)).toBe("0:00");
  });
});

describe("normalizeTags", () => {
  it("trims, drops blanks and case-insensitive repeats, caps count and length", () => {
    expect(normalizeTags([" AI ", "ai", "", "  ", "Machine   Learning", "x".repeat(50)])).toEqual([
      "AI",
      "Machine Learning",
      "x".repeat(40),
    ]);
    expect(
      normalizeTags(
        Array.from({ length: 20 }, (_, i) => `t${i}`),
        8,
      ),
    ).toHaveLength(8);
  });
});
