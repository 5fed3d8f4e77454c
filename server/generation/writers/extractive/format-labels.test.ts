import { describe, expect, it } from "vitest";
import { DEBATE_SPEAKER_LABELS_VIDEO } from "./held-out-videos-2";
import { writeExtractive } from "./index";
import { isFormatLabel, withoutFormatLabel } from "./plan-sections";
import { shortRequest } from "./sample-videos";

describe("chapters that name a part of the programme", () => {
  it("reads 'Rebuttals', 'Q&A' and their kin in each framed language as parts, not topics", () => {
    for (const label of [
      "Rebuttals",
      "Questions from the room",
      "Q&A",
      "Closing statements",
      "Intro",
      "Final thoughts",
      "Preguntas del público",
      "Conclusion",
      "Fazit",
      "Perguntas do público",
    ]) {
      expect(isFormatLabel(label)).toBe(true);
    }
    for (const topic of [
      "The cost of writes",
      "Questions about pricing",
      "Introduction to indexes",
      "Closing the street",
    ]) {
      expect(isFormatLabel(topic)).toBe(false);
    }
    expect(withoutFormatLabel("Opening: for the four-day week")).toBe("for the four-day week");
    expect(withoutFormatLabel("Rebuttals")).toBe("");
    expect(withoutFormatLabel("Deploys: where incidents begin")).toBe("Deploys: where incidents begin");
  });

  it("keeps them out of what a debate's article says it covers", () => {
    for (const style of ["nyt", "blog"] as const) {
      const { markdown } = writeExtractive({ ...shortRequest(DEBATE_SPEAKER_LABELS_VIDEO, style), length: "medium" });
      const framing = markdown.split("\n\n").slice(0, 2).join(" ");
      expect(framing).toMatch(/covers /);
      expect(framing).not.toMatch(/rebuttals|questions from the room|\bthe open\b/i);
    }
  });
});
