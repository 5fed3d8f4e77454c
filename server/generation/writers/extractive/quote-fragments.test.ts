import { describe, expect, it } from "vitest";
import { asQuotedSentence, quoteFragment, shortPassage, shortQuotation } from "./quote-fragments";

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("short quotations for a terse style (quote-fragments.ts)", () => {
  it("quotes the shortest clause that stands alone, word for word", () => {
    const sentence = "The first deploy of the new billing service went out on Friday, and the pager started ringing.";
    expect(quoteFragment(sentence)).toBe("the pager started ringing.");
    const spoken = "I set up the spreadsheet on a Sunday; it took me most of the afternoon.";
    const fragment = quoteFragment(spoken);
    expect(fragment).toBe("I set up the spreadsheet on a Sunday");
    expect(spoken).toContain(fragment);
  });

  it("keeps the denial a clause is set against, but may leave out one joined by 'and'", () => {
    // "I'm a nurse" alone would drop what the speaker denies.
    expect(quoteFragment("I'm not a finance expert, I'm a nurse, so this is just what worked for me.")).toBe(
      "I'm not a finance expert",
    );
    expect(quoteFragment("I had five different loans with three servicers and I'd never added them up.")).toBe(
      "I had five different loans with three servicers",
    );
  });

  it("never cuts a condition from what it governs, nor a reason from a denial", () => {
    const condition = "If you refinance federal loans into a private loan, you lose the forgiveness programs.";
    expect(quoteFragment(condition)).toBe(condition);
    const spanish = "Si hay más compradores que cuadros, los cuadros se venden más caros.";
    expect(quoteFragment(spanish, false)).toBe(spanish);
    // "I couldn't spend it by accident" alone is no longer what the transfer was for.
    expect(
      quoteFragment("I set up an automatic transfer the day after payday, so I couldn't spend it by accident."),
    ).toBe("I set up an automatic transfer the day after payday");
    // "Nobody buys a tool" alone would say the opposite.
    const denied = "Nobody buys a tool because it is cheap.";
    expect(quoteFragment(denied)).toBe(denied);
  });

  it("never leaves a figure out", () => {
    const figures = "It was a rough quarter for the whole team, and we lost forty customers in a month.";
    expect(quoteFragment(figures)).toBe("we lost forty customers in a month.");
    const both = "We lost forty customers in March, and we lost twelve more in April.";
    expect(quoteFragment(both)).toBe(both);
  });

  it("offers nothing that opens on a conjunction or points back", () => {
    expect(quoteFragment("So this is just what worked for me.")).toBeNull();
    expect(quoteFragment("And that was the end of it.")).toBeNull();
    expect(quoteFragment("Yes.")).toBeNull();
    // No subject: "Did the same" leans on what the writer did before.
    expect(quoteFragment("Did the same and it changed everything for me.")).toBeNull();
  });

  it("cuts other languages at a comma before their conjunctions", () => {
    expect(quoteFragment("Los precios de la comida suben cada mes, pero el alquiler se queda igual.", false)).toBe(
      "el alquiler se queda igual.",
    );
  });

  it("gives up on text too long to scan", () => {
    expect(quoteFragment(`${"We went on and on, and we did ".repeat(100)}it.`)).toBeNull();
  });

  it("keeps the shortest clauses of a quotation in the order they were said", () => {
    const run = [
      "I looked at three months of bank statements and put every expense into one of four buckets.",
      "The everything else bucket was the problem.",
      "I'm not a finance expert, I'm a nurse.",
    ];
    expect(shortQuotation(run, true, 2)).toEqual([
      { at: 1, text: "The everything else bucket was the problem." },
      { at: 2, text: "I'm not a finance expert" },
    ]);
    // None short enough: nothing, and the caller quotes the run as it was.
    expect(shortQuotation(run.slice(0, 1), true, 2, 10)).toEqual([]);
  });

  it("writes a fragment as a sentence", () => {
    expect(asQuotedSentence("the chart kept me going")).toBe("The chart kept me going.");
    expect(asQuotedSentence("Why not?")).toBe("Why not?");
    expect(words(asQuotedSentence("I'm a nurse"))).toBe(3);
  });

  it("quotes a comment as its shortest sentence that stands, or whole", () => {
    const comment =
      "The video saved my ride home tonight, and my old tyre is still holding after a week of commuting. Thanks!";
    expect(shortPassage(comment)).toBe("The video saved my ride home tonight.");
    expect(comment).toContain(shortPassage(comment).slice(0, -1));
    // A later sentence leans on the first: the comment stays whole.
    const later = "Una subida de sueldo del 2% con inflación del 4% es una bajada. Se lo voy a enseñar a mi jefe.";
    expect(shortPassage(later, false)).toBe(later);
    expect(shortPassage("Thanks all.")).toBe("Thanks all.");
    // Nothing in it stands alone: the comment as it is.
    const leaning = "And that was it. So it goes on and on and on and on and on and on, forever and ever.";
    expect(shortPassage(leaning)).toBe(leaning);
  });
});
