import { describe, expect, it } from "vitest";
import { framesFor } from "./frames";
import { shortFrames } from "./short-frames";

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("frames for a terse reference (short-frames.ts)", () => {
  it("credits a quotation in two words of frame, in English and in Spanish", () => {
    const en = shortFrames(framesFor("en"));
    for (const n of [0, 1, 2, 3]) {
      const line = en.attributed("Ana", "says", "We left at dawn.", n);
      expect(words(line) - words("We left at dawn.")).toBe(2);
      expect(line).toContain("We left at dawn");
    }
    expect(shortFrames(framesFor("es")).attributed("Ana", "dice", "Salimos al alba.", 0)).toBe(
      'Ana dice: "Salimos al alba."',
    );
  });

  it("keeps the full frame's wording when there is no verb to credit with", () => {
    const line = shortFrames(framesFor("en")).attributed("the creator", "", "We left at dawn.", 1);
    expect(line).toBe(framesFor("en").attributed("the creator", "", "We left at dawn.", 1));
  });
});
