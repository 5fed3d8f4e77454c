import { describe, expect, it } from "vitest";
import { framesFor } from "./frames";
import { HELD_OUT_VIDEOS } from "./held-out-videos";
import { MORE_HELD_OUT_VIDEOS } from "./held-out-videos-2";
import { writeExtractive } from "./index";
import { shortRequest } from "./sample-videos";
import { preposition } from "./tokens";

describe("a news article's card", () => {
  it("never sums the article up with its own frame: the view count or the line quoting the description", () => {
    for (const video of [...HELD_OUT_VIDEOS, ...MORE_HELD_OUT_VIDEOS]) {
      const { excerpt } = writeExtractive({ ...shortRequest(video, "nyt"), length: "medium", includeComments: true });
      expect(excerpt, video.id).not.toMatch(
        /has been viewed|visualizaciones|a été vue|angesehen|visualizações|In the video's description|En la descripción del vídeo|Dans la description|In der Videobeschreibung|Na descrição do vídeo/,
      );
      expect(excerpt.length, video.id).toBeGreaterThan(20);
    }
  });
});

describe("what a video covers, framed in French", () => {
  it("contracts the preposition with the article after it", () => {
    const f = framesFor("fr");
    expect(f.covers("les ingrédients")).toBe("traite des ingrédients");
    expect(f.covers("le beurre mou", true)).toBe("traite aussi du beurre mou");
    expect(f.covers("la pâte sablée")).toBe("traite de la pâte sablée");
    expect(framesFor("en").covers("the chain", true)).toBe("also covers the chain");
  });

  it("says the preposition again before each thing of a list, as French does", () => {
    expect(preposition("de", "les ingrédients et la crème d'amande", "fr")).toBe(
      "des ingrédients et de la crème d'amande",
    );
    expect(preposition("de", "plan vélo, pistes et commerçants", "fr")).toBe(
      "de plan vélo, de pistes et de commerçants",
    );
    expect(preposition("à", "le four", "fr")).toBe("au four");
    // Spanish may say it once: the list is left as it is.
    expect(preposition("de", "el horno y la masa", "es")).toBe("del horno y la masa");
  });
});

describe("a card's sentence from the article", () => {
  it("reads without the moment it was said at, and keeps who said it", () => {
    for (const video of [...HELD_OUT_VIDEOS, ...MORE_HELD_OUT_VIDEOS]) {
      for (const style of ["nyt", "blog"] as const) {
        const { excerpt } = writeExtractive({ ...shortRequest(video, style), length: "medium", includeComments: true });
        expect(excerpt, `${video.id} ${style}`).not.toMatch(
          /(?<![\d:])\d{1,2}:\d{2}(?![\d:])|seconds into the video|\bmark\.$|in the video\.$|[[\]\uE000]/,
        );
      }
    }
  });
});
