import { describe, expect, it } from "vitest";
import { packRowBodies } from "./packed-row";
import type { ArticleWithAuthor } from "./presenter";

const row = () =>
  ({
    article: {
      id: 7,
      slug: "heat-pumps",
      title: "Heat pumps in the cold",
      contentMarkdown: "## Myths\n\nThey work at minus twenty. “Quoted” é ✓".repeat(40),
      contentHtml: "<h2>Myths</h2><p>They work at minus twenty.</p>".repeat(40),
      evidence: { quotes: [{ text: "They work", verified: true }], checkedAt: "2026-11-29T09:00:00.000Z" },
      viewCount: 12,
      tags: ["energy"],
    },
    author: { id: 3, firstName: "Tom", lastName: "Brennan" },
  }) as unknown as ArticleWithAuthor;

describe("a cached row with its bodies packed (packed-row.ts)", () => {
  it("reads, spreads and serializes exactly as the row it was", () => {
    const plain = row();
    const packed = packRowBodies(row());
    expect(packed.article.contentMarkdown).toBe(plain.article.contentMarkdown);
    expect(packed.article.contentHtml).toBe(plain.article.contentHtml);
    expect(packed.article.evidence).toEqual(plain.article.evidence);
    expect({ ...packed.article }).toEqual({ ...plain.article });
    expect(JSON.stringify(packed)).toBe(JSON.stringify(plain));
    expect(Object.keys(packed.article)).toEqual(Object.keys(plain.article));
  });

  it("keeps the same row object (shared JSON and view stamps are keyed on it) and holds no body string", () => {
    const given = row();
    const article = given.article;
    const packed = packRowBodies(given);
    expect(packed).toBe(given);
    expect(packed.article).toBe(article);
    for (const name of ["contentMarkdown", "contentHtml", "evidence"]) {
      const field = Object.getOwnPropertyDescriptor(article, name);
      expect(field?.get).toBeTypeOf("function");
      expect(field && "value" in field).toBe(false);
    }
  });

  it("leaves what is missing missing, and a field set later is plain again", () => {
    expect(packRowBodies(undefined)).toBeUndefined();
    const listed = row();
    delete (listed.article as { evidence?: unknown }).evidence;
    const packed = packRowBodies(listed);
    expect("evidence" in packed.article).toBe(false);
    packed.article.contentHtml = "<p>Edited</p>";
    expect(packed.article.contentHtml).toBe("<p>Edited</p>");
    expect(Object.getOwnPropertyDescriptor(packed.article, "contentHtml")?.value).toBe("<p>Edited</p>");
  });
});
