import { describe, expect, it } from "vitest";
import { reflowParagraphs } from "./paragraphing";

const words = (text: string) => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
const mean = (paragraphs: readonly string[]) =>
  paragraphs.reduce((n, p) => n + words(p), 0) / Math.max(1, paragraphs.length);
const squash = (paragraphs: readonly string[]) => paragraphs.join(" ").replace(/\s+/g, " ").trim();

const SHORT_SENTENCES =
  "The storm came at night. Nobody slept much in the village. By morning the road was gone. " +
  "Water filled the lower fields. The old bridge held firm. Farmers counted their losses. " +
  "Some lost everything they had. Others lost only a fence. The council met at noon. " +
  "It promised help within days. Money arrives next week.";

describe("paragraphs cut again to a reference's paragraph length (paragraphing.ts)", () => {
  it("breaks a long paragraph into paragraphs of about the target, changing no word", () => {
    const out = reflowParagraphs([SHORT_SENTENCES], 12);
    expect(out.length).toBeGreaterThanOrEqual(4);
    expect(mean(out)).toBeGreaterThan(12 * 0.7);
    expect(mean(out)).toBeLessThan(12 * 1.3);
    expect(squash(out)).toBe(squash([SHORT_SENTENCES]));
    // Every paragraph ends where a sentence ends.
    for (const paragraph of out) expect(paragraph).toMatch(/[.!?]$/);
  });

  it("merges short neighbouring paragraphs for a reference of long paragraphs", () => {
    const short = SHORT_SENTENCES.split(/(?<=\.) /);
    const out = reflowParagraphs(short, 40);
    expect(out.length).toBeLessThan(short.length);
    expect(mean(out)).toBeGreaterThan(40 * 0.7);
    expect(squash(out)).toBe(squash(short));
  });

  it("keeps a writer's paragraphs that already have the reference's length", () => {
    const paragraphs = [
      "The storm came at night and nobody in the village slept much.",
      "By morning the road was gone and water filled the lower fields.",
    ];
    expect(reflowParagraphs(paragraphs, 12)).toEqual(paragraphs);
  });

  it("never breaks inside a quotation, whatever the target", () => {
    const paragraph =
      'Ana says: "We rebuilt the pier in a week. The river rose again. We rebuilt it twice. Nobody gave up." ' +
      "The council thanked the crew. Work ends on Friday.";
    const out = reflowParagraphs([paragraph], 5);
    const quote = out.find((p) => p.includes('"'));
    expect(quote).toContain(
      '"We rebuilt the pier in a week. The river rose again. We rebuilt it twice. Nobody gave up."',
    );
    for (const p of out) expect((p.match(/"/g) ?? []).length % 2, p).toBe(0);
    expect(squash(out)).toBe(squash([paragraph]));
  });

  it("keeps a moment link with its sentence and a sentence that leans on the one before with it", () => {
    const paragraph =
      "B-trees are the default. But they are not the only option. ([6:25](https://example.com/v?t=385)) " +
      "A partial index covers only some rows. A BRIN index remembers ranges of pages.";
    const out = reflowParagraphs([paragraph], 8);
    expect(out).toContain(
      "B-trees are the default. But they are not the only option. ([6:25](https://example.com/v?t=385))",
    );
    expect(out.every((p) => !p.startsWith("(["))).toBe(true);
  });

  it("leaves text alone without a target, and drops empty paragraphs", () => {
    expect(reflowParagraphs([SHORT_SENTENCES], 0)).toEqual([SHORT_SENTENCES]);
    expect(reflowParagraphs(["", "One short line here."], 10)).toEqual(["One short line here."]);
  });
});
