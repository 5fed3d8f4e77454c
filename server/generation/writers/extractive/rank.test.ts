import { describe, expect, it } from "vitest";
import {
  analyse,
  announcedCount,
  hasVerb,
  hasVerbIn,
  isCutClause,
  isHandOff,
  isNearDuplicate,
  leansOnPrevious,
  pickSentences,
  queryTerms,
  rankSentences,
  sentencePenalty,
} from "./rank";
import type { Sentence } from "./sentences";

function sentences(texts: string[]): Sentence[] {
  return texts.map((text, index) => ({
    index,
    text,
    quote: text,
    spoken: text,
    turn: 0,
    from: index,
    to: index + 1,
    start: index * 5,
    end: index * 5 + 5,
    wordCount: text.split(/\s+/).length,
  }));
}

const TEXTS = [
  "Hey everyone, welcome back to the channel, and don't forget to subscribe.",
  "An index is a sorted copy of some columns that points back to the rows of the table.",
  "Without an index the database reads every row of the table to answer a query.",
  "My cat likes sitting on the warm laptop keyboard in the morning sun.",
  "A B-tree index keeps the sorted keys in wide, shallow pages so a lookup reads only a few pages.",
  "Every index also makes writes slower, because each insert must update the index too.",
  "An index is a sorted copy of some columns that points back to the table rows.",
  "It also takes memory.",
];

describe("rankSentences", () => {
  const analysis = analyse(sentences(TEXTS));
  const { scores, thesis } = rankSentences(analysis, {
    query: queryTerms([["Database indexes explained", 3]]),
    sections: [[0, TEXTS.length]],
  });

  it("scores on-topic sentences above housekeeping and asides", () => {
    expect(scores[1]).toBeGreaterThan(scores[3]);
    expect(scores[4]).toBeGreaterThan(scores[3]);
    expect(scores[0]).toBe(0);
    expect(scores[7]).toBeLessThan(scores[5]);
  });

  it("gives a thesis score that favours a central, standalone statement", () => {
    const best = [...thesis.keys()].sort((a, b) => thesis[b] - thesis[a])[0];
    expect([1, 2, 6]).toContain(best);
  });

  it("penalises fragments, questions, housekeeping and long auto-caption runs", () => {
    const [s] = sentences(["Like and subscribe for more videos every single week, everyone."]);
    expect(sentencePenalty(s)).toBe(0);
    const [q] = sentences(["Why does the planner ignore the index on the email column?"]);
    expect(sentencePenalty(q)).toBeLessThan(1);
    const [long] = sentences(["word ".repeat(26).trim()]);
    expect(sentencePenalty(long, true)).toBeLessThan(sentencePenalty(long, false));
  });

  it("never picks a few words with no verb, unless they give a figure (English)", () => {
    for (const text of ["Living the dream.", "Okay, so the first thing.", "Now, the bad stuff.", "Oh my gosh."]) {
      expect(sentencePenalty(sentences([text])[0]), text).toBe(0);
    }
    for (const text of ["Eleven hundred a month.", "Two cents a crossing.", "It works.", "The toll was high."]) {
      expect(sentencePenalty(sentences([text])[0]), text).toBeGreaterThan(0);
    }
    // Other languages' verbs are not read well enough to drop a sentence on them.
    expect(sentencePenalty(sentences(["Es muy importante."])[0], false, "es")).toBeGreaterThan(0);
  });

  it("never picks a presenter's turn to someone by name", () => {
    for (const text of [
      "Kwame, what are you seeing there?",
      "Dana, what did the engineers find?",
      "Thank you, Dana.",
      "Thanks, Marcus.",
      "So what happens to the market now, Rosa?",
    ]) {
      expect(isHandOff(text), text).toBe(true);
      expect(sentencePenalty(sentences([text])[0]), text).toBe(0);
    }
    for (const text of [
      "Okay, what does that mean for drivers?",
      "Now, what about the traders?",
      "Thank you for the question.",
      "Dana Whitfield has been following the story.",
      "The question, Rosa says, is money.",
    ]) {
      expect(isHandOff(text), text).toBe(false);
    }
  });
});

