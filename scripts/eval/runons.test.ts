import { describe, expect, it } from "vitest";
import { articleSentences, gluedClause, longestUnpunctuated, runOnSentences, unfinishedEnding } from "./runons";

describe("gluedClause", () => {
  it("finds an enumeration glued onto a finished clause", () => {
    expect(gluedClause("Mistake one the weak starter is dense and it's a bit flat mistake two no folds is wide.")).toBe(
      "flat mistake two",
    );
    expect(gluedClause("It rose for hours step number three shape the loaf.")).toBe("hours step number three");
  });

  it("finds discourse openers and a closing that's it glued on", () => {
    expect(gluedClause("Turn the bowl and do all four sides that's it.")).toBe("sides that's it");
    expect(gluedClause("Nothing fancy okay let's bake.")).toBe("fancy okay");
    expect(gluedClause("It's seventy percent hydration so that's plenty.")).toBe("hydration so that's");
    expect(gluedClause("The oven is hot now let's load the bread.")).toBe("hot now let's");
    expect(gluedClause("I use a basic recipe it's five hundred grams of flour.")).toBe("recipe it's");
    expect(gluedClause("If it floats it's ready if it sinks add flour it's not perfect.")).toBe("flour it's");
  });

  it("leaves punctuated joins and grammatical uses alone", () => {
    expect(gluedClause("It's a bit flat. Mistake two, no folds, is wide.")).toBeNull();
    expect(gluedClause("It's a bit flat, mistake two is worse.")).toBeNull();
    expect(gluedClause("That's totally okay with me.")).toBeNull();
    expect(gluedClause("If you skip step two the dough tears.")).toBeNull();
    expect(gluedClause("In step three you shape it.")).toBeNull();
    expect(gluedClause("I mixed it and then I waited an hour.")).toBeNull();
    expect(gluedClause("And that's it.")).toBeNull();
    expect(gluedClause("I think it's ready and the way it's shaped matters.")).toBeNull();
    expect(gluedClause("On a big table, the planner says the table it's scanning is slow.")).toBeNull();
    expect(gluedClause("Honestly it's a pretty good loaf.")).toBeNull();
    expect(gluedClause("At the end we're going to cut them open.")).toBeNull();
  });
});

describe("gluedClause after an object pronoun", () => {
  it("finds a subject and its verb glued onto a clause that ended on 'it' or 'them'", () => {
    expect(gluedClause("I fixed it you need a new tube anyway.")).toBe("it you need");
    expect(gluedClause("We cleaned them we can ride now.")).toBe("them we can");
  });

  it("leaves a pronoun's own clause after 'tell them', 'let it' and punctuated joins alone", () => {
    expect(gluedClause("I told them we can ride on Sunday.")).toBeNull();
    expect(gluedClause("I fixed it, you need a new tube anyway.")).toBeNull();
    expect(gluedClause("You can ride it when you want.")).toBeNull();
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

  it("reads a link's words but not a bare moment link, so an attribution is not taken for a cut sentence", () => {
    const markdown =
      "Prices rose, the creator said at the [14:19 mark](https://x.example/?t=859). See [4:10](https://x.example/?t=250).\n\nWatch the gap if the gap.";
    expect(articleSentences(markdown)[0]).toBe("Prices rose, the creator said at the 14:19 mark.");
    expect(articleSentences(markdown)[1]).toBe("See .");
    expect(runOnSentences(markdown)).toEqual(['ends on "if the gap": Watch the gap if the gap.']);
  });
});
