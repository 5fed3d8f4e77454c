import { describe, expect, it } from "vitest";
import { type PlanContext, parsePlan } from "./plan";
import { buildArticleUserPrompt } from "./prompts";
import { makeRequest, outsideDataBlocks } from "./testing";
import type { TranscriptLine } from "./transcript";

const LINES: TranscriptLine[] = [
  { start: 0, text: "Welcome back to Better Days, today we look at habits" },
  { start: 31, text: "Maria Lopez: the hardest part was simply starting every single morning" },
  { start: 62, text: "a checklist on the fridge worked better than any app we tried" },
  { start: 95, text: "rest days are part of the plan, not a failure" },
];

const CONTEXT: PlanContext = {
  lines: LINES,
  moments: new Set([0, 31, 62, 75, 95]),
  sourceText: [...LINES.map((l) => l.text), "How Small Habits Compound", "Better Days"].join("\n"),
};

const GOOD = [
  "ARTICLE PLAN",
  "PEG: Small daily habits beat big resolutions, a habit researcher's channel reports.",
  "SPEAKERS:",
  "- Maria Lopez | a viewer who tried the method",
  "- Better Days | presenter",
  "SECTIONS:",
  "- t=0 | Why habits compound",
  "- t=75 | Make it easy",
  "- t=95 | Rest days",
  "QUOTES:",
  "- L2 | Maria Lopez",
  "- L3 | Better Days",
].join("\n");

describe("parsePlan", () => {
  it("reads a good plan, copying the quoted words from the transcript lines it names", () => {
    const plan = parsePlan(GOOD, CONTEXT);
    expect(plan).toEqual({
      angle: { kind: "peg", text: "Small daily habits beat big resolutions, a habit researcher's channel reports." },
      speakers: [
        { name: "Maria Lopez", role: "a viewer who tried the method" },
        { name: "Better Days", role: "presenter" },
      ],
      sections: [
        { title: "Why habits compound", start: 0 },
        { title: "Make it easy", start: 75 },
        { title: "Rest days", start: 95 },
      ],
      quotes: [
        { line: 2, start: 31, speaker: "Maria Lopez", text: LINES[1].text },
        { line: 3, start: 62, speaker: "Better Days", text: LINES[2].text },
      ],
    });
  });

  it("never takes the model's copy of the words: the line number decides", () => {
    const plan = parsePlan('THESIS: x\nQUOTES:\n- L4 | "rest days are for the weak" | the presenter', CONTEXT);
    expect(plan?.quotes).toEqual([{ line: 4, start: 95, speaker: null, text: LINES[3].text }]);
  });

  it("answers null for junk, a refusal, an article or a bullet list of notes", () => {
    expect(parsePlan("", CONTEXT)).toBeNull();
    expect(parsePlan("I'm sorry, but I can't help with that.", CONTEXT)).toBeNull();
    expect(parsePlan("TITLE: A headline\nEXCERPT: x\n---\n## Start\n\nBody text.", CONTEXT)).toBeNull();
    expect(parsePlan("- The speaker explains how the idea works.\n- Another point.", CONTEXT)).toBeNull();
    expect(parsePlan("SECTIONS:\nQUOTES:\n- L99 | Maria Lopez", CONTEXT)).toBeNull();
  });

  it("keeps what a partial plan has", () => {
    const plan = parsePlan("THESIS: Habits compound.\nSECTIONS:\n- Why they compound\n- What to do", CONTEXT);
    expect(plan).toEqual({
      angle: { kind: "thesis", text: "Habits compound." },
      speakers: [],
      sections: [
        { title: "Why they compound", start: null },
        { title: "What to do", start: null },
      ],
      quotes: [],
    });
  });

  it("ignores line references out of range and repeated ones, and caps a quotation at two lines", () => {
    const plan = parsePlan("QUOTES:\n- L0\n- L5 | Maria Lopez\n- L-1\n- L3\n- L3\n- L1-L4", CONTEXT);
    expect(plan?.quotes.map((q) => q.line)).toEqual([3, 1]);
    expect(plan?.quotes[1].text).toBe(`${LINES[0].text} ${LINES[1].text}`);
    expect(parsePlan("QUOTES: L2, L3, L42", CONTEXT)?.quotes.map((q) => q.line)).toEqual([2, 3]);
  });

  it("drops speakers the sources never name, and moments no marker gave", () => {
    const plan = parsePlan(
      [
        "**PEG:** Habits compound.",
        "**SPEAKERS:**",
        "- Dr. Helena Marsh | habit scientist at Stanford",
        "- Maria Lopez (viewer)",
        "- the presenter",
        "## SECTIONS",
        "1. [1:15 t=75] Make it easy",
        "2. t=76 | Not a marker",
        "QUOTES:",
        "- L2 | Dr. Helena Marsh",
      ].join("\n"),
      CONTEXT,
    );
    expect(plan?.angle?.text).toBe("Habits compound.");
    expect(plan?.speakers).toEqual([
      { name: "Maria Lopez", role: "viewer" },
      { name: "the presenter", role: null },
    ]);
    expect(plan?.sections).toEqual([
      { title: "Make it easy", start: 75 },
      { title: "Not a marker", start: null },
    ]);
    expect(plan?.quotes[0].speaker).toBeNull();
  });

  it("reads the angle from the line after its header, and ignores a model's thinking", () => {
    const plan = parsePlan("<think>PEG: not this</think>\nPEG:\nThe real peg.\nSECTIONS:\n- t=31 | Start", CONTEXT);
    expect(plan?.angle).toEqual({ kind: "peg", text: "The real peg." });
    expect(plan?.sections).toEqual([{ title: "Start", start: 31 }]);
  });
});

describe("the plan in the article prompt", () => {
  it("passes the plan as our text and the quoted lines, copied by code, inside a data block", () => {
    const request = makeRequest({ length: "medium" });
    const source = { kind: "transcript" as const, lines: LINES, timed: true };
    const plan = parsePlan(`${GOOD}\n- L1 | Better Days`, CONTEXT);
    const user = buildArticleUserPrompt(request, source, plan);
    expect(user).toContain("Article plan: the editor's plan for this article. Follow it.");
    expect(user).toContain("- News peg: Small daily habits beat big resolutions");
    expect(user).toContain("- Speakers: Maria Lopez (a viewer who tried the method); Better Days (presenter).");
    expect(user).toContain("  2. Make it easy (starts at [1:15 t=75])");
    expect(user).toContain("use these, word for word");
    expect(user).toContain(
      `<plan_quotes>\nQ1 [0:31 t=31] (Maria Lopez) ${LINES[1].text}\nQ2 [1:02 t=62] (Better Days) ${LINES[2].text}\nQ3 [0:00 t=0] (Better Days) ${LINES[0].text}\n</plan_quotes>`,
    );
    expect(outsideDataBlocks(user)).not.toContain(LINES[1].text);
    // The plan comes before the closing reminder, which keeps the last word.
    expect(user.indexOf("Article plan:")).toBeLessThan(user.indexOf("Reminder:"));
    expect(buildArticleUserPrompt(request, source, null)).not.toContain("Article plan");
  });
});
