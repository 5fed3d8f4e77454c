import { describe, expect, it } from "vitest";
import type { Transcript } from "../../types";
import { splitTranscript } from "./transcript";

/**
 * Auto captions (lower case, no punctuation, lines cut every few seconds) come out as sentences
 * a reader can follow: boundaries and capitals restored before anything is chosen.
 */

/** Auto captions from lines; a line ending in " |" is followed by a clear pause (0.8 s). */
function captions(lines: string[], language = "en"): Transcript {
  let time = 0;
  const segments = lines.map((line) => {
    const text = line.replace(/ \|$/, "");
    const duration = text.split(" ").length / 2.6;
    const segment = { start: Math.round(time * 100) / 100, duration: Math.round(duration * 100) / 100, text };
    time += duration + (line.endsWith(" |") ? 0.8 : 0.08);
    return segment;
  });
  return { language, kind: "auto", timed: true, segments };
}

const texts = (transcript: Transcript) => splitTranscript(transcript).map((s) => s.text);

describe("auto-caption repair", () => {
  it("starts a sentence at the next item of a list, with a colon after its number", () => {
    const out = texts(
      captions([
        "and then mistake one the weak starter",
        "is dense and pale and it's a bit flat mistake",
        "two no folds is wide and flat with a really tight crumb |",
      ]),
    );
    expect(out).toContain("Mistake two: no folds is wide and flat with a really tight crumb.");
    expect(out.some((s) => /flat mistake/i.test(s))).toBe(false);
  });

  it("ends a sentence before a subject and its verb after a word a clause ends on, with no pause", () => {
    const out = texts(
      captions([
        "the pins wear and the links get longer we have a chain",
        "checker here it costs about fifteen dollars and it's worth every cent",
      ]),
    );
    expect(out).toContain("The pins wear and the links get longer.");
    expect(out.some((s) => /^We have a chain checker here\.$/.test(s))).toBe(true);
    // A relative clause on a noun stays whole: "the tools you need".
    const kept = texts(captions(["grab the tools you need and the patch kit before you start the job"]));
    expect(kept.join(" ")).toContain("the tools you need");
    expect(kept.some((s) => /^You need/.test(s))).toBe(false);
  });

  it("ends a sentence after 'said so', where 'so' is what was said", () => {
    const out = texts(
      captions([
        "they use it two hours later because the recipe said so but a starter is not ready based on the clock",
      ]),
    );
    expect(out[0]).toBe("They use it two hours later because the recipe said so.");
    expect(out[1]).toMatch(/^But a starter is not ready/);
  });

  it("never cuts inside a spoken number, even at a pause", () => {
    const out = texts(
      captions([
        "okay so for the dough we weigh out",
        "the flour first and it comes to",
        "three hundred |",
        "and fifty grams and then the water",
        "goes in after that with the salt",
        "and we mix it all by hand |",
      ]),
    );
    expect(out[0]).toMatch(/three hundred and fifty grams\.$/);
    expect(out.some((s) => /^And fifty/.test(s))).toBe(false);
  });

  it("never ends a sentence on a word that cannot end one, nor starts one on a bare verb's 'and'", () => {
    const out = texts(
      captions([
        "you ask the server for a page size",
        "of two hundred and get back a list of changes plus |",
        "the cursor for the next page and you keep",
        "going until the cursor comes back empty |",
      ]),
    );
    expect(out[0]).toMatch(
      /^You ask the server for a page size of two hundred and get back a list of changes plus the cursor/,
    );
    expect(out.some((s) => /(?:plus|hundred)\.$/.test(s) || /^And get/.test(s))).toBe(false);
  });

  it("lets a closing 'that's it' end the sentence instead of gluing it on", () => {
    const out = texts(
      captions([
        "you just wet your hand grab one side of the",
        "dough stretch it up and fold it over and then turn the",
        "bowl and do all four sides that's it mistake number",
        "three is under proofing versus over proofing |",
      ]),
    );
    expect(out.some((s) => /sides that's it/i.test(s))).toBe(false);
    // The number is the sentence's subject here: no colon ("Mistake number three: is…" misreads).
    expect(out).toContain("Mistake number three is under proofing versus over proofing.");
  });

  it("ends a short question with a question mark and the statement after it with a full stop", () => {
    const out = texts(
      captions([
        "i just mixed everything and left it alone for bulk",
        "so why does it matter and it's true you can build",
        "strength with time but with seventy percent hydration you need folds |",
      ]),
    );
    expect(out).toContain("So why does it matter?");
    expect(out.some((s) => s.endsWith("strength with time?"))).toBe(false);
  });

  it("keeps a particle and an auxiliary with the clause they belong to", () => {
    const out = texts(
      captions([
        "i see this all the time people put the dutch oven",
        "in and start baking fifteen minutes later and the pot",
        "is just not hot enough it should be domed it",
        "should have some bubbles on the sides of the container |",
      ]),
    );
    expect(out.some((s) => /^(In and|Should have)/.test(s))).toBe(false);
  });

  it("restores boundaries in Spanish captions from their own discourse markers", () => {
    const out = texts(
      captions(
        [
          "vale entonces el primer paso es mezclar la harina con el",
          "agua tibia y la sal paso dos dejamos reposar la masa media",
          "hora tapada con un paño y después la amasamos durante diez minutos",
        ],
        "es",
      ),
    );
    // A step starts a sentence, and its label ("paso dos") goes: the step reads on its own.
    expect(out.some((s) => /^Dejamos reposar la masa/.test(s))).toBe(true);
    expect(out.some((s) => /paso dos/i.test(s))).toBe(false);
    expect(out.every((s) => s.split(" ").length <= 20)).toBe(true);
  });

  it("restores boundaries in French captions without cutting after an article", () => {
    const out = texts(
      captions(
        [
          "alors la première étape c'est de nourrir le levain la",
          "veille au soir ensuite on mélange la farine et l'eau et on laisse",
          "reposer une heure donc le lendemain matin on ajoute le sel et on",
          "pétrit la pâte pendant dix minutes",
        ],
        "fr",
      ),
    );
    expect(out.length).toBeGreaterThanOrEqual(2);
    for (const sentence of out) expect(sentence).not.toMatch(/\b(?:la|le|les|et|de|on)\.$/);
    expect(out.some((s) => /^(?:Ensuite|Donc),? /.test(s))).toBe(true);
  });

  it("starts a sentence at a clause that has no marker word: a noun phrase with its verb, an adverb before its subject", () => {
    const chain = texts(
      captions([
        "a dirty chain is slow it's noisy and it wears",
        "out your gears most people put oil on a dirty",
        "chain which just makes a grinding paste |",
      ]),
    );
    expect(chain).toContain("Most people put oil on a dirty chain which just makes a grinding paste.");
    const intro = texts(
      captions([
        "my name is rosa and i've been fixing bikes here for about eleven years",
        "today we're going to cover the four things that go wrong |",
      ]),
    );
    expect(intro.some((s) => s.startsWith("Today we're going to cover"))).toBe(true);
  });

  it("opens a sentence at an 'if' clause that has its own main clause, with a comma before that clause", () => {
    const out = texts(
      captions([
        "it depends where you ride if you ride in the rain",
        "clean it every week if it's dry summer riding every",
        "few hundred kilometres is fine the chain will tell you |",
      ]),
    );
    expect(out).toContain("It depends where you ride.");
    expect(out).toContain("If you ride in the rain, clean it every week.");
  });

  it("never ends a sentence on a determiner and its adjective, nor inside an 'if' clause at a pause", () => {
    const bolt = texts(
      captions([
        "buy the hex keys because almost every bolt on a modern |",
        "bike takes one and that is all you need |",
      ]),
    );
    expect(bolt.some((s) => / a modern\.$/.test(s))).toBe(false);
    const crumb = texts(
      captions(["it has a tight dense crumb with a few |", "really big random holes usually near the top |"]),
    );
    expect(crumb.some((s) => / a few\.$/.test(s))).toBe(false);
    const gap = texts(
      captions([
        "look at the rim while you spin it and watch the",
        "gap between the rim and the brake pad if the gap |",
        "gets bigger and smaller the wheel is out of true |",
      ]),
    );
    expect(gap).toContain("If the gap gets bigger and smaller, the wheel is out of true.");
  });

  it("sets off the items of a list of things with commas", () => {
    const out = texts(
      captions(["so let's recap carry two levers a pump a patch kit", "and hex keys and always check the tyre |"]),
    );
    expect(out.some((s) => s.includes("carry two levers, a pump, a patch kit and hex keys"))).toBe(true);
  });

  it("ends a spoken label on its topic when a clause follows, and sets it off with a colon", () => {
    const out = texts(
      captions([
        "okay that's the chain done last thing gears if your",
        "gears skip or make a clicking noise the cable tension is usually a little off |",
      ]),
    );
    expect(out).toContain("Last thing: gears.");
    expect(out).toContain("If your gears skip or make a clicking noise, the cable tension is usually a little off.");
  });

  it("drops a filler 'you know' from the reading text but keeps it in the quotation", () => {
    const [sentence] = splitTranscript(captions(["on rim brake pads you know there are little grooves |"]));
    expect(sentence.text).toBe("On rim brake pads there are little grooves.");
    expect(sentence.quote).toBe("On rim brake pads you know there are little grooves.");
  });

  it("finds the boundaries without a filler 'you know' that a caption line break split, and quotes it", () => {
    const out = splitTranscript(
      captions([
        "the wheel back in much easier step two let out you |",
        "know whatever air is left and push the valve up |",
      ]),
    );
    const step = out.find((s) => s.text.startsWith("Let out"));
    expect(step?.text).toBe("Let out whatever air is left and push the valve up.");
    expect(step?.quote).toMatch(/^Let out you know whatever air/);
  });

  it("lets 'good question' stand alone before the answer's own clause", () => {
    const out = texts(
      captions([
        "what if you can't find anything |",
        "good question if you can't find anything inside look at",
        "where the hole is on the tube |",
      ]),
    );
    expect(out).toContain("If you can't find anything inside, look at where the hole is on the tube.");
  });
});
