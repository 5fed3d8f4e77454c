import { describe, expect, it } from "vitest";
import { commonWords, fitParagraphs, splitSentence, withoutFiller } from "./fit";

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const bare = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);

describe("sentences fitted to a reference's length (fit.ts)", () => {
  it("cuts a long sentence at its clause boundaries into whole sentences", () => {
    const long =
      "You're leaving almost all of the value on the table, and you're starving the company of the money it needs to get better.";
    expect(splitSentence(long, 8)).toEqual([
      "You're leaving almost all of the value on the table.",
      "You're starving the company of the money it needs to get better.",
    ]);
    // Near the target already: left whole.
    expect(splitSentence(long, 22)).toEqual([long]);
  });

  it("leaves a quoted title's sentences as the title has them, whatever the target", () => {
    const paragraph =
      "In \"Stale Bread Isn't Dry. Here's What's Really Happening,\" Kitchen Physics weighs a loaf. It weighs the same after two days.";
    for (const target of [4, 40]) {
      const [fitted] = fitParagraphs([paragraph], target, true, commonWords([paragraph]));
      expect(fitted).toContain("\"Stale Bread Isn't Dry. Here's What's Really Happening,\"");
    }
  });

  it("joins sentences inside a quotation only where the next opens on a function word", () => {
    const paragraph =
      'The description adds: "Windows: Win and an arrow to snap. Mac: Ctrl, Fn and an arrow. The rest is the same."';
    const [fitted] = fitParagraphs([paragraph], 30, true, new Set(["mac", "the", "rest"]));
    expect(fitted).toMatch(/\. Mac: Ctrl/);
  });

  it("does not cut a list ('A, B, and C') or a clause without its own subject", () => {
    const list =
      "We watched the conversion rate, which tier people chose, and the number of sales calls that mentioned price.";
    expect(splitSentence(list, 6)).toEqual([list]);
    const noSubject =
      "Preheat the oven to two hundred degrees, and bake the loaf for forty minutes on the lowest shelf.";
    expect(splitSentence(noSubject, 6)).toEqual([noSubject]);
    const subordinate =
      "If your query says order by created at, and there's an index on it, Postgres can skip the sort.";
    expect(splitSentence(subordinate, 6)).toEqual([subordinate]);
  });

  it("cuts before the clause, not inside a noun pair or a line-up", () => {
    // "the fiddle and you can hear": the clause starts at "you", not at "the fiddle".
    const pair =
      "Low Tide Hymn acoustic at 17:24 is just Isla and the fiddle and you can hear a pin drop in that hall.";
    expect(splitSentence(pair, 4)).not.toContain("And the fiddle and you can hear a pin drop in that hall.");
    expect(splitSentence(pair, 4).join(" ")).toContain("Isla and the fiddle");
    // "Femi Adeyemi – bass, Ruairidh Innes – drums": a dash in a line-up opens no clause.
    const lineUp = "The band: Callum Brodie – guitar, vocals, Femi Adeyemi – bass, Ruairidh Innes – drums, bodhrán.";
    expect(splitSentence(lineUp, 4)).toEqual([lineUp]);
  });

  it("keeps every word of a quotation, changing only punctuation and case", () => {
    const quote =
      '"I once worked on a table with fourteen indexes, and inserts had become the bottleneck of the entire system," Chen says.';
    const [fitted] = fitParagraphs([quote], 6);
    expect(fitted).toContain('"I once worked on a table with fourteen indexes. And inserts had become');
    const inside = (text: string) => bare(/"([^"]*)"/.exec(text)![1]);
    expect(inside(fitted)).toEqual(inside(quote));
  });

  it("joins short neighbours with a semicolon only while the article is shorter than the target", () => {
    const paragraph = "The index is sorted. The planner reads it first. Postgres keeps it in memory.";
    const [joined] = fitParagraphs([paragraph], 12, true, commonWords(["the planner reads it"]));
    expect(joined.split(/(?<=\.)\s+/).length).toBeLessThan(3);
    expect(joined).toMatch(/; the planner reads it first[.,]|; Postgres keeps it in memory\./);
    expect(bare(joined).filter((w) => w !== "and")).toEqual(bare(paragraph));
    // Already at the target: nothing joins.
    expect(fitParagraphs([paragraph], 4)).toEqual([paragraph]);
  });

  it("brings a paragraph's average sentence length toward the target both ways", () => {
    const paragraph =
      "If your indexes don't fit in memory, every lookup starts going to disk, and the speed advantage shrinks. Postgres keeps statistics on each index, so you can check this instead of guessing. It is cheap; it is fast.";
    const mean = (text: string) => {
      const s = text.split(/(?<=[.!?])\s+/);
      return s.reduce((n, x) => n + words(x), 0) / s.length;
    };
    expect(mean(fitParagraphs([paragraph], 8)[0])).toBeLessThan(mean(paragraph));
    expect(mean(fitParagraphs([paragraph], 30)[0])).toBeGreaterThan(mean(paragraph));
  });

  it("reads a sentence's opening past a moment link before it", () => {
    const text =
      '"Give notice." ([17:55](https://www.youtube.com/watch?v=x&t=1075s)) If any of this caught your interest, I\'d recommend watching the full video.';
    expect(fitParagraphs([text], 5)).toEqual([text]);
  });

  it("leaves links whole", () => {
    const text =
      "Each tier should be a complete product, and it should serve one kind of customer. ([9:36](https://www.youtube.com/watch?v=x&t=576s))";
    const [fitted] = fitParagraphs([text], 6);
    expect(fitted).toContain("([9:36](https://www.youtube.com/watch?v=x&t=576s))");
  });

  it("for a terse target, cuts a bare 'and' before a clause and drops a spoken opener outside quotes", () => {
    expect(splitSentence("My car broke down on the motorway and the repair was over a thousand dollars.", 4)).toEqual([
      "My car broke down on the motorway.",
      "The repair was over a thousand dollars.",
    ]);
    // Never after the "and" ("…twice and. Then the bowl…").
    for (const piece of splitSentence("You fold the dough twice and then the bowl goes in the fridge overnight.", 4)) {
      expect(piece).not.toMatch(/\band\.$/);
    }
    // Not for an ordinary target, and a bare "so" may mean "so that": no clause of its own.
    expect(
      splitSentence("My car broke down on the motorway and the repair was over a thousand dollars.", 12),
    ).toHaveLength(1);
    expect(splitSentence("I packed the van the night before so I could leave at dawn.", 4)).toHaveLength(1);
    // Two instructions joined by "and" are two steps; a list of things, or a narrator's "I … and …", is not.
    expect(splitSentence("If you have a quick release, open the lever and unscrew it a few turns.", 4)).toEqual([
      "If you have a quick release, open the lever.",
      "Unscrew it a few turns.",
    ]);
    expect(splitSentence("Next, hook one lever under the tyre and clip it to a spoke.", 4)).toHaveLength(2);
    expect(splitSentence("Mix the flour and salt in a bowl with the water.", 4)).toHaveLength(1);
    expect(splitSentence("I take the wheel off the bike and check the tyre.", 4)).toHaveLength(1);
    expect(splitSentence("If you have a quick release, open the lever and unscrew it a few turns.", 12)).toHaveLength(
      1,
    );
    const [terse] = fitParagraphs(['So the market opens at six. "So we get there early," Ana says.'], 4);
    expect(terse).toBe('The market opens at six. "So we get there early," Ana says.');
  });

  it("cuts a very terse target's sentences into fragments at a comma, but not lists, asides or leaning clauses", () => {
    // A reference of five-word sentences: what follows a comma may stand as a fragment.
    expect(
      splitSentence(
        "For most road bikes that's between eighty and a hundred psi, for mountain bikes more like thirty.",
        5,
      ),
    ).toEqual(["For most road bikes that's between eighty and a hundred psi.", "For mountain bikes more like thirty."]);
    expect(
      splitSentence(
        "Das Mehl ist um dreißig Prozent teurer geworden, beim Roggenmehl sogar noch etwas mehr.",
        5,
        false,
        false,
      ),
    ).toEqual(["Das Mehl ist um dreißig Prozent teurer geworden.", "Beim Roggenmehl sogar noch etwas mehr."]);
    // A target of seven words keeps the comma.
    expect(
      splitSentence(
        "For most road bikes that's between eighty and a hundred psi, for mountain bikes more like thirty.",
        7,
      ),
    ).toHaveLength(1);
    const whole: Array<[string, boolean]> = [
      // the end of a list
      ["Pro added the overtime alerts, the labour forecasting and the point-of-sale integration.", true],
      [
        "We'll cover why cost-plus pricing fails for software, how to find out what customers actually value, and when to raise prices.",
        true,
      ],
      // a short aside
      ["The company I mentioned, let's call them Shiftwise, makes scheduling software for restaurants.", true],
      ["My Black Friday story was, at its heart, a retry storm for the whole payments team.", true],
      // a relative clause, and a German main clause whose verb comes after the comma
      ["The bridge survived the flood of 1913, which was actually the higher of the two.", true],
      ["Die Sorten, die kaum jemand gekauft hat, haben uns am meisten gekostet.", false],
      ["Das war der Abend, an dem wir die drei Dinge beschlossen haben.", false],
      // a condition still waiting for its main clause, and a part that needs the subject before it
      ["If you charge the card and then crash before you record it, the retry will charge again.", true],
      ["Then push the bead back over the rim with your thumbs, starting at the valve and finishing opposite it.", true],
    ];
    for (const [text, english] of whole)
      expect(splitSentence(text, 5, false, english)).not.toContainEqual(
        expect.stringMatching(/^(?:Which|Haben|An dem|Starting|Let's|At its|The labour|How to|The retry)/),
      );
    for (const [text, english] of whole.slice(0, 4)) expect(splitSentence(text, 5, false, english)).toEqual([text]);
  });

  it("does not cut an aside from its verb, a condition from its main clause, or a fronted phrase", () => {
    const whole = [
      "The framework I use, and it's not mine, it comes from the reliability world, is three letters you've seen.",
      "A rule of thumb: if three people are involved, or customers are affected, or it's been an hour, name a commander.",
      "It was practising the failover, so that when we needed it last spring, during an outage, it took six minutes.",
    ];
    for (const text of whole) expect(splitSentence(text, 8)).toEqual([text]);
    expect(
      splitSentence(
        "On the production table with four hundred million rows, it takes forty minutes, and it holds a lock.",
        8,
      ),
    ).toEqual(["On the production table with four hundred million rows, it takes forty minutes.", "It holds a lock."]);
    // "The first time you seat a tyre" is a time clause waiting for its main clause, as "when" is;
    // "the first time" as a subject is not ("The first time was hard").
    const timeClause = "The first time you seat a tyre, it can be a fight.";
    expect(splitSentence(timeClause, 4, false, true, true)).toEqual([timeClause]);
    expect(
      splitSentence("Every time we ride in the rain, we clean the chain afterwards.", 4, false, true, true),
    ).toHaveLength(1);
    expect(splitSentence("The first time was hard, and it took me a week to finish it.", 4, false, true, true)).toEqual(
      ["The first time was hard.", "It took me a week to finish it."],
    );
  });

  it("cuts after an opening clause that has found its main clause, and after an appositive before a clause", () => {
    expect(
      splitSentence(
        "Once the water went down on Tuesday, a team of engineers inspected the underside, and they found that the flood had washed away the riverbed.",
        8,
      ),
    ).toEqual([
      "Once the water went down on Tuesday, a team of engineers inspected the underside.",
      "They found that the flood had washed away the riverbed.",
    ]);
    // Still one sentence while the condition waits for its main clause.
    const waiting = "If the test passes on Thursday, and the drains are clear, the market reopens on Saturday morning.";
    expect(splitSentence(waiting, 8)).toEqual([waiting]);
    expect(
      splitSentence(
        "The nearest alternative is the Mill Street crossing, about three kilometres upstream, and drivers this week have been reporting long delays.",
        8,
      ),
    ).toEqual([
      "The nearest alternative is the Mill Street crossing, about three kilometres upstream.",
      "Drivers this week have been reporting long delays.",
    ]);
    // A line-up stays whole: its last item has no verb of its own.
    const lineUp = "We bought flour, a bag of salt from the corner shop, and three jars of honey for the stall.";
    expect(splitSentence(lineUp, 6)).toEqual([lineUp]);
    expect(
      splitSentence("Engineers call that scour, and it means the pier's foundation is no longer well supported.", 4),
    ).toEqual(["Engineers call that scour.", "It means the pier's foundation is no longer well supported."]);
  });

  it("keeps a quotation's reason and its second 'that' clause with the sentence they finish", () => {
    const reason =
      "We noticed that one percent of responses contained an error in the body, because one of our services returned the wrong code.";
    expect(splitSentence(reason, 8, true)).toEqual([reason]);
    const rule =
      "We have a rule that nobody works more than four hours without a handover, and that anyone paged at night starts late the next day.";
    expect(splitSentence(rule, 8, true)).toEqual([rule]);
  });

  it("keeps a denied reason with its denial", () => {
    for (const text of [
      "Nobody has ever decided to buy a tool because it was cheap to run for the vendor.",
      "We did not change the price because a competitor had lowered theirs that spring.",
      "They don't cancel because the product is expensive, they cancel when it stops helping.",
    ]) {
      expect(splitSentence(text, 5).join(" ")).not.toMatch(/That is because/);
    }
    expect(splitSentence("We changed the price last spring because the old one had been set by guessing.", 5)).toEqual([
      "We changed the price last spring.",
      "That is because the old one had been set by guessing.",
    ]);
  });

  it("keeps what a colon introduces, a short fronted phrase and a quoted phrase whole", () => {
    const whole = [
      "We asked questions like: how did you do scheduling before and what did it cost you?",
      "The question I get most often at this point is: can't I just test prices on my customers?",
      "At a manager's hourly cost, that's roughly four hundred dollars a month of time saved.",
      "Our 'expensive but acceptable' range was three times our current price for the same plan.",
    ];
    for (const text of whole) expect(splitSentence(text, 5)).toEqual([text]);
    expect(splitSentence("Here's the part people forget about indexes: they are not free to keep.", 5)).toEqual([
      "Here's the part people forget about indexes.",
      "They are not free to keep.",
    ]);
  });

  it("lowers a verb that opens a joined sentence, and joins nothing before a capital that must stay", () => {
    const [joined] = fitParagraphs(['Sara wrote: "The questions are gold. Ran them with twelve customers."'], 30);
    expect(joined).toContain("gold; ran them");
    // A name, or a word only ever seen opening a sentence ("Inflación…"): after a semicolon its
    // capital would read as a typo; an ordinal ("Primero, …") is lowered.
    const [named] = fitParagraphs(["The bakery opened early. Marta kept the ovens warm."], 30);
    expect(named).toBe("The bakery opened early. Marta kept the ovens warm.");
    const [advice] = fitParagraphs(["El banco central sube los tipos. Inflación alta, ahorros parados."], 30, false);
    expect(advice).toBe("El banco central sube los tipos. Inflación alta, ahorros parados.");
    const [first] = fitParagraphs(
      ["El banco central sube los tipos. Primero, no deje los ahorros parados."],
      30,
      false,
    );
    expect(first).toBe("El banco central sube los tipos; primero, no deje los ahorros parados.");
  });

  it("joins no sentence whose closing credit would take the words before it", () => {
    const paragraph = "The trial is not permanent. Most games are on Fridays, Moreno notes.";
    expect(fitParagraphs([paragraph], 30)).toEqual([paragraph]);
  });

  it("does not cut reported speech at ', but that'", () => {
    const reported =
      "The engineer told the council that the bridge is not in danger of collapse, but that they cannot let any vehicles across.";
    expect(splitSentence(reported, 8)).toEqual([reported]);
  });

  it("never puts two semicolons in a joined sentence", () => {
    const paragraph = "The tide turned. The ferry left port. The gulls followed. The harbour emptied. Night came.";
    for (const target of [9, 14, 20, 45]) {
      for (const sentence of fitParagraphs([paragraph], target)[0].split(/(?<=\.)\s+/)) {
        expect((sentence.match(/;/g) ?? []).length, sentence).toBeLessThanOrEqual(1);
      }
    }
  });

  it("cuts a terse target's sentence in another language at a colon before a clause, not after a label", () => {
    const auction = "Es como una subasta: si hay más compradores que cuadros, los cuadros se venden más caros.";
    expect(splitSentence(auction, 4, false, false)).toEqual([
      "Es como una subasta.",
      "Si hay más compradores que cuadros, los cuadros se venden más caros.",
    ]);
    // Not a terse target: the colon stays.
    expect(splitSentence(auction, 12, false, false)).toEqual([auction]);
    // "Un detalle importante" has no verb: no sentence alone.
    const label = "Un detalle importante para entender el índice: la cesta es una media de todos los hogares.";
    expect(splitSentence(label, 4, false, false)).toEqual([label]);
    // Nor a list after the colon.
    const list = "La cesta que eligen los institutos tiene de todo: comida, alquiler, luz, transporte y ropa.";
    expect(splitSentence(list, 4, false, false)).toEqual([list]);
  });

  it("drops a spoken opener or aside a terse sentence stands without, in the framed languages", () => {
    expect(withoutFiller("It was, you know, really hard to see.")).toBe("It was really hard to see.");
    expect(withoutFiller("Pues, la cesta es una media.", false)).toBe("La cesta es una media.");
    expect(withoutFiller("Y así la inflación se alimenta a sí misma.", false)).toBe(
      "Así la inflación se alimenta a sí misma.",
    );
    // A hedge or a meaning word stays; so does a sentence too short without its opener.
    expect(withoutFiller("It was, I think, the best year.")).toBe("It was, I think, the best year.");
    expect(withoutFiller("So far it works.")).toBe("So far it works.");
    expect(withoutFiller("Y luego?", false)).toBe("Y luego?");
    const [fitted] = fitParagraphs(
      ["Alors, le prix du pain monte encore cette année, et les salaires restent bas."],
      4,
      false,
    );
    expect(fitted).toBe("Le prix du pain monte encore cette année. Les salaires restent bas.");
  });
});
