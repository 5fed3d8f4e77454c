import { describe, expect, it } from "vitest";
import type { Transcript } from "../../types";
import {
  buildCaseMap,
  isPunctuated,
  splitProse,
  splitProseSpans,
  stripFiller,
  tidySentence,
  withoutSpokenQuoteMarks,
} from "./sentences";
import { follows, splitTranscript } from "./transcript";

describe("stripFiller", () => {
  it("keeps 'um' where it is a word (German, Portuguese), and drops it as a hesitation elsewhere", () => {
    expect(stripFiller("colocar os ovos, um de cada vez, e ummm sovar", false, "pt")).toBe(
      "colocar os ovos, um de cada vez, e sovar",
    );
    expect(stripFiller("Wir fangen um acht Uhr an, um zu backen.", false, "de")).toBe(
      "Wir fangen um acht Uhr an, um zu backen.",
    );
    expect(stripFiller("so um we start, uh, at eight", true, "en")).toBe("so we start, at eight");
  });

  it("keeps a Portuguese 'um' in a sentence and in its quotation", () => {
    const transcript: Transcript = {
      language: "pt",
      kind: "manual",
      timed: true,
      segments: [{ start: 0, duration: 6, text: "Coloque os ovos, um de cada vez, e sove a massa por cinco minutos." }],
    };
    const [sentence] = splitTranscript(transcript);
    expect(sentence.text).toContain("um de cada vez");
    expect(sentence.quote).toContain("um de cada vez");
  });

  it("drops English hesitations only from English: German 'er' is a word, and so is a doubled 'die'", () => {
    expect(stripFiller("and er the brakes")).toBe("and the brakes");
    expect(stripFiller("Der Kuchen backt, bis er goldbraun ist.", false)).toBe(
      "Der Kuchen backt, bis er goldbraun ist.",
    );
    expect(stripFiller("Die Frau, die die Katze sah.", false)).toBe("Die Frau, die die Katze sah.");
    expect(stripFiller("Ähm, um, der Teig ruht.", false)).not.toMatch(/\bum\b/);
  });

  it("drops an unpunctuated 'you know' where no clause can start, and keeps the verb", () => {
    expect(stripFiller("by the end of you know the morning")).toBe("by the end of the morning");
    expect(stripFiller("test your you know brakes")).toBe("test your brakes");
    expect(stripFiller("the number is printed you know on the side")).toBe("the number is printed on the side");
    expect(stripFiller("and you know the rest")).toBe("and you know the rest");
    expect(stripFiller("do you know the answer")).toBe("do you know the answer");
  });

  it("drops an unpunctuated 'you know', 'I mean' or 'like' that no reading could need, and keeps real ones", () => {
    expect(stripFiller("the last part you know is always tight")).toBe("the last part is always tight");
    expect(stripFiller("on rim brake pads you know there are little grooves")).toBe(
      "on rim brake pads there are little grooves",
    );
    expect(stripFiller("clean the chain before you know you lube it")).toBe("clean the chain before you lube it");
    expect(stripFiller("a big one means you know a broken spoke")).toBe("a big one means a broken spoke");
    expect(stripFiller("and i mean it's hard")).toBe("and it's hard");
    expect(stripFiller("it's like really hard")).toBe("it's really hard");
    expect(stripFiller("do you know there are two kinds")).toBe("do you know there are two kinds");
    expect(stripFiller("if you know there's traffic leave early")).toBe("if you know there's traffic leave early");
    expect(stripFiller("what you know is wrong")).toBe("what you know is wrong");
    expect(stripFiller("before you know it the chain wears")).toBe("before you know it the chain wears");
    expect(stripFiller("the people you know there are great")).toBe("the people you know there are great");
    expect(stripFiller("i like really spicy food")).toBe("i like really spicy food");
  });

  it("removes caption tags and hesitations", () => {
    expect(stripFiller("[Music] so um today we're uh talking about indexes [Applause]")).toBe(
      "so today we're talking about indexes",
    );
    expect(stripFiller("♪ la la la ♪ Welcome back.")).toBe("Welcome back.");
    expect(stripFiller("Um, the first step is easy.")).toBe("the first step is easy.");
  });

  it("removes filler phrases but keeps meaningful uses", () => {
    expect(stripFiller("You know, it's faster, you know, than the old way.")).toBe("it's faster, than the old way.");
    expect(stripFiller("Do you know the answer?")).toBe("Do you know the answer?");
    expect(stripFiller("Like, it just works. I like it.")).toBe("it just works. I like it.");
    expect(stripFiller("I mean, this is the hard part.")).toBe("this is the hard part.");
  });

  it("removes stutters and accidental repetitions", () => {
    expect(stripFiller("the the index is is fast")).toBe("the index is is fast");
    expect(stripFiller("I I I think th- the plan works")).toBe("I think the plan works");
    expect(stripFiller("and then and then it crashed")).toBe("and then it crashed");
    expect(stripFiller("I know that that is true")).toBe("I know that that is true");
  });

  it("does not take a word and its possessive for a repetition", () => {
    expect(stripFiller("the payment goes to the operator, the operator's software sends it")).toBe(
      "the payment goes to the operator, the operator's software sends it",
    );
    expect(stripFiller("I tasted it it's not terrible")).toBe("I tasted it it's not terrible");
  });
});

