import { describe, expect, it } from "vitest";
import { candidatePhrases, headingFromPhrases, keyPhrases, phraseKeys, titleCase } from "./keyphrases";

describe("key phrases", () => {
  it("proposes runs of content words broken at stopwords and verbs", () => {
    const keys = candidatePhrases("The avalanche method really saves money on student loans.").map((c) => c.key);
    expect(keys).toContain("avalanche method");
    expect(keys).toContain("student loan");
    expect(keys).not.toContain("really");
    const own = phraseKeys(["Paying off student loans"]);
    expect(own.has("student loan")).toBe(true);
    expect(own.has("loan")).toBe(false);
  });

  it("ranks recurring topical phrases first and drops parts of better phrases", () => {
    const texts = [
      "The avalanche method pays the highest interest rate first.",
      "With the avalanche method you save the most interest.",
      "The snowball method pays the smallest balance first.",
      "Some people prefer the snowball method for quick wins.",
      "Interest rate differences decide which method saves more.",
    ];
    const phrases = keyPhrases(texts, { max: 5 });
    const top = phrases.map((p) => p.text);
    expect(top.slice(0, 4)).toEqual(expect.arrayContaining(["avalanche method", "snowball method"]));
    expect(top).not.toContain("avalanche");
  });

  it("makes headings", () => {
    expect(titleCase("write amplification in the PostgreSQL engine")).toBe(
      "Write Amplification in the PostgreSQL Engine",
    );
    const phrases = keyPhrases(
      [
        "Write amplification hurts.",
        "Write amplification again.",
        "Write amplification.",
        "Index bloat too.",
        "Index bloat grows.",
      ],
      { max: 4 },
    );
    expect(headingFromPhrases(phrases)).toBe("Write Amplification and Index Bloat");
    expect(headingFromPhrases([])).toBeNull();
  });
});
