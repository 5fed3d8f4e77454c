import { describe, expect, it } from "vitest";
import { formOf, styleMatch } from "./style-match";

const TERSE = "Mornings start early. The kettle goes on first.\n\nThen the dog wants out. Rain means boots.";
const TITLED = `A Year of Bread

I started baking bread last January because the shop down the road closed.

What changed things was a notebook, and I still keep it by the oven today.`;

describe("styleMatch", () => {
  it("compares mean sentence and paragraph length with the references'", () => {
    const article =
      "The kettle goes on first thing every morning before anyone is awake. The dog then waits by the door for a long walk.";
    const match = styleMatch(article, [TERSE]);
    expect(match.reference.meanSentenceWords).toBeCloseTo(4, 1);
    expect(match.article.meanSentenceWords).toBeCloseTo(11.5, 1);
    expect(match.sentenceRatio).toBeCloseTo(11.5 / 4, 2);
    expect(match.paragraphRatio).toBeCloseTo(23 / 8, 2);
    expect(styleMatch(TERSE, [TERSE]).sentenceRatio).toBe(1);
  });

  it("reads a reference's first short unpunctuated line as its title, not a heading", () => {
    expect(formOf([TITLED]).headings).toBe(0);
    expect(
      formOf(["# Five habits\n\nCalm teams are not lucky.\n\n## 1. They write\n\nDecisions live in a doc."]).headings,
    ).toBe(1);
    expect(styleMatch("## Bread\n\nA paragraph of prose.", [TITLED]).headingsAgree).toBe(false);
    expect(styleMatch("A paragraph of prose.", [TITLED]).headingsAgree).toBe(true);
  });

  it("counts list items and quotations, and not moment links or pull quotes as prose", () => {
    const article = `"Start small," she says. It works.\n\n[Watch from 2:00](https://youtu.be/x?t=120)\n\n> "A pull quote."\n>\n> — Ana\n\n- one\n- two\n1. three`;
    const form = formOf([article]);
    expect(form.listItems).toBe(3);
    expect(form.paragraphs).toBe(1);
    expect(form.sentences).toBe(2);
    expect(styleMatch(article, [TERSE]).listsAgree).toBe(false);
  });
});