describe("tidySentence", () => {
  it("capitalises, punctuates and restores casing", () => {
    expect(tidySentence("i think the api is slow")).toBe("I think the API is slow.");
    expect(tidySentence("i'm using postgres on linux")).toBe("I'm using Postgres on Linux.");
    expect(tidySentence("okay so this is the plan")).toBe("Okay, so this is the plan.");
  });

  it("sets off what a spoken pointer names with a colon when an instruction follows it", () => {
    expect(tidySentence("here's the big one raise your screen")).toBe("Here's the big one: raise your screen.");
    expect(tidySentence("okay here's my last tip drop your shoulders")).toBe(
      "Okay, here's my last tip: drop your shoulders.",
    );
    // Not where the words after it go on with the sentence.
    expect(tidySentence("here's the thing nobody tells you")).toBe("Here's the thing nobody tells you.");
    expect(tidySentence("here's the key difference between them")).toBe("Here's the key difference between them.");
  });

  it("ends questions with a question mark", () => {
    expect(tidySentence("why does the planner ignore my index")).toBe("Why does the planner ignore my index?");
    // A "who" question asked with its verb, not an auxiliary.
    expect(tidySentence("and who pays for that shuttle")).toBe("And who pays for that shuttle?");
    expect(tidySentence("the people who pays")).toBe("The people who pays.");
    expect(tidySentence("okay so what about an emergency fund")).toBe("Okay, so what about an emergency fund?");
    expect(tidySentence("how we build it matters")).toBe("How we build it matters.");
    // A long question is one while no clause of its own starts inside it.
    expect(
      tidySentence(
        "should you get one if your house is reasonably well insulated and your boiler is near the end of its life",
      ),
    ).toBe(
      "Should you get one if your house is reasonably well insulated and your boiler is near the end of its life?",
    );
    expect(tidySentence("so why does it matter and it's true you can build strength with time")).toBe(
      "So why does it matter and it's true you can build strength with time.",
    );
  });

  it("keeps existing punctuation", () => {
    expect(tidySentence("It works!")).toBe("It works!");
  });

  it("uses the video's own spelling of names", () => {
    const caseMap = buildCaseMap(["We deploy with Kamal and ship to Fly.io every day."], ["Why PostgreSQL Wins"]);
    expect(tidySentence("we moved from kamal to postgresql", caseMap)).toBe("We moved from Kamal to PostgreSQL.");
  });
});

