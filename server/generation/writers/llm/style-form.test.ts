import { describe, expect, it } from "vitest";
import { buildStyleRevisionPrompt, formGuide, referenceForm, sentenceMiss } from "./style-form";

// Sentences of 35 words and more, one section heading, no lists.
const REFERENCE_ESSAY = `On keeping old bridges

When a town decides how much to spend on the bridges it already has, it is really deciding how much disruption it will accept later, because every year of deferred maintenance is borrowed against a flood that nobody can schedule.

## What the ledger hides

A repair that costs nine hundred thousand dollars this year looks expensive beside a budget that has other claims on it, yet the same repair postponed for five years can turn into a closure, a detour for every driver and a bill several times larger.

The hard part of the work is not engineering but persuasion, since the people who vote on the money rarely see the riverbed under the piers and must be shown, patiently and with figures, what the water has already taken away.`;

describe("the reference form told to the model", () => {
  it("gives an essay's long sentences and its headings in figures", () => {
    const form = referenceForm({ style: "custom", referenceArticles: [REFERENCE_ESSAY] });
    expect(form).not.toBeNull();
    expect(form!.sentenceWords).toBeGreaterThan(30);
    const guide = formGuide(form!);
    expect(guide).toMatch(/Sentences average \d{2} words/);
    expect(guide).toContain("long sentences that join related ideas");
    expect(guide).toContain("They use section headings");
  });

  it("is nothing for other styles or references with no text", () => {
    expect(referenceForm({ style: "blog", referenceArticles: [REFERENCE_ESSAY] })).toBeNull();
    expect(referenceForm({ style: "custom", referenceArticles: ["  ", ""] })).toBeNull();
  });

  it("measures how far a body is from it, and asks to join short sentences for an essay", () => {
    const form = referenceForm({ style: "custom", referenceArticles: [REFERENCE_ESSAY] })!;
    const choppy = "The bridge closed. Engineers found damage. The council met. Money was approved.";
    expect(sentenceMiss(choppy, form)).toBeGreaterThan(0.8);
    const prompt = buildStyleRevisionPrompt({ draftWords: 3, form, min: 300, max: 500 });
    expect(prompt).toContain("Join related short sentences");
    expect(prompt).toContain("word for word");
  });
});
