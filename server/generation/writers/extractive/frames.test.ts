import { describe, expect, it } from "vitest";
import { framesFor } from "./frames";

describe("a news lede's frame (frames.ts)", () => {
  it("says who posted what when it has no topics to name, never 'discusses its subject'", () => {
    expect(
      framesFor(null).ledeTitled("Fix Your Posture", " on March 3, 2025", "Desk Body Daily", "informative", ""),
    ).toBe('Desk Body Daily posted a video titled "Fix Your Posture" on YouTube on March 3, 2025.');
    for (const lang of ["es", "fr", "de", "pt"] as const) {
      const lede = framesFor(lang).ledeTitled("Titre", "", "Élodie", "informative", "");
      expect(lede, lang).toContain("Élodie");
      expect(lede, lang).not.toMatch(/su tema|son sujet|sein Thema|o seu tema/);
    }
    // With topics, what the video is about.
    expect(framesFor(null).ledeTitled("T", "", "Maya Chen", "informative", "indexes")).toMatch(/discusses indexes\.$/);
  });
});