describe("buildCaseMap", () => {
  it("takes a person's two-word name but not the common nouns inside an organisation's name", () => {
    const map = buildCaseMap(["Our head mechanic Rosa Delgado shows how to fix a flat at the Northside Bike Kitchen."]);
    expect(map.get("rosa")).toBe("Rosa");
    expect(map.get("delgado")).toBe("Delgado");
    expect(map.get("northside")).toBe("Northside");
    expect(map.has("bike")).toBe(false);
    expect(map.has("kitchen")).toBe(false);
  });

  it("leaves a word the prose also writes in lower case as a common noun", () => {
    const map = buildCaseMap([
      "Donna owns a hardware store on Main Street in Halvert, and thinks closing the street would sink her business.",
    ]);
    expect(map.has("street")).toBe(false);
    expect(map.get("halvert")).toBe("Halvert");
  });

  it("ignores Title Case in titles and chapter lists in descriptions", () => {
    const map = buildCaseMap(
      ["0:00 Intro\n1:35 What An Index Is\nA short description."],
      ["Why Your Database Is SLOW"],
    );
    expect(map.has("slow")).toBe(false);
    expect(map.has("index")).toBe(false);
    expect(map.has("intro")).toBe(false);
  });
});

describe("splitProse", () => {
  it("splits on sentence ends, not on abbreviations, initials or decimals", () => {
    expect(splitProse("Dr. Smith met J. K. Rowling at 3.5 p.m. today. It went well! Did it? Yes.")).toEqual([
      "Dr. Smith met J. K. Rowling at 3.5 p.m. today.",
      "It went well!",
      "Did it?",
      "Yes.",
    ]);
    expect(splitProse("Use e.g. indexes. Then measure.")).toEqual(["Use e.g. indexes.", "Then measure."]);
  });

  it("cuts run-on sentences at a joint near the middle", () => {
    const long = `${"word ".repeat(30)}and then ${"more ".repeat(30)}end.`;
    const parts = splitProse(long);
    expect(parts.length).toBe(1);
    const joined = `${"alpha ".repeat(28)}beta; ${"gamma ".repeat(28)}delta.`;
    expect(splitProse(joined)).toHaveLength(2);
  });

  it("tells where each sentence lies, leaving out the joint a long one was cut at", () => {
    const text = `Short one.  Alpha ${"alpha ".repeat(27)}beta, and ${"gamma ".repeat(28)}delta.`;
    const clean = text.replace(/\s+/g, " ");
    const spans = splitProseSpans(text);
    expect(spans.map((s) => clean.slice(s.from, s.to))).toEqual([
      "Short one.",
      `Alpha ${"alpha ".repeat(27)}beta`,
      `${"gamma ".repeat(28)}delta.`,
    ]);
    expect(spans.map((s) => s.text)).toEqual([
      "Short one.",
      `Alpha ${"alpha ".repeat(27)}beta.`,
      `G${"gamma ".repeat(28).slice(1)}delta.`,
    ]);
  });
});

const auto: Transcript = {
  language: "en",
  kind: "auto",
  timed: true,
  segments: [
    { start: 0, duration: 2, text: "[Music]" },
    { start: 2.5, duration: 2.4, text: "okay so today we are talking" },
    { start: 4.95, duration: 2.2, text: "about database indexes and um" },
    { start: 7.2, duration: 2.3, text: "why they make reads fast" },
    { start: 10.5, duration: 2.5, text: "so the first thing to know" },
    { start: 13.05, duration: 2.5, text: "is that an index is a sorted" },
    { start: 15.6, duration: 2.4, text: "copy of some columns with pointers" },
    { start: 18.1, duration: 2.3, text: "back to the rows" },
    { start: 21.5, duration: 2.5, text: "and that is why lookups are cheap" },
  ],
};

