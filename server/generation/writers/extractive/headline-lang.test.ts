import { describe, expect, it } from "vitest";
import { writeExtractive } from ".";
import { promiseHeadlines, recipeHeadline, statementHeadline, withArticleFrom } from "./headline-lang";
import { HEADLINE_SAMPLES, HOSTILE_TITLE } from "./headline-samples";
import { shortRequest } from "./sample-videos";
import { isTitleCopy } from "./title-echo";

const ENGLISH_FRAME = /\b(?:How|What|Why|Explains|Discusses|Guide|Know|About|and|the|to)\b/;

describe("promiseHeadlines", () => {
  it("pairs two different topics, and takes the fuller of two that say one thing", () => {
    expect(promiseHeadlines(["le vélo", "le vélo électrique"], "fr")).toEqual(["Comprendre le vélo électrique"]);
    expect(promiseHeadlines(["la inflación", "los precios"], "es")[0]).toBe(
      "Claves para entender la inflación y los precios",
    );
  });
});

describe("recipeHeadline", () => {
  it("promises how to make the dish a recipe's description names, in the video's language", () => {
    expect(recipeHeadline("A receita de pão de queijo da minha avó, com polvilho doce e azedo.", "pt")).toBe(
      "Como fazer pão de queijo",
    );
    expect(recipeHeadline("La tarte aux abricots de ma grand-mère, avec une pâte sablée maison.", "fr")).toBe(
      "Comment réussir la tarte aux abricots",
    );
    expect(recipeHeadline("La receta de tortilla de patatas de mi abuela, con cebolla.", "es")).toBe(
      "Cómo hacer tortilla de patatas",
    );
    expect(recipeHeadline("Das Rezept für Dinkelbrot von meiner Oma, mit Sauerteig.", "de")).toBe(
      "Dinkelbrot selbst machen",
    );
  });

  it("reads no dish in a line that states something or names none", () => {
    expect(recipeHeadline("La tarte est simple à faire.", "fr")).toBeNull();
    expect(recipeHeadline("Hoy hacemos pan.", "es")).toBeNull();
    expect(recipeHeadline("Jonas zeigt, wie aus einem Balkon ein Garten wird.", "de")).toBeNull();
  });

  it("gives a Portuguese topic without an article a promise that needs none", () => {
    expect(promiseHeadlines(["queijo mineiro"], "pt")).toEqual(["O que saber sobre queijo mineiro"]);
    expect(promiseHeadlines(["o polvilho"], "pt")).toEqual(["Entenda o polvilho"]);
  });
});

describe("statementHeadline", () => {
  it("keeps a sentence's main clause when it opens on its subject", () => {
    expect(statementHeadline("La inflación es el aumento general de los precios, según el banco.", "es")).toBe(
      "La inflación es el aumento general de los precios",
    );
    expect(statementHeadline("Le compost mûr nourrit le potager sans engrais chimique.", "fr")).toBe(
      "Le compost mûr nourrit le potager sans engrais chimique",
    );
    expect(statementHeadline("Die Hefe braucht Wärme, Zucker und vor allem Zeit.", "de")).toBe(
      "Die Hefe braucht Wärme, Zucker und vor allem Zeit",
    );
    expect(statementHeadline("Der Teig ist fertig, wenn er sich verdoppelt hat.", "de")).toBe("Der Teig ist fertig");
    expect(statementHeadline("A conta de luz pode cair até trinta por cento.", "pt")).toBe(
      "A conta de luz pode cair até trinta por cento",
    );
  });

  it("ends a long claim at its first comma when a clause comes before it, not a short one or a list", () => {
    expect(
      statementHeadline(
        "Das Mehl ist um dreißig Prozent teurer geworden, beim Roggenmehl sogar noch etwas mehr.",
        "de",
      ),
    ).toBe("Das Mehl ist um dreißig Prozent teurer geworden");
    // A list after the verb is the claim itself.
    expect(statementHeadline("Die Hefe braucht Wärme, Zucker und vor allem Zeit.", "de")).toBe(
      "Die Hefe braucht Wärme, Zucker und vor allem Zeit",
    );
  });

  it("refuses questions and sentences that lean on another", () => {
    expect(statementHeadline("Por eso los precios suben mucho más de lo que dicen.", "es")).toBeNull();
    expect(statementHeadline("Cada mes se apunta el precio de esa cesta.", "es")).toBeNull();
    expect(statementHeadline("Cette solution est simple et rapide à mettre en place.", "fr")).toBeNull();
    expect(statementHeadline("Warum geht der Teig nicht auf?", "de")).toBeNull();
    expect(statementHeadline("Isso reduz a conta de luz em poucos meses.", "pt")).toBeNull();
  });
});

describe("withArticleFrom", () => {
  it("gives a topic the article the video uses with it", () => {
    expect(withArticleFrom("inflación", ["La inflación sube.", "Cuando la inflación baja, todo cambia."], "es")).toBe(
      "la inflación",
    );
    expect(withArticleFrom("inflation", ["L'inflation monte."], "fr")).toBe("l'inflation");
    expect(withArticleFrom("conta de luz", ["Nada muda."], "pt")).toBe("conta de luz");
  });
});

describe("headlines of held-out-like videos", () => {
  it("are written, in the video's language, with no markup or instruction, in every style", () => {
    for (const video of HEADLINE_SAMPLES) {
      for (const style of ["blog", "nyt", "custom"] as const) {
        const article = writeExtractive({
          ...shortRequest(video, style),
          referenceArticles: style === "custom" ? ["Short lines. Very short.\n\nAnother paragraph. Brief."] : [],
        });
        const label = `${video.id}/${style}: ${article.title}`;
        expect(isTitleCopy(article.title, video.title, video.channel.name), label).toBe(false);
        expect(article.title, label).not.toMatch(/[<>{}[\]|]|script|ignore|instruction|hacked/i);
        expect(article.title, label).not.toMatch(/\p{Extended_Pictographic}/u);
        if (video.transcript?.language !== "en") expect(article.title, label).not.toMatch(ENGLISH_FRAME);
        else expect(article.title, label).toMatch(/^\p{Lu}/u);
      }
    }
  });

  it("names what a clickbait title hides", () => {
    const grid = HEADLINE_SAMPLES.find((v) => v.id === "enGrid00001")!;
    const article = writeExtractive({
      video: grid,
      transcript: grid.transcript,
      style: "nyt",
      length: "short",
      tone: "informative",
      includeComments: false,
      category: null,
      referenceArticles: [],
    });
    expect(article.title).toMatch(/Brookfield Microgrid/);
    expect(HOSTILE_TITLE.title).toMatch(/<script>/);
  });
});
