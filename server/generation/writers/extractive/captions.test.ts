import { describe, expect, it } from "vitest";
import { segmentUnpunctuated } from "./captions";
import { clauseStartAt, listCommas } from "./clauses";
import { addSpokenCommas } from "./spoken-commas";

describe("segmentUnpunctuated", () => {
  it("breaks at long pauses and discourse markers, not after articles", () => {
    const words = "we picked the database first okay so now the index makes reads fast and the writes slower".split(
      " ",
    );
    const gaps: (number | null | undefined)[] = words.map(() => undefined);
    gaps[4] = 1.5; // a pause after "first"
    const units = segmentUnpunctuated(words, gaps, true);
    expect(units[0]).toEqual([0, 5]);
    for (const [, to] of units.slice(0, -1)) expect(["the", "a", "of"]).not.toContain(words[to - 1]);
  });

  it("keeps every unit between 3 and 30 words and covers every word once", () => {
    const words = Array.from({ length: 203 }, (_, i) => `w${i}`);
    const units = segmentUnpunctuated(words, [], false);
    let expected = 0;
    for (const [from, to] of units) {
      expect(from).toBe(expected);
      expect(to - from).toBeGreaterThanOrEqual(3);
      expect(to - from).toBeLessThanOrEqual(30);
      expected = to;
    }
    expect(expected).toBe(203);
  });
});

describe("segmentUnpunctuated openers", () => {
  it("starts a sentence at 'so let's' even after a word that 'so' can follow", () => {
    const words = "that's the one skill that makes people ride more so let's start with tools today".split(" ");
    const units = segmentUnpunctuated(words, [], true);
    expect(units.map(([from]) => words[from])).toEqual(["that's", "so"]);
  });

  it("keeps 'said so' and 'right now' inside their sentence", () => {
    const words = "the recipe said so but a starter is not ready based on the clock right now".split(" ");
    expect(segmentUnpunctuated(words, [], true)).toEqual([[0, words.length]]);
  });
});

describe("addSpokenCommas", () => {
  it("sets off contrasting and clause-joining conjunctions", () => {
    expect(addSpokenCommas("it is painful but it works")).toBe("it is painful, but it works");
    expect(addSpokenCommas("it rose so i baked it")).toBe("it rose, so i baked it");
    expect(addSpokenCommas("the recipe said so but the starter")).toBe("the recipe said so but the starter");
  });

  it("sets off a second clause that opens on a contracted subject", () => {
    expect(addSpokenCommas("i'm not a finance expert i'm a nurse")).toBe("i'm not a finance expert, i'm a nurse");
    expect(addSpokenCommas("if it floats it's full of gas")).toBe("if it floats, it's full of gas");
    expect(addSpokenCommas("if you want the recipe i've put it in the description")).toBe(
      "if you want the recipe, i've put it in the description",
    );
    expect(addSpokenCommas("i think it's ready")).toBe("i think it's ready");
    expect(addSpokenCommas("honestly it's a good loaf")).toBe("honestly it's a good loaf");
    expect(addSpokenCommas("at the end we're going to cut them")).toBe("at the end we're going to cut them");
  });
});

describe("addSpokenCommas around clauses", () => {
  it("sets off the main clause after an opening 'if', 'when' or 'while' clause, and a clause after a verb's", () => {
    expect(addSpokenCommas("if it's really black use a bit of degreaser")).toBe(
      "if it's really black, use a bit of degreaser",
    );
    expect(addSpokenCommas("while we're at it grab the front brake")).toBe("while we're at it, grab the front brake");
    expect(addSpokenCommas("a dirty chain is slow it's noisy")).toBe("a dirty chain is slow, it's noisy");
  });

  it("sets off a series of instructions, and leaves a single one alone", () => {
    expect(addSpokenCommas("list everything build a simple budget pick a method grow your income")).toBe(
      "list everything, build a simple budget, pick a method, grow your income",
    );
    expect(addSpokenCommas("make sure you pick a method that you like")).toBe(
      "make sure you pick a method that you like",
    );
  });

  it("puts no comma inside a relative clause or an embedded question", () => {
    const relative = "so if your kitchen is colder everything i say about timing takes longer";
    expect(addSpokenCommas(relative)).toBe(relative);
    const question = "so if i had to rank them for how much each mistake matters i'd say starter";
    expect(addSpokenCommas(question)).toBe(
      "so if i had to rank them for how much each mistake matters, i'd say starter",
    );
  });
});

describe("clauseStartAt", () => {
  const at = (text: string, k: number) => clauseStartAt(text.split(" "), k);

  it("finds a subject with its verb, a noun phrase with a finite verb and an instruction", () => {
    expect(at("the links get longer we have a chain checker", 4)).toBeGreaterThanOrEqual(1);
    expect(at("it can be a fight the sealant also dries out", 5)).toBeGreaterThanOrEqual(1);
    expect(at("your gears most people put oil on it", 2)).toBeGreaterThanOrEqual(1);
    expect(at("a loose spoke squeeze the spokes in pairs", 3)).toBeGreaterThanOrEqual(1);
    expect(at("that bolt don't go gorilla on it", 2)).toBeGreaterThanOrEqual(1);
    expect(at("a new tube in replace pads when they wear", 4)).toBeGreaterThanOrEqual(1);
    expect(at("lined up this is the control loaf", 2)).toBeGreaterThanOrEqual(1);
    expect(at("near the top people call that a flying crust", 3)).toBeGreaterThanOrEqual(1);
  });

  it("finds none in a noun phrase without a verb, nor at a noun phrase that runs into another", () => {
    expect(at("between the rim and the brake pad", 1)).toBe(0);
    expect(at("wears out your gears most people put oil", 2)).toBe(0);
    expect(at("we want the cut", 2)).toBe(0);
  });
});

describe("listCommas", () => {
  it("sets off things that each open with 'a' or a number, closed by 'and'", () => {
    expect(listCommas("carry two levers a pump a patch kit and hex keys")).toBe(
      "carry two levers, a pump, a patch kit and hex keys",
    );
  });

  it("leaves a verb's objects, a rate and a single item alone", () => {
    for (const text of [
      "give the wheel a spin and wait a minute",
      "i bought a pump a week ago and it broke",
      "it costs ninety dollars a month and a bit more",
      "the kitchen has a pump and three benches",
    ])
      expect(listCommas(text)).toBe(text);
  });
});
