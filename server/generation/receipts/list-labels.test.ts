import { describe, expect, it } from "vitest";
import { speakerPieces } from "../writers/extractive/verbatim";
import { isListLabel } from "./list-labels";

describe("isListLabel", () => {
  it("tells a list item's label from a speaker's", () => {
    for (const label of ["Step 1", "Erster Schritt", "Tip", "[Note]", "Zutaten", "Bonus tip", "Mistake 2"])
      expect(isListLabel(label), label).toBe(true);
    for (const label of ["Coach", "Dr. Amara Osei", "Speaker 2", "MARIA", "Sarah Day", "Q"])
      expect(isListLabel(label), label).toBe(false);
  });

  it("keeps a list item's label inside the speaker's turn", () => {
    const segment = (start: number, text: string) => ({ start, duration: 2, text });
    const pieces = speakerPieces([
      segment(0, "Ich bin Jonas, und so geht es."),
      segment(2, "Erster Schritt: die richtigen Kübel."),
      segment(4, "Zweiter Schritt: gute Erde."),
      segment(6, "Coach: Danke, Jonas."),
    ]);
    expect(pieces.map((p) => p.turn)).toEqual([0, 0, 0, 1]);
    expect(pieces[1].text).toBe("Erster Schritt: die richtigen Kübel.");
    expect(pieces[3].text).toBe("Danke, Jonas.");
  });
});