describe("hasVerbIn", () => {
  it("finds a French or German verb by its subject pronoun or a common verb, not by an English suffix", () => {
    expect(hasVerbIn("Un œuf et une pincée de sel pour la crème 100 grammes de poudre d'amande.", "fr")).toBe(false);
    expect(hasVerbIn("Le beurre mou et le sucre on mélange bien.", "fr")).toBe(true);
    expect(hasVerbIn("La pâte est prête.", "fr")).toBe(true);
    expect(hasVerbIn("Das Mehl ist teurer geworden.", "de")).toBe(true);
    expect(hasVerbIn("Zwei Kilo Roggenmehl und drei Eier.", "de")).toBe(false);
    // English, and the languages without a table, as hasVerb.
    expect(hasVerbIn("The dough rested overnight.", "en")).toBe(true);
  });
});

describe("leansOnPrevious", () => {
  it("hears a reply to the turn before ('Fair point…', 'Exactly.')", () => {
    expect(leansOnPrevious("Fair point sales went up for restaurants about eighteen percent.")).toBe(true);
    expect(leansOnPrevious("Exactly, and that is why the trial matters.")).toBe(true);
    expect(leansOnPrevious("Absolutely everyone on the street turned up.")).toBe(false);
  });
});

describe("isCutClause", () => {
  it("knows the first half of a sentence the captions cut too early", () => {
    for (const text of [
      "What I ended up doing.",
      "How long it took you to feel settled because I really want to know.",
      "I actually liked was like eighteen fifty a month.",
      "So what we tried.",
    ]) {
      expect(isCutClause(text), text).toBe(true);
      expect(sentencePenalty(sentences([text])[0]), text).toBe(0);
    }
    for (const text of [
      "What I ended up doing is renting a room.",
      "What we found was a leak under the gate.",
      "Where I grew up, everyone fished.",
      "How long does it take to feel settled?",
      "I liked the second flat best.",
      "We bought a van and drove north.",
    ]) {
      expect(isCutClause(text), text).toBe(false);
    }
  });
});

describe("announcedCount", () => {
  it("reads how many items a sentence promises", () => {
    expect(announcedCount("A good value metric has three properties.")).toBe(3);
    expect(announcedCount("There are two reasons.")).toBe(2);
    expect(announcedCount("There are a couple of things.")).toBe(2);
    expect(announcedCount("Here's how:")).toBeNull();
    expect(announcedCount("There are several options.")).toBeNull();
    expect(announcedCount("Los economistas suelen hablar de tres grandes causas.")).toBe(3);
    expect(announcedCount("Il y a trois erreurs.")).toBe(3);
    expect(announcedCount("Es gibt zwei Gründe.")).toBe(2);
    expect(announcedCount("São três dicas.")).toBe(3);
    expect(announcedCount("Tengo dos perros.")).toBeNull();
  });
});

describe("pickSentences", () => {
  const analysis = analyse(sentences(TEXTS));
  const { scores } = rankSentences(analysis, { query: new Map(), sections: [[0, TEXTS.length]] });

  it("fills a word budget in score order and returns source order without near-duplicates", () => {
    const taken = new Set<number>();
    const picked = pickSentences(analysis, scores, [...TEXTS.keys()], 60, taken);
    expect(picked).toEqual([...picked].sort((a, b) => a - b));
    expect(picked.includes(1) && picked.includes(6)).toBe(false);
    const words = picked.reduce((n, i) => n + analysis.sentences[i].wordCount, 0);
    expect(words).toBeGreaterThanOrEqual(40);
    expect(words).toBeLessThanOrEqual(80);
    expect([...taken].sort()).toEqual([...picked].sort());
  });

  it("brings the sentence a pronoun leans on, or leaves the pronoun out", () => {
    const texts = sentences([
      "The planner estimates how many rows a query will match.",
      "It uses statistics that analyze collects from the table.",
      "Stale statistics lead to bad plans.",
    ]);
    const a = analyse(texts);
    const boosted = new Float64Array([0.1, 1, 0.05]);
    expect(pickSentences(a, boosted, [0, 1, 2], 12, new Set())).toEqual([0, 1]);
    expect(pickSentences(a, boosted, [1, 2], 12, new Set())).toEqual([2]);
  });

  it("takes a promised list whole with its announcement, or leaves the announcement out", () => {
    const texts = sentences([
      "That unit is called the value metric, and it matters more than the exact price.",
      "A good value metric has three properties.",
      "It grows as the customer gets more value.",
      "It's easy for the customer to understand and predict.",
      "And it's hard to game.",
      "Shiftwise charged per restaurant, which was easy to understand but did not grow with value.",
    ]);
    const a = analyse(texts);
    const scores = new Float64Array([0.2, 1, 0.3, 0.3, 0.3, 0.2]);
    expect(pickSentences(a, scores, [0, 1, 2, 3, 4, 5], 10, new Set())).toEqual([1, 2, 3, 4]);
    // The third item is not on offer: the promise of three goes, and what needs it.
    const picked = pickSentences(a, scores, [0, 1, 2, 3, 5], 10, new Set());
    expect(picked).not.toContain(1);
  });
});

