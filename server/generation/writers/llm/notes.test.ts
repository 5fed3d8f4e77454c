import { describe, expect, it } from "vitest";
import { fitNotes, notesTokens } from "./notes";
import { type ChunkNotes, LEFT_OUT } from "./prompts";

function part(n: number, total: number, bullets: number): ChunkNotes {
  const text = Array.from({ length: bullets }, (_, i) => `- part ${n} point ${i} with a few more words`).join("\n");
  return { part: n, total, from: n * 60, to: n * 60 + 60, text };
}

describe("fitNotes", () => {
  it("leaves notes that fit alone", () => {
    const notes = [part(1, 3, 3), part(2, 3, 3), part(3, 3, 3)];
    expect(fitNotes(notes, 10_000)).toEqual({ notes, shortened: false });
  });

  it("keeps the first and last parts whole and cuts the middle ones evenly, saying so", () => {
    const notes = [part(1, 5, 20), part(2, 5, 20), part(3, 5, 20), part(4, 5, 20), part(5, 5, 20)];
    const limit = Math.floor(notesTokens(notes) * 0.6);
    const { notes: fitted, shortened } = fitNotes(notes, limit);
    expect(shortened).toBe(true);
    expect(notesTokens(fitted)).toBeLessThanOrEqual(limit);
    expect(fitted[0]).toEqual(notes[0]);
    expect(fitted[4]).toEqual(notes[4]);
    const kept = fitted.slice(1, 4).map((n) => n.text.split("\n"));
    for (const lines of kept) {
      expect(lines.at(-1)).toBe(LEFT_OUT);
      expect(lines.length).toBeGreaterThan(2);
    }
    // Evenly: the middle parts keep the same number of lines, each from its start.
    expect(new Set(kept.map((lines) => lines.length)).size).toBe(1);
    expect(kept[1][0]).toBe("- part 3 point 0 with a few more words");
  });

  it("gives a short middle part all it has and the room it leaves to the others", () => {
    const notes = [part(1, 4, 10), part(2, 4, 2), part(3, 4, 40), part(4, 4, 10)];
    const limit = Math.floor(notesTokens(notes) * 0.7);
    const { notes: fitted } = fitNotes(notes, limit);
    expect(fitted[1]).toEqual(notes[1]);
    expect(fitted[2].text.endsWith(LEFT_OUT)).toBe(true);
    expect(notesTokens(fitted)).toBeLessThanOrEqual(limit);
  });

  it("never cuts two parts, and leaves only the marker when the ends take all the room", () => {
    const two = [part(1, 2, 30), part(2, 2, 30)];
    expect(fitNotes(two, 10).notes).toEqual(two);
    const three = [part(1, 3, 30), part(2, 3, 30), part(3, 3, 30)];
    const { notes: fitted } = fitNotes(three, 10);
    expect(fitted.map((n) => n.text)).toEqual([three[0].text, LEFT_OUT, three[2].text]);
  });
});
