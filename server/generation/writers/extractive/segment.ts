import type { Chapter } from "../../types";
import type { Analysis } from "./rank";
import type { Sentence } from "./sentences";
import { cosine } from "./tokens";

export type SectionRole = "intro" | "body" | "outro";

/** A stretch of the transcript the article treats as one section. */
export interface Section {
  /** Sentence index range [from, to). */
  from: number;
  to: number;
  /** The chapter title, when the section comes from chapters. */
  chapterTitle: string | null;
  /** Seconds where the section starts in the video, when known. */
  start: number | null;
  role: SectionRole;
}

// English, Spanish, French, German and Portuguese openings and closings.
const INTRO_CHAPTER =
  /^(?:intro(?:duction)?|welcome|opening|hello|start|cold open|hook|overview|introducción|bienvenida|einleitung|einführung|introdução|bienvenue)(?![\p{L}\p{N}])/iu;
const OUTRO_CHAPTER =
  /^(?:outro|wrap(?:ping)?[- ]?up|conclusions?|closing(?: thoughts)?|final thoughts|summary|recap|end(?:ing)?|thanks|q ?& ?a|resumen|conclusión|conclusiones|résumé|en résumé|fazit|zusammenfassung|schluss|resumo|conclusão)(?![\p{L}\p{N}])/iu;
const SKIP_CHAPTER = /\b(?:sponsor(?:ed)?|ad break|advert|advertisement|patreon|merch|shout[- ]?outs?|promo)\b/i;

/** Whether a chapter title is housekeeping the article leaves out (sponsor reads and the like). */
export function isSkippedChapter(title: string): boolean {
  return SKIP_CHAPTER.test(title);
}

export function chapterRole(title: string, position: number, count: number): SectionRole {
  const clean = title.replace(/^[\s\d:.)-]+/, "");
  if (position === 0 && INTRO_CHAPTER.test(clean)) return "intro";
  if (position === count - 1 && OUTRO_CHAPTER.test(clean)) return "outro";
  return "body";
}

/**
 * Sections from the video's chapters: each chapter takes the sentences that start inside it.
 * Sponsor chapters are dropped, an opening "Intro" and a closing "Outro"/"Conclusion" get their
 * roles, and chapters with no sentences disappear.
 */
export function sectionsFromChapters(sentences: readonly Sentence[], chapters: readonly Chapter[]): Section[] {
  const sorted = [...chapters].sort((a, b) => a.startSeconds - b.startSeconds);
  const sections: Section[] = [];
  let cursor = 0;
  sorted.forEach((chapter, k) => {
    const end = k + 1 < sorted.length ? sorted[k + 1].startSeconds : Number.POSITIVE_INFINITY;
    const from = cursor;
    while (cursor < sentences.length && (sentences[cursor].start ?? 0) < end) cursor++;
    if (cursor === from) return;
    if (isSkippedChapter(chapter.title)) return;
    sections.push({
      from,
      to: cursor,
      chapterTitle: chapter.title,
      start: chapter.startSeconds,
      role: chapterRole(chapter.title, k, sorted.length),
    });
  });
  return sections;
}

/**
 * TextTiling-style lexical cohesion: for each gap between sentences i-1 and i, the cosine of the
 * term vectors of the `window` sentences before and after it. Windows slide by adding and
 * removing one sentence, so this is linear in the transcript.
 */
export function cohesionScores(analysis: Analysis, window: number): Float64Array {
  const n = analysis.sentences.length;
  const scores = new Float64Array(n);
  if (n < 2) return scores;
  const left = new Map<string, number>();
  const right = new Map<string, number>();
  const add = (target: Map<string, number>, i: number, sign: number) => {
    for (const [term, count] of analysis.terms[i]) {
      const value = (target.get(term) ?? 0) + sign * count;
      if (value <= 0) target.delete(term);
      else target.set(term, value);
    }
  };
  for (let i = 0; i < Math.min(window, n); i++) add(right, i, 1);
  for (let gap = 1; gap < n; gap++) {
    // Move sentence gap-1 from the right window to the left one.
    add(right, gap - 1, -1);
    if (gap - 1 + window < n) add(right, gap - 1 + window, 1);
    add(left, gap - 1, 1);
    if (gap - 1 - window >= 0) add(left, gap - 1 - window, -1);
    scores[gap] = cosine(left, right);
  }
  scores[0] = scores[1] ?? 0;
  return scores;
}

/**
 * Topic boundaries by TextTiling: smooth the cohesion curve, give each valley a depth (how far
 * the curve climbs on both sides before falling again) and keep the deepest valleys at least
 * `minSize` sentences apart. Returns at most `count - 1` boundary indexes (a section starts at
 * each), in order.
 */
