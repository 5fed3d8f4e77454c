import { describe, expect, it } from "vitest";
import { countWords } from "../../../content/text";
import type { Transcript } from "../../types";
import { makeTranscript } from "./testing";
import { chunkLines, estimateTokens, renderLines, timeMarker, transcriptLines } from "./transcript";

describe("transcript lines", () => {
  it("groups timed segments into lines that start with the first segment's marker", () => {
    const transcript: Transcript = {
      language: "en",
      kind: "auto",
      timed: true,
      segments: [
        { start: 0, duration: 3, text: "hello and welcome" },
        { start: 3.2, duration: 3, text: "to the show" },
        { start: 40, duration: 3, text: "after a long pause" },
        { start: 3725, duration: 3, text: "much later" },
      ],
    };
    const lines = transcriptLines(transcript);
    expect(lines).toEqual([
      { start: 0, text: "hello and welcome to the show" },
      { start: 40, text: "after a long pause" },
      { start: 3725, text: "much later" },
    ]);
    expect(renderLines(lines)).toBe(
      "[0:00 t=0] hello and welcome to the show\n[0:40 t=40] after a long pause\n[1:02:05 t=3725] much later",
    );
    expect(timeMarker(75.9)).toBe("[1:15 t=75]");
  });

  it("splits an untimed transcript into lines without markers, losing no words", () => {
    const transcript = makeTranscript(1000, { timed: false });
    const lines = transcriptLines(transcript);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.every((l) => l.start === null)).toBe(true);
    expect(renderLines(lines)).not.toContain("[");
    expect(countWords(renderLines(lines))).toBe(countWords(transcript.segments[0].text));
  });

  it("splits one enormous caption so chunks can still be small", () => {
    const text = "word ".repeat(1000).trim();
    const lines = transcriptLines({
      language: "en",
      kind: "user",
      timed: true,
      segments: [{ start: 5, duration: 1, text }],
    });
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.every((l) => l.start === 5)).toBe(true);
  });
});

describe("chunking", () => {
  it("splits on line boundaries under the token cap, keeping every line in order", () => {
    const lines = transcriptLines(makeTranscript(5000));
    const chunks = chunkLines(lines, 800);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(estimateTokens(renderLines(chunk))).toBeLessThanOrEqual(800);
    expect(chunks.flat()).toEqual(lines);
  });

  it("estimates dense scripts at a token a character", () => {
    expect(estimateTokens("abcd".repeat(100))).toBe(100);
    expect(estimateTokens("日本語".repeat(100))).toBe(300);
  });
});
