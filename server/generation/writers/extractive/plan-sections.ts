import type { KeyPhrase } from "./keyphrases";
import { cleanText } from "./markdown";
import { capSections, type Section } from "./segment";
import { isStopword, stem } from "./tokens";

// How a video's chapters and key phrases become the plan's sections and topics: chapter titles
// cleaned into headings, headings read as topics, chapters fitted to the sections an article
// holds; split from plan.ts, which builds the rest of the plan.

/** A chapter title fit for a heading: numbering, timestamps and emoji removed. */
export function cleanChapterTitle(title: string): string {
  return cleanText(title)
    .replace(/\p{Extended_Pictographic}|\uFE0F|\u200D/gu, "")
    .replace(/^(?:(?:\d{1,2}:)?\d{1,2}:\d{2}\s*[-–—:]?\s*)/, "")
    .replace(/^(?:(?:chapter|part|step|section)\s+)?\d{1,2}\s*[.):–—-]\s*/i, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A heading as it reads inside a sentence ("Why indexes slow writes" -> "why indexes slow writes"). */
export function topicFromHeading(heading: string, caseMap: ReadonlyMap<string, string>): string | null {
  const text = heading.replace(/[.:;!]+$/, "").trim();
  if (!text || /\?$/.test(text) || text.split(/\s+/).length > 8 || /[:|]/.test(text)) return null;
  if (
    /^(?:(?:what|who|where|when|why|how)\s+(?:is|are|was|were|do|does|did|can|should|will)\b|(?:is|are|do|does|can|should|will)\b)/i.test(
      text,
    )
  ) {
    return null;
  }
  const [first, ...rest] = text.split(/\s+/);
  const lower = first.toLowerCase();
  const keepCase =
    first !== first.charAt(0) + first.slice(1).toLowerCase() ||
    (caseMap.get(lower) ?? "").charAt(0) === first.charAt(0);
  const restText = rest
    .map((w) => (/^\p{Lu}\p{Ll}+$/u.test(w) && !caseMap.has(w.toLowerCase()) ? w.toLowerCase() : w))
    .join(" ");
  return [keepCase ? first : lower, restText].filter(Boolean).join(" ");
}

// A chapter that names a part of the programme, not what it is about: "Rebuttals", "Questions
// from the room", "Q&A", "Opening statements", "Intro", "Recap", in each framed language.
const FORMAT_LABEL = new RegExp(
  `^(?:(?:the|a|an|la|las|el|los|le|les|l'|die|der|das|o|os|as)\\s+)?(?:${[
    "rebuttals?|q\\s*(?:&|and)\\s*a|(?:audience|listener|viewer)\\s+questions?|questions?\\s+(?:from|for)\\s+(?:the\\s+)?(?:room|audience|floor|viewers|listeners|chat|panel)",
    "open(?:ing)?\\s+(?:statements?|remarks)|closing(?:\\s+(?:statements?|remarks|thoughts))?|final\\s+thoughts|intro(?:duction)?|outro|conclusions?|recap|summary|wrap[-\\s]?up|welcome|sponsor(?:ed)?(?:\\s+segment)?|announcements|bonus",
    "preguntas\\s+del\\s+público|réplicas?|introducción|conclusi(?:ón|ones)|resumen|despedida",
    "questions\\s+du\\s+public|répliques?|conclusion|résumé",
    "fragen\\s+(?:aus\\s+dem|des)\\s+publikums?|einleitung|fazit|zusammenfassung|schlusswort",
    "perguntas\\s+do\\s+público|introdução|conclusão|resumo",
  ].join("|")})$`,
  "iu",
);

/** Whether a chapter title names a part of the programme ("Rebuttals", "Q&A") rather than a topic. */
export function isFormatLabel(title: string): boolean {
  const text = title.trim().replace(/[.:;!]+$/, "");
  return text.length <= 60 && FORMAT_LABEL.test(text);
}

// "Opening: for the four-day week": the part of the programme before a colon.
const LABEL_PREFIX = /^([^:]{1,40}):\s+(.+)$/u;

/** A chapter title less what names the programme's parts: "" for "Rebuttals", "for the four-day week" for "Opening: for…". */
export function withoutFormatLabel(title: string): string {
  if (isFormatLabel(title)) return "";
  const labelled = LABEL_PREFIX.exec(title.trim());
  return labelled && (isFormatLabel(labelled[1]) || /^opening$/i.test(labelled[1])) ? labelled[2] : title;
}

/** "Deploys: where incidents begin" -> "deploys: where incidents begin" (names keep their capital). */
export function lowerFirst(text: string, caseMap: ReadonlyMap<string, string>): string {
  const first = text.split(/[\s:]/, 1)[0];
  const known = caseMap.get(first.toLowerCase());
  if (/^\p{Lu}\p{Ll}*$/u.test(first) && !known) return text.charAt(0).toLowerCase() + text.slice(1);
  return text;
}

/** How much of the video's substance a stretch of sentences carries. */
export function weightOf(scores: Float64Array, from: number, to: number): number {
  const top = range(from, to)
    .map((i) => scores[i])
    .sort((a, b) => b - a);
  return (top.slice(0, 3).reduce((a, b) => a + b, 0) / 3) * Math.sqrt(to - from);
}

/**
 * Chapters as article sections, at most `max` of them. Neighbouring chapters are merged in pairs
 * ("What an index is and how B-trees find rows"); when there are more than twice as many chapters
 * as sections (a two-hour talk with twenty chapters), the weightiest are kept first, so every
 * heading still names what is under it.
 */
export function fitChapters(sections: Section[], scores: Float64Array, max: number): Section[] {
  let out = sections;
  const body = out.filter((s) => s.role === "body");
  if (body.length > max * 2) {
    const keep = new Set(
      body
        .map((s) => ({ s, w: weightOf(scores, s.from, s.to) }))
        .sort((a, b) => b.w - a.w || a.s.from - b.s.from)
        .slice(0, max * 2)
        .map(({ s }) => s),
    );
    out = out.filter((s) => s.role !== "body" || keep.has(s));
  }
  // Only neighbouring chapters merge, and only in pairs, so a heading never hides a third chapter.
  const titles = (s: Section) => (s.chapterTitle ?? "").split("\u0000").length;
  return capSections(out, max, (a, b) => a.to === b.from && titles(a) + titles(b) <= 2);
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}

// Single words too vague or too verb-like to name a topic or make a tag.
const GENERIC_SINGLE = new Set(
  `cut make bake use get put set run try add pay buy sell build keep start stop turn move change check test fix
  feel look need want eat go hour minute time way day week thing lot kind sort bit part step side end top
  idea case point fact work job mean talk show tell call
  myth question problem answer reason mistake tip story example issue option choice rule lesson secret
  truth trick result difference number stuff people person place world guy friend year month today
  recipe receta recette rezept receita`
    .split(/\s+/)
    .map((w) => stem(w)),
);

// A function word at either end ("qué hacer"): a piece of a sentence, not a name for a thing. A
// capitalised word is part of a name ("Los Angeles", "Van Morrison", "Great Britain").
const functionWordAtEdge = (text: string) => {
  const words = text.split(" ");
  return [words[0], words[words.length - 1]].some((w) => w === w.toLowerCase() && isStopword(w));
};

/**
 * Key phrases fit to name the video's topics: no numbers, no single verb or adverb forms, no
 * vague word ("the myth", "the recipe"), and no single word that a longer phrase carries
 * ("mistake" when "common sourdough mistake" is there).
 */
export function salientPhrases(phrases: readonly KeyPhrase[]): KeyPhrase[] {
  const usable = phrases.filter(
    (p) =>
      p.text.length >= 3 &&
      !/^\d/.test(p.text) &&
      !functionWordAtEdge(p.text) &&
      (p.key.includes(" ") || (!/(?:ed|ing|ly)$/.test(p.key) && p.key.length >= 4 && !GENERIC_SINGLE.has(p.key))),
  );
  const multiword = usable.filter((p) => p.key.includes(" "));
  return usable.filter((p) => p.key.includes(" ") || !multiword.some((m) => m.key.split(" ").includes(p.key)));
}
