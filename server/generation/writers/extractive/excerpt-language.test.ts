import { describe, expect, it } from "vitest";
import type { TranscriptSegment, VideoData } from "../../types";
import { excerptFor } from "./index";
import { buildPlan } from "./plan";

const LINES: Record<"fr" | "de", string[]> = {
  fr: [
    "Le compost collectif permet de réduire les déchets de la commune de moitié.",
    "Le compost collectif demande des bacs solides et des bénévoles réguliers.",
    "Les bacs de compost collectif sont installés dans les jardins partagés du quartier.",
    "Chaque famille apporte ses épluchures deux fois par semaine, et les bénévoles retournent le tas.",
    "Au bout de six mois, le compost collectif est prêt et il sert dans les potagers de l'école.",
    "Les jardins partagés reçoivent le compost collectif au printemps.",
  ],
  de: [
    "Die Solaranlage auf dem Dach liefert im Sommer mehr Strom, als das Haus braucht.",
    "Die Solaranlage lädt tagsüber den Speicher im Keller.",
    "Der Speicher im Keller gibt den Strom am Abend wieder ab.",
    "Im Winter reicht die Solaranlage nur für einen Teil des Verbrauchs.",
    "Deshalb bleibt das Haus mit dem Netz verbunden, und der Speicher im Keller gleicht aus.",
    "Die Solaranlage hat sich nach neun Jahren bezahlt gemacht.",
  ],
};

function video(lang: "fr" | "de"): VideoData {
  const segments: TranscriptSegment[] = LINES[lang].map((text, k) => ({ start: k * 6, duration: 6, text }));
  return {
    id: `excerpt${lang}01`,
    url: `https://www.youtube.com/watch?v=excerpt${lang}01`,
    title: lang === "fr" ? "Compost collectif" : "Solaranlage",
    channel: { id: "UCx", name: "Ville Verte" },
    description: "",
    publishedAt: null,
    durationSeconds: 60,
    viewCount: null,
    thumbnails: [],
    chapters: [],
    transcript: { language: lang, kind: "manual", timed: true, segments },
    comments: null,
  };
}

describe("excerptFor in the article's language", () => {
  it.each([
    ["fr", /^Ville Verte traite de \p{Ll}/u],
    ["de", /^Ville Verte behandelt \p{L}/u],
  ] as const)("frames what a %s video covers in its own language", (lang, framing) => {
    const v = video(lang);
    const plan = buildPlan({
      video: v,
      transcript: v.transcript,
      style: "blog",
      length: "short",
      tone: "informative",
      includeComments: false,
      category: null,
      referenceArticles: [],
    });
    // Nothing else to draw on: no description, no central statements, a one-paragraph article.
    plan.description = [];
    plan.thesis = new Float64Array(0);
    expect(plan.topics.length).toBeGreaterThan(0);
    const excerpt = excerptFor(plan, "Un seul paragraphe.");
    expect(excerpt).toMatch(framing);
    expect(excerpt).not.toMatch(/\b(?:covers|the speaker)\b/);
  });
});
