import { describe, expect, it } from "vitest";
import { candidatePhrases, headingFromPhrases, keyPhrases, phraseKeys, titleCase, verbPhraseKeys } from "./keyphrases";

describe("key phrases", () => {
  it("proposes runs of content words broken at stopwords and verbs", () => {
    const keys = candidatePhrases("The avalanche method really saves money on student loans.").map((c) => c.key);
    expect(keys).toContain("avalanche method");
    expect(keys).toContain("student loan");
    expect(keys).not.toContain("really");
    // An adverb at a phrase's edge is no part of the thing named ("the flour alone", "a new city alone").
    const edges = candidatePhrases("The flour alone costs us five pounds a loaf in this city anyway.").map(
      (c) => c.key,
    );
    expect(edges).toContain("flour");
    expect(edges.some((key) => /\b(?:alone|anyway)\b/.test(key))).toBe(false);
    // German: a word in lower case is no noun ("backt", "mindestens").
    const german = candidatePhrases("Der Kuchen backt mindestens 45 Minuten im Ofen.", false, true).map(
      (c) => c.surface,
    );
    expect(german).toEqual(expect.arrayContaining(["Kuchen", "Ofen"]));
    expect(german.some((p) => /backt|mindestens/.test(p))).toBe(false);
    // A unit counts something; it names no topic ("Minuten", "mil pesos", "hours").
    expect(german).not.toContain("Minuten");
    expect(candidatePhrases("nos costó unos ocho mil pesos por persona").map((c) => c.surface)).not.toContain(
      "mil pesos",
    );
    // Common verbs of the other framed languages end a phrase ("cyclistes avaient", "trajet prend").
    const french = candidatePhrases("Le trajet prend vingt minutes et les cyclistes avaient peur.").map(
      (c) => c.surface,
    );
    expect(french.some((p) => /prend|avaient/.test(p))).toBe(false);
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
    // As the headline shapes write it: short words lowercase, "With" and "From" capitalised.
    expect(titleCase("dough is 75% hydration with flour from the mill")).toBe(
      "Dough Is 75% Hydration With Flour From the Mill",
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
    // Sentence case keeps each phrase's own spelling.
    const named = keyPhrases(["We saw index bloat in PostgreSQL.", "PostgreSQL had index bloat."], { max: 4 });
    expect(headingFromPhrases(named, [], { sentenceCase: true })).toBe("Index bloat and PostgreSQL");
    expect(headingFromPhrases([])).toBeNull();
  });

  it("marks verb fragments, which never make a heading", () => {
    const texts = [
      "This one shortcut saves me an hour a week.",
      "The shortcut saves me ten minutes a day.",
      "Then you type git switch and a dash.",
      "Now you type git switch again.",
      "The arrow key snaps the window.",
      "Press the arrow key twice.",
    ];
    const phrases = keyPhrases(texts, { max: 20, distinct: false, minCount: 2 });
    const byText = new Map(phrases.map((p) => [p.text, p]));
    expect(byText.get("shortcut saves")?.fragment).toBe(true);
    expect(byText.get("type git")?.fragment).toBe(true);
    expect(byText.get("arrow key")?.fragment).toBeUndefined();
    const heading = headingFromPhrases(phrases, phrases);
    expect(heading).not.toMatch(/Saves|Type Git/);
  });

  it("keeps a phrase the whole video says as a verb out of a section's heading, and pairs no lone adverb", () => {
    const video = [
      "The headband gets uncomfortable if you wear glasses.",
      "If you wear glasses, try the smaller size.",
      "Battery life is where they beat everyone.",
      "People said I sounded far away outside.",
      "If you take calls or wear glasses all day, look elsewhere.",
    ];
    const verbal = verbPhraseKeys(video);
    expect(verbal.has("wear glass")).toBe(true);
    // The last section alone uses "wear glasses" after "or", not after a subject.
    const section = video.slice(2);
    const alone = keyPhrases(section, { max: 20, distinct: false, minCount: 1 });
    expect(alone.find((p) => p.text === "wear glasses")?.fragment).toBeUndefined();
    const phrases = keyPhrases(section, { max: 20, distinct: false, minCount: 1, verbalKeys: verbal });
    expect(phrases.find((p) => p.text === "wear glasses")?.fragment).toBe(true);
    expect(headingFromPhrases(phrases, phrases)).not.toMatch(/Wear Glasses|Far\b/);
  });

  it("reads a word after 'it' as its verb ('it jumps to…'), so it makes no topic", () => {
    const texts = ["And it jumps to the previous branch.", "It jumps back every time.", "The branch is saved."];
    const jumps = keyPhrases(texts, { max: 20, distinct: false, minCount: 2 }).find((p) => p.text === "jumps");
    expect(jumps?.fragment).toBe(true);
  });

  it("never makes a one-word heading: a lone word is paired or gives way to a longer phrase", () => {
    const texts = [
      "The container matters more than you think.",
      "A tall container shows the rise.",
      "Mark the container with a rubber band.",
      "The rubber band marks where the dough started.",
      "Watch the rubber band, not the clock.",
      "Bulk fermentation ends when the dough has risen by half.",
    ];
    const phrases = keyPhrases(texts, { max: 6, minCount: 2 });
    const all = keyPhrases(texts, { max: 40, minCount: 1, distinct: false });
    const heading = headingFromPhrases(phrases, all) ?? "";
    const words = heading.split(" ").length;
    expect(words).toBeGreaterThanOrEqual(3);
    expect(words).toBeLessThanOrEqual(7);
    expect(headingFromPhrases([{ text: "candle", key: "candl", score: 1, count: 3 }])).toBeNull();
  });
});