describe("splitTranscript", () => {
  it("segments auto captions into readable sentences with their start times", () => {
    const sentences = splitTranscript(auto);
    expect(sentences.map((s) => s.text)).toEqual([
      "Okay, so today we are talking about database indexes and why they make reads fast.",
      "So the first thing to know is that an index is a sorted copy of some columns with pointers back to the rows.",
      "And that is why lookups are cheap.",
    ]);
    expect(sentences.map((s) => s.start)).toEqual([2.5, 10.5, 21.5]);
    expect(sentences.every((s, i) => s.index === i && s.wordCount >= 3)).toBe(true);
  });

  it("splits manual captions on their punctuation across caption lines", () => {
    const manual: Transcript = {
      language: "en",
      kind: "manual",
      timed: true,
      segments: [
        { start: 0, duration: 3, text: "Indexes are not free. Every insert" },
        { start: 3, duration: 3, text: "has to update every index. So measure" },
        { start: 6, duration: 3, text: "first, then add the index you need." },
      ],
    };
    const sentences = splitTranscript(manual);
    expect(sentences.map((s) => [s.text, s.start])).toEqual([
      ["Indexes are not free.", 0],
      ["Every insert has to update every index.", 0],
      ["So measure first, then add the index you need.", 3],
    ]);
  });

  it("drops rolling-caption repeats and keeps untimed transcripts untimed", () => {
    const rolling: Transcript = {
      language: "en",
      kind: "auto",
      timed: false,
      segments: [
        { start: 0, duration: 0, text: "the planner picks a sequential scan" },
        { start: 0, duration: 0, text: "picks a sequential scan when the query matches most rows" },
      ],
    };
    const [sentence] = splitTranscript(rolling);
    expect(sentence.text).toBe("The planner picks a sequential scan when the query matches most rows.");
    expect(sentence.start).toBeNull();
  });

  it("treats all-caps captions as unpunctuated speech", () => {
    const shouting: Transcript = {
      language: "en",
      kind: "manual",
      timed: true,
      segments: [{ start: 0, duration: 4, text: "THIS IS HOW WE BUILT THE API AT NASA" }],
    };
    expect(splitTranscript(shouting)[0].text).toBe("This is how we built the API at NASA.");
  });

  it("keeps the speaker's own words of every sentence for quoting", () => {
    const manual: Transcript = {
      language: "en",
      kind: "manual",
      timed: true,
      segments: [
        { start: 0, duration: 3, text: "When I arrived nobody knows you you might start" },
        { start: 3, duration: 3, text: "by cold emailing people. Um, Honestly it's slow," },
        { start: 6, duration: 3, text: "you know, but it works. Right. I I think th- the plan works." },
      ],
    };
    const sentences = splitTranscript(manual);
    expect(sentences.map((s) => [s.text, s.quote])).toEqual([
      [
        "When I arrived nobody knows you might start by cold emailing people.",
        "When I arrived nobody knows you you might start by cold emailing people.",
      ],
      ["Honestly it's slow, but it works.", "Honestly it's slow, you know, but it works."],
      ["I think the plan works.", "I think th- the plan works."],
    ]);
    // Continuing a quotation, a sentence brings every word said since the one before.
    expect(sentences[1].spoken).toBe("Honestly it's slow, you know, but it works.");
    expect(sentences[2].spoken).toBe("I I think th- the plan works.");
    // "Right." was dropped (too short), so the last sentence does not follow the one before.
    expect(follows(sentences[0], sentences[1])).toBe(true);
    expect(follows(sentences[1], sentences[2])).toBe(false);
  });

  it("keeps the words a long sentence was cut at", () => {
    const words = (from: number) => Array.from({ length: 28 }, (_, k) => `w${from + k}`).join(" ");
    const long = `Alpha ${words(0)}, and gamma ${words(100)}.`;
    const [head, tail] = splitTranscript({
      language: "en",
      kind: "manual",
      timed: false,
      segments: [{ start: 0, duration: 0, text: `${long} It is long. It is. It ends.` }],
    });
    expect(head.text).toMatch(/^Alpha w0 .* w27\.$/);
    expect(tail.text).toMatch(/^Gamma w100 .* w127\.$/);
    expect(tail.quote).toMatch(/^Gamma w100/);
    expect(tail.spoken).toMatch(/^And gamma w100/);
    expect(follows(head, tail)).toBe(true);
  });

  it("quotes rolling auto captions without the repeated words, with um and uh gone", () => {
    const [sentence] = splitTranscript(auto);
    expect(sentence.quote).toBe("Okay, so today we are talking about database indexes and why they make reads fast.");
    const [rolled] = splitTranscript({
      language: "en",
      kind: "auto",
      timed: false,
      segments: [
        { start: 0, duration: 0, text: "the planner picks a sequential scan" },
        { start: 0, duration: 0, text: "picks a sequential scan when uh the query matches most rows" },
      ],
    });
    expect(rolled.quote).toBe("The planner picks a sequential scan when the query matches most rows.");
  });

  it("never runs a sentence from one speaker into the next, and drops speaker labels", () => {
    const coaching = splitTranscript({
      language: "en",
      kind: "manual",
      timed: true,
      segments: [
        { start: 0, duration: 3, text: "Coach: watch the ball into the strings" },
        { start: 3, duration: 3, text: "Player: I know, I keep looking up too early." },
        { start: 6, duration: 3, text: "Coach: Then count out loud on every swing." },
        { start: 9, duration: 3, text: "Player: I will try that." },
      ],
    });
    expect(coaching.map((s) => [s.turn, s.text, s.quote])).toEqual([
      [0, "Watch the ball into the strings.", "Watch the ball into the strings."],
      [1, "I know, I keep looking up too early.", "I know, I keep looking up too early."],
      [2, "Then count out loud on every swing.", "Then count out loud on every swing."],
      [3, "I will try that.", "I will try that."],
    ]);
    expect(follows(coaching[0], coaching[1])).toBe(false);
    const interview = splitTranscript({
      language: "en",
      kind: "auto",
      timed: true,
      segments: [
        { start: 0, duration: 3, text: ">> so what got you into pottery in the first place" },
        { start: 3, duration: 3, text: ">> i i started when my kid was born >> and you kept going" },
      ],
    });
    expect(interview.map((s) => [s.turn, s.quote])).toEqual([
      [0, "So what got you into pottery in the first place."],
      [1, "I started when my kid was born."],
      [2, "And you kept going."],
    ]);
  });

  it("tells punctuated from unpunctuated captions", () => {
    expect(isPunctuated(auto.segments)).toBe(false);
    expect(isPunctuated([{ start: 0, duration: 1, text: "One. Two! Three? Four." }])).toBe(true);
  });
});

