import { describe, expect, it } from "vitest";
import { commonWords } from "./fit";
import { joinCap, lengthenParagraph, sentencePieces, sentenceSizes } from "./lengthen";

const bare = (text: string) =>
  text
    .toLowerCase()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
const quoted = (text: string) => [...text.matchAll(/"([^"]*)"/g)].map((m) => bare(m[1]).join(" "));
const common = new Set(["the", "then", "every", "ferry"]);

describe("sentences joined toward a long reference length (lengthen.ts)", () => {
  it("counts a reader's sentences, quotations included, and keeps a moment link with its sentence", () => {
    const paragraph =
      'The ferry left at nine. "We were late. Nobody minded," Ana says. ([0:21](https://x.test/v?t=21)) Then it rained.';
    expect(sentenceSizes(paragraph)).toEqual([5, 3, 6, 3]);
  });

  it("joins short sentences of a paragraph into longer ones, changing no word", () => {
    const paragraph =
      "The harbour was quiet that morning. Every boat stayed tied up at the pier. The ferry waited for the tide to turn.";
    const joined = lengthenParagraph(paragraph, 40, true, common);
    expect(sentenceSizes(joined)).toHaveLength(1);
    expect(joined).toBe(
      "The harbour was quiet that morning; every boat stayed tied up at the pier, and the ferry waited for the tide to turn.",
    );
    // A short target leaves the paragraph alone.
    expect(lengthenParagraph(paragraph, 6, true, common)).toBe(paragraph);
  });

  it("joins a sentence that opens on a name, its capitals kept, and not one on a capital the source never lowers", () => {
    const named = "The council met at noon in the old hall. Mayor Helen Osei said the review starts next week.";
    expect(lengthenParagraph(named, 40, true, common)).toBe(
      "The council met at noon in the old hall; Mayor Helen Osei said the review starts next week.",
    );
    const reported = "The council met at noon in the old hall. Jess says the review starts next week.";
    expect(lengthenParagraph(reported, 40, true, common)).toBe(
      "The council met at noon in the old hall; Jess says the review starts next week.",
    );
    // "Lanterns" is no name, but a word the source never writes in lower case: after a semicolon
    // its capital would read as a typo.
    const lanterns = "The council met at noon in the old hall. Lanterns hung from every window.";
    expect(lengthenParagraph(lanterns, 40, true, common)).toBe(lanterns);
    // A function word ("Thank", "Within", "Nobody") is lowered wherever it is, unless it may be a
    // first name ("Will") or German's formal "Sie".
    const thanks = "The council met at noon in the old hall. Thank you for watching the whole meeting.";
    expect(lengthenParagraph(thanks, 40, true, common)).toBe(
      "The council met at noon in the old hall; thank you for watching the whole meeting.",
    );
    const will = "The council met at noon in the old hall. Will chaired the whole meeting.";
    expect(lengthenParagraph(will, 40, true, common)).toBe(will);
    const formal = "Der Rat tagte am Mittag. Sie können die Sitzung online sehen.";
    expect(lengthenParagraph(formal, 40, false, common)).toBe(formal);
  });

  it("joins past the 50-word line only for a reference whose own sentences run that long", () => {
    const sentence = (topic: string) =>
      `The ${topic} committee met for most of the afternoon in the old hall by the river and agreed on nothing at all.`;
    const paragraph = [sentence("harbour"), sentence("ferry"), sentence("market")].join(" ");
    expect(sentenceSizes(paragraph)).toEqual([22, 22, 22]);
    // An ordinary long target stops at the run-on line: two sentences join, the third stands.
    expect(joinCap(30)).toBe(50);
    expect(sentenceSizes(lengthenParagraph(paragraph, 40, true, common))).toEqual([44, 22]);
    // An essay of 51-word sentences may be answered with sentences up to half again that.
    expect(joinCap(51)).toBe(77);
    expect(sentenceSizes(lengthenParagraph(paragraph, 51, true, common))).toEqual([67]);
  });

  it("joins a second quotation after one still waiting for its moment link", () => {
    const paragraph =
      'Ana says: "We were late for the ferry." But nobody minded much. In her words: "The crew fixed it by noon."';
    const joined = lengthenParagraph(paragraph, 51, true, common);
    // The receipts link the first quotation before the next begins (receipts/links.ts).
    expect(joined).toBe(
      'Ana says: "We were late for the ferry", but nobody minded much; in her words: "The crew fixed it by noon".',
    );
  });

  it("changes only punctuation and case inside a quotation, and moves a closing period past the quote", () => {
    const paragraph =
      'Ana looks back on the trip. "We were late. Then the engine failed," she says. "Nobody panicked." ([0:21](https://x.test/v?t=21)) The crew fixed it by noon.';
    const joined = lengthenParagraph(paragraph, 45, true, common);
    expect(quoted(joined)).toEqual(quoted(paragraph));
    expect(bare(joined).filter((w) => w !== "and")).toEqual(bare(paragraph));
    // After who said it only a semicolon joins, closing what she said.
    expect(joined).toContain('the trip; "We were late — then the engine failed," she says; "Nobody panicked"');
    expect(joined).toContain('"Nobody panicked" ([0:21](https://x.test/v?t=21)), and the crew');
    expect(sentenceSizes(joined).length).toBeLessThan(sentenceSizes(paragraph).length);
  });

  it("lowers no capital but a function word's inside a quotation, whatever the source writes", () => {
    // "merci" and "mac" are written in lower case elsewhere, but in a quotation "Merci Élodie" and
    // "Mac" may be the writer's own capitals: the sentence stands rather than guess.
    const known = new Set(["merci", "mac", "the"]);
    const paragraph =
      'Un spectateur a écrit: "Il n\'en reste plus une miette. Merci Élodie!" Elle a écrit: "Windows first. Mac after that. The rest later."';
    const joined = lengthenParagraph(paragraph, 40, false, known);
    expect(joined).not.toMatch(/merci Élodie|; mac\b|, mac\b|— mac\b/);
    expect(joined).toMatch(/Merci Élodie/);
    expect(joined).toMatch(/\bMac after that/);
  });

  it("never joins past the cap, nor a question, an exclamation or an omission", () => {
    const long = Array.from({ length: 6 }, (_, k) => `Sentence ${k} has exactly six small words here.`).join(" ");
    for (const size of sentenceSizes(lengthenParagraph(long, 45, true, common))) expect(size).toBeLessThanOrEqual(50);
    const asks = "Why did the ferry wait? The tide was out. It could not leave!";
    expect(lengthenParagraph(asks, 45, true, common)).toBe(
      "Why did the ferry wait? The tide was out. It could not leave!",
    );
    const omission = 'Ana remembers it. "We were late. … Nobody minded," she says.';
    expect(lengthenParagraph(omission, 45, true, common)).toBe(
      'Ana remembers it; "We were late. … Nobody minded," she says.',
    );
  });

  it("lowers an adverb that opens a sentence, and puts one semicolon in a sentence", () => {
    const paragraph = "The dough rests overnight; the crumb opens up. Honestly the wait is worth it.";
    expect(lengthenParagraph(paragraph, 45, true, new Set())).toBe(
      "The dough rests overnight; the crumb opens up, and honestly the wait is worth it.",
    );
  });

  it("puts one semicolon in a joined sentence however many sentences it joins", () => {
    const paragraph = "The tide turned. The ferry left. The gulls followed it. The harbour went quiet.";
    const joined = lengthenParagraph(paragraph, 45, true, common);
    expect(joined.match(/;/g)).toHaveLength(1);
    expect(joined).toBe("The tide turned; the ferry left, and the gulls followed it, and the harbour went quiet.");
  });

  it("lowers a verb before its object inside a quotation, and joins only with a semicolon after a speaker's name", () => {
    const comment = '"The questions at 5:23 are gold. Ran them with twelve customers last week."';
    expect(lengthenParagraph(comment, 45, true, common)).toBe(
      '"The questions at 5:23 are gold; ran them with twelve customers last week".',
    );
    // ", and you look…" would read as more of what Ana said; a semicolon closes her words.
    const attributed = '"We cut the price in half," Ana says. You look for the range where the answers cluster.';
    expect(lengthenParagraph(attributed, 45, true, common)).toBe(
      '"We cut the price in half," Ana says; you look for the range where the answers cluster.',
    );
    const twice = '"We cut the price; then we waited," Ana says. You look for the range; it is narrow.';
    expect(lengthenParagraph(twice, 45, true, common)).toBe(twice);
  });

  it("joins nothing before a capital that cannot go to lower case, inside quotations too", () => {
    // "Marta" may be a name and "Owls" a word the speaker began with: after a semicolon either
    // could read as a typo, so the sentence before it ends there.
    const paragraph = '"The boat was old. Marta kept it running. Every winter she rebuilt the engine."';
    const joined = lengthenParagraph(paragraph, 45, true, common);
    // The closing period goes outside, where the receipts put the quotation's moment link.
    expect(joined).toBe('"The boat was old. Marta kept it running; every winter she rebuilt the engine".');
    const comment = 'Another viewer, @hannah, wrote: "What a tour. Owls forever, thank you for having me"';
    expect(lengthenParagraph(comment, 51, true, common)).toBe(comment);
  });

  it("cuts a paragraph into sentences a paragraph break may come before, never inside a quotation", () => {
    const paragraph =
      'Ana says: "We rebuilt it. Twice." The council agreed. ([0:21](https://example.com/v?t=21)) Work ends soon.';
    const pieces = sentencePieces(paragraph);
    expect(pieces.map((p) => p.text).join("")).toBe(paragraph);
    expect(pieces.map((p) => p.opensFree)).toEqual([true, false, true, true]);
    // A moment link stays with the sentence before it.
    expect(pieces[2].text).toBe("The council agreed. ([0:21](https://example.com/v?t=21)) ");
  });

  it("reads the attribution after a quoted question with its quotation: only a semicolon joins after it", () => {
    const two = '"So what about an emergency fund?" Jess states. As Jess puts it, "I saved one month of expenses."';
    expect(lengthenParagraph(two, 51, true, common)).toBe(
      '"So what about an emergency fund?" Jess states; as Jess puts it, "I saved one month of expenses".',
    );
    const prose = '"So what about an emergency fund?" Jess states. The fund covers one month; it is enough.';
    expect(lengthenParagraph(prose, 51, true, common)).toBe(prose);
  });

  it("sees the speaker's name before a moment link moved inside the period", () => {
    const cited =
      '"I had five loans," Jess argues ([0:27](https://www.youtube.com/watch?v=abc&t=27s)). As Jess puts it, "I sat down."';
    expect(lengthenParagraph(cited, 51, true, common)).toBe(
      '"I had five loans," Jess argues ([0:27](https://www.youtube.com/watch?v=abc&t=27s)); as Jess puts it, "I sat down".',
    );
  });

  it("joins before a name the source writes mid-sentence, keeping its capital", () => {
    const paragraph = "The price was flat. Shiftwise charged per restaurant.";
    // "Shiftwise" said in the middle of a sentence is a name: it reads as one after a semicolon.
    expect(lengthenParagraph(paragraph, 45, true, commonWords(["we told Shiftwise about it"]))).toBe(
      "The price was flat; Shiftwise charged per restaurant.",
    );
    // Only ever seen opening a sentence, it may be a word the speaker began with: left apart.
    expect(lengthenParagraph(paragraph, 45, true, commonWords(["Shiftwise was new"]))).toBe(paragraph);
  });

  it("lowers a determiner that opens a sentence in Spanish or German, never a German noun", () => {
    expect(lengthenParagraph("La cesta es una media. Estos son los puntos principales.", 45, false, new Set())).toBe(
      "La cesta es una media; estos son los puntos principales.",
    );
    expect(lengthenParagraph("Die Preise steigen. Die Löhne nicht.", 45, false, new Set())).toBe(
      "Die Preise steigen; die Löhne nicht.",
    );
    const noun = "Die Preise steigen. Löhne steigen nicht.";
    expect(lengthenParagraph(noun, 45, false, new Set())).toBe(noun);
  });

  it("uses a dash, not an added word, between two sentences inside one quotation", () => {
    const paragraph = '"The boat was old; it leaked. Every winter she rebuilt the engine."';
    expect(lengthenParagraph(paragraph, 45, true, common)).toBe(
      '"The boat was old; it leaked — every winter she rebuilt the engine".',
    );
  });

  it("reads a quotation's closing mark once, so what follows its attribution is outside it", () => {
    // '…chorus!" @bob wrote.' ends the quotation; the next sentence is the article's own.
    const paragraph =
      '"The bass line is underrated. That walk-down into the last chorus!" @bob wrote. Another viewer, @ann, wrote: "Stunning night."';
    expect(lengthenParagraph(paragraph, 51, true, common)).toBe(
      '"The bass line is underrated; that walk-down into the last chorus!" @bob wrote; another viewer, @ann, wrote: "Stunning night".',
    );
  });
  it("joins nothing before a sentence whose closing credit would take the words before it too", () => {
    const paragraph =
      "A two-year trial has a review at the end. Most games are on Fridays and Saturdays, Moreno notes.";
    expect(lengthenParagraph(paragraph, 51, true, common)).toBe(paragraph);
    const spanish = "La ola de calor duró diez días. Los mayores beben poco, explica Ruiz.";
    expect(lengthenParagraph(spanish, 51, false, common)).toBe(spanish);
    // Credited before it, or quoting its own words, it joins as before.
    const after = "Most games are on Fridays and Saturdays, Moreno notes. The trial has a review at the end.";
    expect(lengthenParagraph(after, 51, true, common)).toBe(
      "Most games are on Fridays and Saturdays, Moreno notes; the trial has a review at the end.",
    );
  });
  it("lowers a French elided article, and keeps the capital of a name's possessive the source writes mid-sentence", () => {
    const french = "Quarante-deux voix pour, vingt-huit contre. L'opposition voulait un référendum.";
    expect(lengthenParagraph(french, 51, false, common)).toBe(
      "Quarante-deux voix pour, vingt-huit contre; l'opposition voulait un référendum.",
    );
    const named = new Set([...common, "Alicia"]);
    const possessive = "The debate turns to rebuttals. Alicia's point about Fridays is fair.";
    expect(lengthenParagraph(possessive, 51, true, named)).toBe(
      "The debate turns to rebuttals; Alicia's point about Fridays is fair.",
    );
    expect(lengthenParagraph(possessive, 51, true, common)).toBe(possessive);
  });
});
