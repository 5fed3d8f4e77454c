import { describe, expect, it } from "vitest";
import { preposition } from "./tokens";

describe("preposition", () => {
  it("contracts a preposition with the article of the phrase after it, as each language writes it", () => {
    expect(preposition("de", "o forno", "pt")).toBe("do forno");
    expect(preposition("de", "as receitas", "pt")).toBe("das receitas");
    expect(preposition("de", "el horno", "es")).toBe("del horno");
    expect(preposition("a", "el mercado", "es")).toBe("al mercado");
    expect(preposition("de", "le four", "fr")).toBe("du four");
    expect(preposition("à", "les enfants", "fr")).toBe("aux enfants");
  });

  it("leaves what needs no contraction, and other languages, as they are", () => {
    expect(preposition("de", "la masa", "es")).toBe("de la masa");
    expect(preposition("de", "l'eau", "fr")).toBe("de l'eau");
    expect(preposition("de", "polvilho doce", "pt")).toBe("de polvilho doce");
    expect(preposition("de", "o forno", "en")).toBe("de o forno");
    expect(preposition("de", "o forno", null)).toBe("de o forno");
  });
});