describe("quotations read aloud", () => {
  it("a quotation of several sentences stays one sentence; a stray mark does not swallow the text", () => {
    const text =
      'Two days after the flood she wrote, quote, "The water came up Front Street. By midnight it went." End quote. The bridge was gone.';
    expect(splitProse(text)).toEqual([
      'Two days after the flood she wrote, quote, "The water came up Front Street. By midnight it went."',
      "End quote.",
      "The bridge was gone.",
    ]);
    const stray = 'He said "maybe. It rained. We left. Then we came back. The end came. Nobody knew.';
    expect(splitProse(stray).length).toBeGreaterThan(3);
  });

  it("the spoken 'quote' and 'end quote' go where the marks say it", () => {
    expect(withoutSpokenQuoteMarks('She wrote, quote, "We are two towns now." End quote.')).toBe(
      'She wrote, "We are two towns now."',
    );
    expect(withoutSpokenQuoteMarks("The quote was wrong.")).toBe("The quote was wrong.");
  });
});

describe("a sentence after one too short to keep", () => {
  it("says so when the short one said something a pointer may stand for, not after a reply", () => {
    const transcript: Transcript = {
      language: "en",
      kind: "manual",
      timed: true,
      segments: [
        {
          start: 0,
          duration: 4,
          text: "I'll start with a number. Thirty-one. That's how many jobs we could not fill.",
        },
        {
          start: 4,
          duration: 4,
          text: "Is that a lot for a district like ours? Yeah. That's a third of our vacancies.",
        },
      ],
    };
    const sentences = splitTranscript(transcript);
    const flagged = (start: string) => sentences.find((s) => s.text.startsWith(start))?.afterDropped ?? false;
    expect(sentences.map((s) => s.text)).not.toContain("Thirty-one.");
    expect(flagged("That's how many")).toBe(true);
    expect(flagged("That's a third")).toBe(false);
    expect(flagged("I'll start")).toBe(false);
  });
});
