import { describe, expect, it } from "vitest";
import { analyseStyle, blocksOf, sentencesOf } from "../style-profile";
import { optionsFromProfile } from "./custom";
import { REFERENCE_ESSAY, REFERENCE_LISTICLE } from "./sample-videos";

describe("analyseStyle", () => {
  it("measures a first-person essay: no headings or lists, short paragraphs, questions", () => {
    const profile = analyseStyle([REFERENCE_ESSAY]);
    expect(profile.headingLevel).toBeNull();
    expect(profile.bulletShare).toBe(0);
    expect(profile.firstPersonRate).toBeGreaterThan(5);
    expect(profile.questionShare).toBeGreaterThan(0.1);
    expect(profile.avgParagraphSentences).toBeLessThan(3);
    const options = optionsFromProfile(profile);
    expect(options).toMatchObject({ headingLevel: null, takeaways: null, voice: "first", questions: true });
  });

  it("measures a listicle: numbered ### headings, a bullet list, second person", () => {
    const profile = analyseStyle([REFERENCE_LISTICLE]);
    expect(profile.headingLevel).toBe(3);
    expect(profile.numberedHeadings).toBe(true);
    expect(profile.listStyle).toBe("bullet");
    expect(profile.secondPersonRate).toBeGreaterThan(2);
    expect(profile.questionShare).toBe(0);
    const options = optionsFromProfile(profile);
    expect(options).toMatchObject({ headingLevel: 3, numberedHeadings: true, voice: "second", questions: false });
    expect(options.takeaways?.marker).toBe("bullet");
  });

  it("reads plain-text references with bold or bare headings", () => {
    const blocks = blocksOf(
      "Intro paragraph here.\n\n**A bold heading**\n\nBody text.\n\nA Bare Heading\n\nMore text.",
    );
    expect(blocks.map((b) => b.kind)).toEqual(["paragraph", "heading", "paragraph", "heading", "paragraph"]);
  });

  it("measures a long sentence whole, as its writer ended it", () => {
    const long = `${"The river rose through the night and the town woke to water in the lower streets, ".repeat(3)}and nobody was surprised.`;
    const text = `${long} Dr. Osei spoke at noon. It rained again.`;
    expect(sentencesOf(text)).toEqual([long, "Dr. Osei spoke at noon.", "It rained again."]);
    expect(analyseStyle([text]).avgSentenceWords).toBeCloseTo((52 + 5 + 3) / 3, 1);
  });
});
