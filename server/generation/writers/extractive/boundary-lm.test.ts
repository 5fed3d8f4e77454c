import { describe, expect, it } from "vitest";
import { lmBoundaryEvidence } from "./boundary-lm";
import { segmentUnpunctuated } from "./captions";

describe("the sentence-boundary language model", () => {
  it("rates the gap between two sentences above the gaps inside them", () => {
    const words = "we waited for the bus for an hour the driver never said sorry".split(" ");
    const scores = lmBoundaryEvidence(words);
    // "…for an hour | the driver…".
    const seam = words.lastIndexOf("the");
    for (let b = 1; b < words.length; b++) if (b !== seam) expect(scores[b]).toBeLessThan(scores[seam]);
  });

  it("knows a verb's object and a noun after its article from a new sentence", () => {
    const words = "you skip a track and the value drops".split(" ");
    const scores = lmBoundaryEvidence(words);
    expect(scores[2]).toBeLessThan(-1); // "skip | a"
    expect(scores[6]).toBeLessThan(-2); // "the | value"
  });

  it("gives every gap a finite figure, words it has never seen included, and none at the ends", () => {
    const words = "the zorblax quivvered near qwxz forty times".split(" ");
    const scores = lmBoundaryEvidence(words);
    expect(scores).toHaveLength(words.length + 1);
    expect(scores[0]).toBe(0);
    expect(scores[words.length]).toBe(0);
    for (const s of scores) expect(Number.isFinite(s)).toBe(true);
  });
});

describe("English captions without pauses", () => {
  // Lines shown back to back, as YouTube sends automatic captions: only the words tell.
  const split = (text: string) => {
    const words = text.split(" ");
    const gaps = words.map((_, k) => (k % 7 === 6 ? 0 : undefined));
    return segmentUnpunctuated(words, gaps, true).map(([from, to]) => words.slice(from, to).join(" "));
  };

  it("end a sentence where the next opens on a noun phrase and its verb, as the model hears it", () => {
    // The word lists alone run these together ("…for a month the results were mixed").
    expect(split("we tested it for a month the results were mixed some people loved it others sent it back")).toContain(
      "we tested it for a month",
    );
    expect(split("the hotel was fine the breakfast was the best part the rooms were small but clean")[0]).toBe(
      "the hotel was fine",
    );
  });
});
