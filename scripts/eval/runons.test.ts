import { describe, expect, it } from "vitest";
import {
  articleSentences,
  gluedClause,
  longestUnpunctuated,
  runOnLine,
  runOnSentences,
  unfinishedEnding,
} from "./runons";

describe("gluedClause", () => {
  // Clauses glued together without punctuation: enumerations, discourse openers, "that's it",
  // and a subject with its verb after an object pronoun. The glue is reported in its words.
  it.each([
    ["Mistake one the weak starter is dense and it's a bit flat mistake two no folds is wide.", "flat mistake two"],
    ["It rose for hours step number three shape the loaf.", "hours step number three"],
    ["Turn the bowl and do all four sides that's it.", "sides that's it"],
    ["Nothing fancy okay let's bake.", "fancy okay"],
    ["It's seventy percent hydration so that's plenty.", "hydration so that's"],
    ["The oven is hot now let's load the bread.", "hot now let's"],
    ["I use a basic recipe it's five hundred grams of flour.", "recipe it's"],
    ["If it floats it's ready if it sinks add flour it's not perfect.", "flour it's"],
    ["I fixed it you need a new tube anyway.", "it you need"],
    ["We cleaned them we can ride now.", "them we can"],
    ["I use a basic recipe that's five hundred grams of flour.", "recipe that's"],
  ])("finds the glue in %j", (sentence, glue) => {
    expect(gluedClause(sentence)).toBe(glue);
  });

  // Punctuated joins and grammatical uses ("tell them we can", "the way it's shaped").
  it.each([
    ["It's a bit flat. Mistake two, no folds, is wide."],
    ["It's a bit flat, mistake two is worse."],
    ["That's totally okay with me."],
    ["If you skip step two the dough tears."],
    ["In step three you shape it."],
    ["I mixed it and then I waited an hour."],
    ["And that's it."],
    ["I think it's ready and the way it's shaped matters."],
    ["On a big table, the planner says the table it's scanning is slow."],
    ["Honestly it's a pretty good loaf."],
    ["At the end we're going to cut them open."],
    ["I told them we can ride on Sunday."],
    ["I fixed it, you need a new tube anyway."],
    ["You can ride it when you want."],
    ["Nine times out of ten it's a small piece of glass or a thorn that's still stuck in the tire."],
    ["I'm not saying it's free."],
    ["That is because it's the only part that's about the future rather than the past."],
  ])("leaves %j alone", (sentence) => {
    expect(gluedClause(sentence)).toBeNull();
  });
});

describe("unfinishedEnding", () => {
  it("finds a sentence cut before its noun or inside an 'if' clause", () => {
    expect(unfinishedEnding("Almost every bolt on a.")).toBe("a");
    expect(unfinishedEnding("Watch the gap between the rim and the brake pad if the gap.")).toBe("if the gap");
    expect(unfinishedEnding("It costs more than.")).toBe("than");
  });

  it("lets sentences that end on a preposition, a pronoun or a question pass", () => {
    expect(unfinishedEnding("That's what it's made of.")).toBeNull();
    expect(unfinishedEnding("You don't have to.")).toBeNull();
    expect(unfinishedEnding("Which one do you want, the?")).toBeNull();
    expect(unfinishedEnding("Ride it if you want to.")).toBeNull();
  });
});

describe("articleSentences", () => {
  it("splits paragraphs, list items and quotes into sentences, without links or attributions", () => {
    const markdown = [
      "## A heading that is not a sentence",
      "",
      'As Dana puts it, "I baked five loaves. Each one has one mistake." ([0:11](https://x.example/?t=11)) Then she cuts them.',
      "",
      "- First item without a stop",
      "- Second item.",
      "",
      '> "A pull quote here."',
      ">",
      "> — Dana, [5:23](https://x.example/?t=323)",
    ].join("\n");
    expect(articleSentences(markdown)).toEqual([
      'As Dana puts it, "I baked five loaves.',
      'Each one has one mistake."',
      "Then she cuts them.",
      "First item without a stop",
      "Second item.",
      '"A pull quote here."',
    ]);
  });
});

const run = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `word${from + i}`).join(" ");

describe("longestUnpunctuated", () => {
  it("counts words in a row between punctuation marks", () => {
    expect(longestUnpunctuated("one two, three four five: six")).toBe(3);
    expect(longestUnpunctuated('She said "one two three" and left')).toBe(3);
    expect(longestUnpunctuated(`${run(31)}.`)).toBe(31);
  });
});

describe("runOnSentences", () => {
  it("counts long, unpunctuated and glued sentences, quotations included", () => {
    const commas = [run(20), run(20, 20), run(11, 40)].join(", ");
    const markdown = `Short and fine. ${commas}.\n\nAs she puts it, "${run(31)}."\n\n> "Turn the bowl and do all four sides that's it."\n>\n> — Dana`;
    const found = runOnSentences(markdown);
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^51 words: word0/);
    expect(found[1]).toMatch(/^31 words unpunctuated: As she puts it/);
    expect(found[2]).toMatch(/^"sides that's it": /);
  });

  it("lets a punctuated 50-word sentence, a 30-word stretch and clean prose pass", () => {
    const fifty = [run(25), run(25, 25)].join(", ");
    expect(runOnSentences(`${fifty}. ${run(30)}. Mistake two: no folds. The loaf is wide.`)).toEqual([]);
  });

  it("moves the length line to what a custom style's references write, never below 50 words", () => {
    const sixty = [run(20), run(20, 20), run(20, 40)].join(", ");
    expect(runOnSentences(`${sixty}.`)).toHaveLength(1);
    expect(runOnLine(51)).toBe(77);
    expect(runOnSentences(`${sixty}.`, runOnLine(51))).toEqual([]);
    expect(runOnLine(12)).toBe(50);
    expect(runOnSentences(`${sixty}.`, runOnLine(12))).toHaveLength(1);
  });

  it("reads a link's words but not a bare moment link, so an attribution is not taken for a cut sentence", () => {
    const markdown =
      "Prices rose, the creator said at the [14:19 mark](https://x.example/?t=859). See [4:10](https://x.example/?t=250).\n\nWatch the gap if the gap.";
    expect(articleSentences(markdown)[0]).toBe("Prices rose, the creator said at the 14:19 mark.");
    expect(articleSentences(markdown)[1]).toBe("See .");
    expect(runOnSentences(markdown)).toEqual(['ends on "if the gap": Watch the gap if the gap.']);
  });
});
