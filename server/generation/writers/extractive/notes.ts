import { type ArticleLanguage, LANGUAGE_NAMES } from "../../../../contract/options";
import { wordRange } from "../../../content/text";
import type { WriteRequest } from "../../types";
import { cleanText } from "./markdown";
import { listPhrase } from "./phrases";
import type { Plan } from "./plan";

/*
 * The notes the create answer carries for the toast (decisions.md: the article itself says
 * nothing about them). They are in English, the interface's language, whatever the article's.
 */

const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** A language code's English name ("ja" -> "Japanese"), or null when it has none. */
function languageNameOf(code: string | null | undefined): string | null {
  const base = (code ?? "").trim();
  if (!base || base === "und") return null;
  if (base in LANGUAGE_NAMES) return LANGUAGE_NAMES[base as ArticleLanguage];
  try {
    const name = new Intl.DisplayNames(["en"], { type: "language" }).of(base);
    return name && name.toLowerCase() !== base.toLowerCase() ? name : null;
  } catch {
    return null;
  }
}

/**
 * When the reader asked for a language other than the video's: the offline writer does not
 * translate, so the note says which language the article is in and what would give the one asked.
 */
export function languageNote(plan: Plan, asked: ArticleLanguage | null | undefined): string | null {
  if (!asked) return null;
  const source = plan.meta.lang ?? plan.request.transcript?.language ?? null;
  if (source === asked) return null;
  const name = languageNameOf(source);
  const written = name ? `Written in ${name}, the video's language` : "Written in the video's own language";
  return `${written}: the offline writer does not translate. Add an AI writer to get articles in ${LANGUAGE_NAMES[asked]}.`;
}

/** What the video held for the writer, in words a reader can check ("a transcript of 80 words"). */
function sourceParts(plan: Plan): { parts: string[]; total: number; spoken: number } {
  const { video, transcript, includeComments } = plan.request;
  const parts: string[] = [];
  let total = 0;
  const spoken = transcript ? words(transcript.segments.map((s) => s.text).join(" ")) : 0;
  if (spoken > 0) parts.push(`a transcript of ${count(spoken, "word")}`);
  total += spoken;
  // Links are not words a reader could be told about.
  const described = words(cleanText(video.description).replace(/\bhttps?:\/\/\S+/g, " "));
  if (described > 0) parts.push(`a description of ${count(described, "word")}`);
  total += described;
  if (plan.chapters.length > 0) parts.push(count(plan.chapters.length, "chapter title"));
  const comments = includeComments ? (video.comments ?? []) : [];
  const said = words(comments.map((c) => c.text).join(" "));
  if (said > 0) {
    parts.push(`${count(comments.length, "comment")} of ${count(said, "word")}${comments.length > 1 ? " in all" : ""}`);
  }
  total += said;
  return { parts, total, spoken };
}

/**
 * When the article is shorter than its range: what the video held, and whether that was too
 * little or the writer used less of it (it never pads or repeats). A source with enough words is
 * never blamed for the writer's choices.
 */
export function lengthNote(plan: Plan, articleWords: number): string | null {
  const { length } = plan.request;
  const { min, max } = wordRange(length);
  if (articleWords >= min) return null;
  const range = `the ${length} range (${min.toLocaleString("en-US")}–${max.toLocaleString("en-US")} words)`;
  const { parts, total, spoken } = sourceParts(plan);
  const held = parts.length > 0 ? listPhrase(parts) : "only a title";
  const missing = spoken === 0 ? "No transcript was available: the video has " : "The video has ";
  if (total < min) {
    return `${missing}${held}, so this article is ${count(articleWords, "word")}, shorter than ${range}.`;
  }
  return `${missing}${held}; this article is ${count(articleWords, "word")}, shorter than ${range}, because the offline writer keeps only what it can use without padding or repeating. An AI writer can write a longer one.`;
}

/** Every note for the toast, or undefined when there is none. */
export function articleNote(plan: Plan, request: WriteRequest, articleWords: number): string | undefined {
  const notes = [languageNote(plan, request.language), lengthNote(plan, articleWords)].filter(Boolean);
  return notes.length > 0 ? notes.join(" ") : undefined;
}
