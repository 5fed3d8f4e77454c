/**
 * The verdict on one quotation: the speaker's exact words (verified), close enough to correct to
 * them (requote), other words for what was said (unquote: a paraphrase loses its marks), or not
 * in the sources at all (drop).
 */
import { findExact, findNearest } from "./match";
import { placer } from "./place";
import { splitOmissions, stripMarkdown } from "./plain";
import { type SourceDoc, type Sources, sourceText } from "./sources";
import { contentTokens } from "./tokens";

/** Quotations this long or shorter that are not in the sources are terms in quotation marks. */
export const TERM_WORDS = 3;
export const REQUOTE_SIMILARITY = 0.65;
export const PARAPHRASE_SIMILARITY = 0.5;
/** Share of a quotation's telling words said within one minute of the video: it is about that moment. */
export const PARAPHRASE_COVERAGE = 0.6;

export type Verdict =
  | null
  | { kind: "verified"; found: { doc: SourceDoc; from: number; to: number } }
  | { kind: "requote"; found: { doc: SourceDoc; from: number; to: number }; exact: string }
  | { kind: "unquote" }
  | { kind: "drop" };

/** The verdict on a quotation, from the sources alone (CheckRun remembers it per quotation). */
export function judgeAnew(sources: Sources, quoted: string): Verdict {
  const plain = stripMarkdown(quoted);
  const words = contentTokens(plain).map((t) => t.norm);
  if (words.length === 0) return null;
  const exact = findExact(sources, splitOmissions(plain));
  if (exact) return { kind: "verified", found: exact };
  // A word or two in quotation marks is a term ("scour"), unless it is punctuated as speech ("Magic," she said).
  if (words.length <= TERM_WORDS) return /[,.!?…]\s*$/.test(plain) ? { kind: "drop" } : { kind: "unquote" };
  const near = findNearest(sources, words);
  if (near && near.similarity >= REQUOTE_SIMILARITY) {
    return { kind: "requote", found: near, exact: sourceText(near.doc, near.from, near.to) };
  }
  if (near && near.similarity >= PARAPHRASE_SIMILARITY) return { kind: "unquote" };
  // Other words for what is said in one place of the video: a paraphrase, so no quotation marks.
  const place = placer(sources, plain);
  if (place?.best && place.best.coverage >= PARAPHRASE_COVERAGE) return { kind: "unquote" };
  return { kind: "drop" };
}
