import { describe, expect, it } from "vitest";
import { alignWords, placeSentences, speakerPieces, withoutUmUh } from "./verbatim";

const lines = (...texts: string[]) => texts.map((text, i) => ({ start: i, duration: 1, text }));

describe("speakerPieces", () => {
  it("starts a turn at >>, at a line-start dash and at a speaker label, and drops the label", () => {
    const pieces = speakerPieces(
      lines("Host: welcome back", "to the show >> thanks for having me", "- Any time.", "and again", "HOST: Great."),
    );
    expect(pieces.map((p) => [p.turn, p.text])).toEqual([
      [0, "welcome back"],
      [0, "to the show "],
      [1, " thanks for having me"],
      [2, "Any time."],
      [2, "and again"],
      [3, "Great."],
    ]);
  });

  it("takes a capitalised name before a colon for a label, after >> too, and nothing else", () => {
    const pieces = speakerPieces(
      lines("[MARIA]: hello", ">> Dr. Amara Osei: thanks", "— Right.", "the lesson: measure first", "Speaker 2: yes"),
    );
    expect(pieces.map((p) => [p.turn, p.text])).toEqual([
      [0, "hello"],
      [1, "thanks"],
      [2, "Right."],
      [2, "the lesson: measure first"],
      [3, "yes"],
    ]);
  });
});

describe("alignWords", () => {
  it("finds each cleaned word among the original ones, the kept one of a repetition last", () => {
    expect(alignWords(["I", "think", "the", "plan"], ["I", "I", "think", "th-", "the", "plan"])).toEqual([1, 2, 4, 5]);
    expect(alignWords(["that", "that", "is", "true", "—"], ["that", "that", "is", "true"])).toEqual([0, 1, 2, 3, -1]);
    expect(alignWords(["It's", "slow,"], ["Um,", "you", "know,", "it's", "slow"])).toEqual([3, 4]);
  });
});

describe("withoutUmUh", () => {
  it("drops um and uh and nothing else", () => {
    expect(withoutUmUh("So, um, I think, uh, you know, it works er fine.")).toBe(
      "So, I think, you know, it works er fine.",
    );
    expect(withoutUmUh("Umbrellas and uhlans are words.")).toBe("Umbrellas and uhlans are words.");
  });
});

describe("placeSentences", () => {
  it("places sentences so that neighbours in the text follow each other", () => {
    const places = placeSentences("One two three. Four five six.\nSeven eight", [
      "One two three.",
      "Four five six.",
      "Seven eight.",
      "Not there.",
    ]);
    expect(places[0].to).toBe(places[1].from);
    expect(places[1].to).toBe(places[2].from);
    expect(places[3].from).toBeLessThan(0);
    expect(places[2].to).not.toBe(places[3].from);
  });
});