export function topicBoundaries(
  analysis: Analysis,
  count: number,
  minSize: number,
  cues: ReadonlySet<number> = new Set(),
): number[] {
  const n = analysis.sentences.length;
  if (count <= 1 || n < minSize * 2) return [];
  const window = Math.max(3, Math.min(10, Math.round(n / (count * 3))));
  const raw = cohesionScores(analysis, window);
  const smooth = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    let sum = 0;
    let k = 0;
    for (let j = Math.max(1, i - 1); j <= Math.min(n - 1, i + 1); j++) {
      sum += raw[j];
      k++;
    }
    smooth[i] = sum / k;
  }
  const depth: Array<[number, number]> = [];
  for (let i = minSize; i <= n - minSize; i++) {
    let l = smooth[i];
    for (let j = i - 1; j >= 1 && smooth[j] >= l; j--) l = smooth[j];
    let r = smooth[i];
    for (let j = i + 1; j < n && smooth[j] >= r; j++) r = smooth[j];
    depth.push([i, l - smooth[i] + (r - smooth[i]) + (cueNear(cues, i) >= 0 ? CUE_DEPTH : 0)]);
  }
  depth.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const chosen: number[] = [];
  for (const [i, d] of depth) {
    if (chosen.length >= count - 1) break;
    if (d <= 0.01 && chosen.length > 0) break;
    // Smoothing blurs the valley by a sentence: settle on the raw minimum next to it, or on the
    // speaker's own announcement of the next part when one is that close.
    let at = i;
    for (const j of [i - 1, i + 1]) if (j >= minSize && j <= n - minSize && raw[j] < raw[at]) at = j;
    const cue = cueNear(cues, i);
    if (cue >= minSize && cue <= n - minSize) at = cue;
    if (chosen.some((c) => Math.abs(c - at) < minSize)) continue;
    chosen.push(at);
  }
  // With no cohesion signal at all (a very short or very uniform text), fall back to even cuts.
  if (chosen.length === 0) {
    for (let k = 1; k < count; k++) chosen.push(Math.round((n * k) / count));
  }
  return chosen.sort((a, b) => a - b);
}

// What a speaker's announcement of a new part ("Now, the chain.", "Let's talk about brakes")
// adds to a valley's depth: about as much as a clear change of vocabulary, so an announced turn
// wins over a slightly deeper valley a few sentences away, but not over a real change of subject.
const CUE_DEPTH = 0.15;

/** The announcement at or up to two sentences after gap i (nearest first), or -1. */
function cueNear(cues: ReadonlySet<number>, i: number): number {
  for (const j of [i, i + 1, i - 1, i + 2]) if (cues.has(j)) return j;
  return -1;
}

/**
 * Sections from topic shifts, for transcripts without chapters. `cues` are the sentences where
 * the speaker announces a part of their own (spoken-headings.ts): a section starts there when a
 * topic shift is near.
 */
export function sectionsFromTopics(
  analysis: Analysis,
  count: number,
  cues: ReadonlySet<number> = new Set(),
): Section[] {
  const n = analysis.sentences.length;
  if (n === 0) return [];
  const minSize = Math.max(3, Math.floor(n / (count * 2.5)));
  const cuts = [0, ...topicBoundaries(analysis, count, minSize, cues), n];
  const sections: Section[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const from = cuts[k];
    const to = cuts[k + 1];
    if (to <= from) continue;
    sections.push({ from, to, chapterTitle: null, start: analysis.sentences[from].start, role: "body" });
  }
  return sections;
}

/**
 * Sections of an interview: one from each of `starts` (where an interviewer's turn puts a
 * question), the first from the start; then, until at most `count` remain, the shortest exchange
 * joins the one before it, so a part still opens on the question that heads it. The questions are
 * where the conversation turns, more surely than a change of vocabulary between answers that all
 * talk about one game or one book.
 */
export function sectionsAtQuestions(analysis: Analysis, starts: readonly number[], count: number): Section[] {
  const n = analysis.sentences.length;
  const cuts = [...new Set([0, ...starts.filter((i) => i > 0 && i < n), n])].sort((a, b) => a - b);
  const spans: Array<[number, number]> = [];
  for (let k = 0; k + 1 < cuts.length; k++) spans.push([cuts[k], cuts[k + 1]]);
  while (spans.length > Math.max(1, count)) {
    let shortest = 1;
    for (let k = 2; k < spans.length; k++)
      if (spans[k][1] - spans[k][0] < spans[shortest][1] - spans[shortest][0]) shortest = k;
    spans[shortest - 1][1] = spans[shortest][1];
    spans.splice(shortest, 1);
  }
  return spans.map(([from, to]) => ({
    from,
    to,
    chapterTitle: null,
    start: analysis.sentences[from].start,
    role: "body" as const,
  }));
}

/**
 * Merges neighbouring sections until at most `max` body sections remain, always merging the
 * smallest body section into its smaller neighbour, so a 12-chapter video still makes a short
 * article with a few well-filled sections. Merged chapter titles are joined.
 */
export function capSections(
  sections: Section[],
  max: number,
  canMerge: (a: Section, b: Section) => boolean = () => true,
): Section[] {
  const out = sections.map((s) => ({ ...s }));
  const bodyCount = () => out.filter((s) => s.role === "body").length;
  while (bodyCount() > max) {
    let smallest = -1;
    for (let i = 0; i < out.length; i++) {
      if (out[i].role !== "body") continue;
      if (smallest < 0 || out[i].to - out[i].from < out[smallest].to - out[smallest].from) smallest = i;
    }
    const prev =
      smallest - 1 >= 0 && out[smallest - 1].role === "body" && canMerge(out[smallest - 1], out[smallest])
        ? smallest - 1
        : -1;
    const next =
      smallest + 1 < out.length && out[smallest + 1].role === "body" && canMerge(out[smallest], out[smallest + 1])
        ? smallest + 1
        : -1;
    if (prev < 0 && next < 0) {
      // The smallest cannot merge with a neighbour: drop it rather than loop.
      out.splice(smallest, 1);
      continue;
    }
    const other =
      prev < 0 ? next : next < 0 ? prev : out[prev].to - out[prev].from <= out[next].to - out[next].from ? prev : next;
    const [a, b] = other < smallest ? [other, smallest] : [smallest, other];
    out.splice(a, 2, {
      from: out[a].from,
      to: out[b].to,
      chapterTitle:
        out[a].chapterTitle && out[b].chapterTitle
          ? `${out[a].chapterTitle}\u0000${out[b].chapterTitle}`
          : (out[a].chapterTitle ?? out[b].chapterTitle),
      start: out[a].start,
      role: "body",
    });
  }
  return out;
}
