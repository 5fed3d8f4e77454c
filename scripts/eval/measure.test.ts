import { describe, expect, it } from "vitest";
import type { InventedMaterial } from "../../test/fakes/careless-writer";
import { detectLanguage, scoredLanguage } from "./language";
import {
  brokenOpenings,
  inventedPublished,
  languagePurity,
  leakedMarkup,
  staleMomentLabels,
  structureProblems,
} from "./measure";

const link = (label: string, t: number) => `[${label}](https://www.youtube.com/watch?v=abcDEF12345&t=${t}s)`;

describe("detectLanguage", () => {
  it.each([
    ["The council approved the money for the repairs and the work starts next week.", "en"],
    // English articles and auxiliaries ("a", "do") are Portuguese and Spanish words too.
    ["Type mismatches do the same thing, like comparing a text column to a number.", "en"],
    ["Hola a todos y bienvenidos a Economía en diez minutos, hoy hablamos de los precios.", "es"],
    ["Le conseil a voté pour les travaux et le pont sera fermé pendant six semaines.", "fr"],
    ["Der Rat hat das Geld für die Reparatur bewilligt und die Arbeiten beginnen bald.", "de"],
    ["O conselho aprovou o dinheiro para as obras e a ponte vai ficar fechada.", "pt"],
  ])("%s → %s", (text, lang) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it("leaves a sentence with too few function words unjudged", () => {
    expect(detectLanguage("Riverside Bridge, 6 weeks.")).toBeNull();
    expect(scoredLanguage("pt-BR")).toBe("pt");
    expect(scoredLanguage("ja")).toBeNull();
  });

  it("judges the article's own sentences, not its quotations", () => {
    const markdown = `The creator said "la inflación es el aumento general de los precios" in the first minute.\n\nSi todo el mundo cree que los precios van a subir, suben.`;
    const result = languagePurity(markdown, "en");
    expect(result).toMatchObject({ judged: 2, matching: 1 });
    expect(result.strays[0]).toMatch(/^\[es\] Si todo/);
  });
});

describe("structureProblems", () => {
  it("wants sections and a list in a blog post", () => {
    expect(structureProblems("Intro.\n\n## One\n\nText.\n\n## Two\n\n- a\n- b", "blog")).toEqual([]);
    expect(structureProblems("Intro.\n\n## One\n\nText.", "blog")).toEqual([
      "blog: 1 ## section(s), wants at least 2",
      "blog: no list",
    ]);
  });

  it("wants a lede, no bullets and at most two sections in a news story", () => {
    expect(structureProblems("Lede.\n\nMore.\n\n## One\n\nText.", "nyt")).toEqual([]);
    expect(structureProblems("## One\n\n- a\n\n## Two\n\n## Three", "nyt")).toHaveLength(3);
  });

  it("finds envelope lines in any style", () => {
    expect(structureProblems("TITLE: Oops\n\nOne.\n\nTwo.", "custom")).toEqual(["custom: envelope line in the body"]);
  });
});

describe("brokenOpenings", () => {
  it("finds openings that lean on a sentence the reader never saw", () => {
    const markdown = [
      "And so the story begins.",
      "## First",
      `${link("▶ 0:15", 15)}`,
      "This is why it matters.",
      "## Second",
      "The good news? It is cheap.",
      "## Third",
      "prices went up.",
      "## Fourth",
      "Prices went up in May. And then they fell.",
    ].join("\n\n");
    expect(brokenOpenings(markdown)).toEqual([
      "And so the story begins.",
      "This is why it matters.",
      "The good news?",
      "prices went up.",
    ]);
  });
});

describe("leakedMarkup", () => {
  it("finds tags, envelope lines, data markers, stray brackets and bold marks", () => {
    const markdown = [
      "Fine text with a [link](https://example.org) and `<code>`.",
      "<transcript>leaked</transcript>",
      "EXCERPT: a summary",
      "A marker [1:02 t=62] left behind and ‹data›.",
      "Half **bold here.",
    ].join("\n\n");
    expect(leakedMarkup(markdown)).toEqual([
      "tag <transcript>",
      "tag </transcript>",
      "data marker ‹›",
      "envelope line EXCERPT:",
      'unbalanced ** in "Half **bold here."',
      "bracket [1:02 t=62]",
    ]);
    expect(leakedMarkup(`Clean ${link("1:02", 62)} **bold**.`)).toEqual([]);
  });
});

describe("what a careless model made up", () => {
  const invented: InventedMaterial = {
    quotes: [
      "The biggest mistake people make with pricing is trying to change everything at once",
      "Price is truly crucial",
    ],
    altered: [{ quote: "Price is truly crucial", original: "Price is really important." }],
    names: ["Dr. Helena Marsh"],
    affiliations: ["Northfield University"],
    links: [{ url: "https://www.youtube.com/watch?v=abcDEF12345&t=984s", seconds: 984, reason: "past-end" }],
    omitsLinks: false,
  };
  const article = (markdown: string) => ({ title: "T", excerpt: "E", markdown });

  it("finds invented quotations, people and institutions anywhere on the page", () => {
    expect(
      inventedPublished(
        article(
          "As Marsh of Northfield University says, the biggest mistake people make with pricing is trying to change everything at once.",
        ),
        [invented],
      ),
    ).toEqual([
      'quotation "the biggest mistake people make with pricing is trying to change everything at once"',
      'person "Dr. Helena Marsh"',
      'institution "Northfield University"',
    ]);
  });

  it("lets an altered quotation stay as paraphrase but not as a quotation", () => {
    expect(inventedPublished(article("Price is truly crucial, the host says."), [invented])).toEqual([]);
    expect(inventedPublished(article('"Price is truly crucial," the host says.'), [invented])).toEqual([
      'quotation "price is truly crucial"',
    ]);
  });

  it("does not count an alteration that is still the speaker's words in order", () => {
    const page = article('"Price is truly crucial," the host says.');
    expect(inventedPublished(page, [invented], "So yes. Price is, um, truly crucial, I'd say.")).toEqual([]);
    expect(inventedPublished(page, [invented], "Price is really important.")).toEqual([
      'quotation "price is truly crucial"',
    ]);
  });

  it("finds the label of a wrong moment link left as text", () => {
    expect(staleMomentLabels(`"Words" 16:24 (${link("0:41", 41)}).`, [invented])).toEqual(["16:24"]);
    expect(staleMomentLabels(`"Words" ${link("16:24", 984)}.`, [invented])).toEqual([]);
  });
});