describe("sentence relations", () => {
  it("detects near-duplicates and dependent openings", () => {
    const analysis = analyse(sentences(TEXTS));
    expect(isNearDuplicate(analysis, 6, [1])).toBe(true);
    expect(isNearDuplicate(analysis, 4, [1])).toBe(false);
    expect(leansOnPrevious("It stores the values in order.")).toBe(true);
    expect(leansOnPrevious("Third, they gave customers notice.")).toBe(true);
    expect(leansOnPrevious("The fix is a unique constraint on the key column.")).toBe(true);
    expect(leansOnPrevious("Rule two: only retry errors that might be transient.")).toBe(true);
    expect(leansOnPrevious("The third problem is the cost of writes.")).toBe(true);
    expect(leansOnPrevious("Mathematically that saves you the most money.")).toBe(true);
    expect(leansOnPrevious("Rule one: always set a timeout.")).toBe(false);
    expect(leansOnPrevious("The fixture is ready.")).toBe(false);
    expect(leansOnPrevious("The last thing is the mental side.")).toBe(false);
    expect(leansOnPrevious("A tiny piece of glass or a thorn.")).toBe(true);
    expect(leansOnPrevious("The first is that the mesh doesn't know which requests are safe.")).toBe(true);
    expect(leansOnPrevious("The pads wear down over time.")).toBe(false);
    // "Either way" and "That said" weigh what came before.
    expect(leansOnPrevious("Either way the pads wear down and you have to replace them.")).toBe(true);
    expect(leansOnPrevious("That said, most people never need one.")).toBe(true);
    expect(leansOnPrevious("In this case the query scans every row.")).toBe(true);
    expect(leansOnPrevious("Either brake works on a city bike.")).toBe(false);
    expect(leansOnPrevious("For most companies, it's a few dollars.")).toBe(true);
    expect(leansOnPrevious("An index stores the values in order.")).toBe(false);
    // A list of three noun phrases, though one word of it ("reset") reads as a verb.
    expect(leansOnPrevious("A timeout, a connection reset, a 503, a 429 too many requests.")).toBe(true);
    expect(leansOnPrevious("Not a 400 bad request, which will be exactly as bad the second time.")).toBe(true);
    expect(leansOnPrevious("Good question, because it's easy to think you have it.")).toBe(true);
    expect(leansOnPrevious("Notice something about those questions.")).toBe(false);
    expect(leansOnPrevious("Thirty percent, fifty percent, whatever feels reasonable.")).toBe(true);
    expect(leansOnPrevious("Slowly, gently, the dough rises.")).toBe(false);
    expect(leansOnPrevious("A queue with a million items might be fine, the speaker says.")).toBe(false);
    // Spanish and Portuguese answers open on "Pues" / "Pois é"; "Después" and "Poison" are words.
    expect(leansOnPrevious("Pues lo que vemos cada verano, pero cada vez antes y cada vez más.")).toBe(true);
    expect(leansOnPrevious("Pois é, o polvilho faz toda a diferença.")).toBe(true);
    expect(leansOnPrevious("Después de la ola de calor, el hospital se llenó.")).toBe(false);
    expect(leansOnPrevious("Poison ivy grows along the path.")).toBe(false);
    // Conditions with no main clause answer a question before them; with one, they stand.
    expect(
      leansOnPrevious(
        "Cuando la persona está más confusa de lo normal, cuando apenas orina, cuando tiene la piel muy caliente y seca, o más de treinta y ocho de fiebre.",
      ),
    ).toBe(true);
    expect(leansOnPrevious("When the bread is pale, when it is flat, or when it tastes sour.")).toBe(true);
    expect(leansOnPrevious("When the bread is pale, when it is flat, you need a stronger starter.")).toBe(false);
  });

  it("hears the verb in 'I'm' (so 'I'm not a finance expert, I'm a nurse' is two clauses)", () => {
    expect(hasVerb("I'm a nurse")).toBe(true);
    expect(hasVerb("A nurse, a spreadsheet, a plan")).toBe(false);
  });
});
