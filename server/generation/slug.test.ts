import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("makes lowercase hyphenated ASCII", () => {
    expect(slugify("Why Rust? A 2025 Look")).toBe("why-rust-a-2025-look");
    expect(slugify("Café & Crème: naïve résumé")).toBe("cafe-and-creme-naive-resume");
  });

  it("cuts long titles at a word boundary", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
    expect(slug.endsWith("word")).toBe(true);
  });

  it("never answers an empty or purely numeric slug (numbers are article ids)", () => {
    expect(slugify("!!!")).toBe("article-untitled");
    expect(slugify("2024")).toBe("article-2024");
    expect(slugify("日本語のタイトル")).toBe("article-untitled");
  });
});
