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

describe("a statement with its speaker (frames.ts statementThen)", () => {
  it("asks a question with the speaker first, never a bracketed '(Moreno notes.)' after it", () => {
    const question = "Two schools, in a district that covers, what, three hundred square miles?";
    expect(framesFor(null).statementThen(question, "Moreno", "notes")).toBe(`Moreno asks: ${question}`);
    // The past tense of a news attribution, with its moment link kept.
    expect(framesFor(null).statementThen(question, "Moreno", "said [at 3:02](u)")).toBe(
      `Moreno asked [at 3:02](u): ${question}`,
    );
    expect(framesFor("es").statementThen("¿Por qué no cero?", "Ana", "dijo")).toBe("Ana preguntó: ¿Por qué no cero?");
    expect(framesFor("de").statementThen("Warum nicht?", "Jan", "sagt")).toBe("Jan fragt: Warum nicht?");
    // A statement keeps its speaker after it.
    expect(framesFor(null).statementThen("Fridays are hard.", "Moreno", "notes")).toBe(
      "Fridays are hard, Moreno notes.",
    );
    expect(framesFor(null).statementThen("And then...", "moreno", "notes")).toBe("Moreno notes: And then...");
  });
});
