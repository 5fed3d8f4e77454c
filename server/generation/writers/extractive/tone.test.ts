import { describe, expect, it } from "vitest";
import type { ArticleTone } from "../../../../contract/articles";
import type { WriteRequest } from "../../types";
import { writeExtractive } from "./index";
import { CHAPTERS_VIDEO } from "./sample-videos";
import { toneWeight, withoutFillers } from "./tone";

describe("tone chooses what is said (issue 14)", () => {
  it("weighs sentences by what each tone looks for", () => {
    const claim = "You should always index the column you filter on, because it cuts query time by 90 percent.";
    const story = "Last year I was debugging a slow page with my friend and we laughed for an hour.";
    const slang = "Yeah, this is gonna be super cool, guys.";
    const definition = "An index is a separate data structure that the database keeps next to the table.";
    expect(toneWeight(claim, "persuasive")).toBeGreaterThan(toneWeight(story, "persuasive"));
    expect(toneWeight(story, "casual")).toBeGreaterThan(toneWeight(definition, "casual"));
    expect(toneWeight(slang, "formal")).toBeLessThan(0.3);
    expect(toneWeight(definition, "informative")).toBeGreaterThan(toneWeight(story, "informative"));
    expect(toneWeight("Le levain est un mélange de farine et d'eau.", "informative")).toBeGreaterThan(1);
  });

  it("takes spoken fillers out of a formal article's own prose", () => {
    expect(withoutFillers("You know, the oven is hot.")).toBe("The oven is hot.");
    expect(withoutFillers("The oven, you know, is basically hot.")).toBe("The oven is hot.");
    expect(withoutFillers("It looks like rain.")).toBe("It looks like rain.");
  });

  const sentences = (tone: ArticleTone) => {
    const request: WriteRequest = {
      video: CHAPTERS_VIDEO,
      transcript: CHAPTERS_VIDEO.transcript,
      style: "blog",
      length: "medium",
      tone,
      includeComments: false,
      category: null,
      referenceArticles: [],
    };
    const prose = writeExtractive(request)
      .markdown.split("\n\n")
      .filter((b) => !/^(?:#|>|-|\d+\.|\[)/.test(b));
    return new Set(prose.flatMap((p) => p.split(/(?<=[.!?])\s+/)).filter((s) => s.split(/\s+/).length >= 6));
  };

  it("changes which sentences two tones of one video share", () => {
    const persuasive = sentences("persuasive");
    const casual = sentences("casual");
    const shared = [...persuasive].filter((s) => casual.has(s)).length;
    expect(shared / Math.min(persuasive.size, casual.size)).toBeLessThan(0.66);
  });
});
