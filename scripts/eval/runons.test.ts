import { describe, expect, it } from "vitest";
import { articleSentences, gluedClause, runOnSentences } from "./runons";

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
  });

  it("leaves punctuated joins and grammatical uses alone", () => {
    expect(gluedClause("It's a bit flat. Mistake two, no folds, is wide.")).toBeNull();
    expect(gluedClause("It's a bit flat, mistake two is worse.")).toBeNull();
    expect(gluedClause("That's totally okay with me.")).toBeNull();
    expect(gluedClause("If you skip step two the dough tears.")).toBeNull();
    expect(gluedClause("In step three you shape it.")).toBeNull();
    expect(gluedClause("I mixed it and then I waited an hour.")).toBeNull();
    expect(gluedClause("And that's it.")).toBeNull();
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

describe("runOnSentences", () => {
  it("counts long sentences and glued clauses, quotations included", () => {
    const long = Array.from({ length: 41 }, (_, i) => `word${i}`).join(" ");
    const markdown = `Short and fine. ${long}.\n\n> "Turn the bowl and do all four sides that's it."\n>\n> — Dana`;
    const found = runOnSentences(markdown);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^41 words: word0/);
    expect(found[1]).toMatch(/^"sides that's it": /);
  });

  it("lets a 40-word sentence and clean prose pass", () => {
    const forty = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    expect(runOnSentences(`${forty}. Mistake two: no folds. The loaf is wide.`)).toEqual([]);
  });
});
