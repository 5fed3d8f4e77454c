import { describe, expect, it } from "vitest";
import type { ArticleLength } from "../../../../contract/articles";
import type { VideoData, WriteRequest } from "../../types";
import { writeExtractive } from "./index";
import { articleNote, languageNote } from "./notes";
import { buildPlan } from "./plan";

const FRENCH_LINES = [
  "Bonjour à tous, aujourd'hui on parle du compost dans une petite ville.",
  "Le compost collectif permet de réduire les déchets de la commune de moitié.",
  "Nous avons installé douze bacs dans les jardins partagés du quartier.",
  "Chaque famille apporte ses épluchures deux fois par semaine, et les bénévoles retournent le tas.",
  "Au bout de six mois, le compost est prêt et il sert dans les potagers de l'école.",
  "Le plus difficile, c'est de garder le bon équilibre entre les matières vertes et les matières brunes.",
];

function frenchVideo(): VideoData {
  return {
    id: "frCompost01",
    url: "https://www.youtube.com/watch?v=frCompost01",
    title: "Le compost collectif dans une petite ville",
    channel: { id: "UCfr", name: "Ville Verte" },
    description: "Comment une petite ville a réduit ses déchets de moitié grâce au compost collectif.",
    publishedAt: "2025-03-01T00:00:00Z",
    durationSeconds: 60,
    viewCount: 1000,
    thumbnails: [],
    chapters: [],
    transcript: {
      language: "fr",
      kind: "manual",
      timed: true,
      segments: FRENCH_LINES.map((text, k) => ({ start: k * 8, duration: 8, text })),
    },
    comments: null,
  };
}

function request(video: VideoData, length: ArticleLength, overrides: Partial<WriteRequest> = {}): WriteRequest {
  return {
    video,
    transcript: video.transcript,
    style: "blog",
    length,
    tone: "informative",
    includeComments: true,
    category: null,
    referenceArticles: [],
    ...overrides,
  };
}

describe("extractive notes", () => {
  it("says the article is in the video's language when another was asked", () => {
    const article = writeExtractive(request(frenchVideo(), "short", { language: "en" }));
    expect(article.note).toContain(
      "Written in French, the video's language: the offline writer does not translate. Add an AI writer to get articles in English.",
    );
    // The article itself stays French: no English frame around the French sentences.
    expect(article.markdown).not.toMatch(/\b(?:the video|says|explains)\b/);
  });

  it("adds no language note when the language asked is the video's, or none was asked", () => {
    expect(languageNote(buildPlan(request(frenchVideo(), "short", { language: "fr" })), "fr")).toBeNull();
    expect(languageNote(buildPlan(request(frenchVideo(), "short")), null)).toBeNull();
  });

  it("names a language outside the frame table by its English name", () => {
    const video = frenchVideo();
    video.transcript = { ...video.transcript!, language: "ja" };
    expect(languageNote(buildPlan(request(video, "short")), "de")).toMatch(
      /^Written in Japanese, the video's language/,
    );
  });

  it("tells what a short source held, in numbers the reader can check", () => {
    const plan = buildPlan(request(frenchVideo(), "long"));
    expect(articleNote(plan, plan.request, 120)).toBe(
      "The video has a transcript of 85 words and a description of 14 words, so this article is 120 words, shorter than the long range (800–1,200 words).",
    );
  });

  it("does not blame a source that held enough words for the writer's shorter article", () => {
    const video = frenchVideo();
    const lines = Array.from({ length: 40 }, (_, k) => `${FRENCH_LINES[k % FRENCH_LINES.length]} (${k})`);
    video.transcript = {
      ...video.transcript!,
      segments: lines.map((text, k) => ({ start: k * 8, duration: 8, text })),
    };
    const plan = buildPlan(request(video, "short"));
    const note = articleNote(plan, plan.request, 250) ?? "";
    expect(note).toMatch(
      /^The video has a transcript of \d+ words and a description of 14 words; this article is 250 words/,
    );
    expect(note).toContain("keeps only what it can use without padding or repeating");
    expect(articleNote(plan, plan.request, 300)).toBeUndefined();
  });

  it("quotes more of the comments when there is no transcript and a longer article is asked", () => {
    const video = frenchVideo();
    video.transcript = null;
    video.comments = Array.from({ length: 14 }, (_, k) => ({
      author: `viewer${k}`,
      text: `Comment number ${k + 1}: the shared compost bins in our street changed how we sort waste at home.`,
      likes: 100 - k,
      publishedAt: null,
    }));
    const counts = (["short", "medium", "long"] as const).map(
      (length) => buildPlan(request(video, length)).comments.length,
    );
    expect(counts).toEqual([4, 8, 12]);
  });
});
