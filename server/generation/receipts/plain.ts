/**
 * Plain text of the article's markdown, as the receipts compare it with the sources: quotations
 * without links and emphasis, split at omission marks, and clipped for the problems list.
 */
import { findLinks } from "./markdown";
import { contentTokens } from "./tokens";

/** A quotation's fragments between omission marks, as normalised words. */
export function splitOmissions(text: string): string[][] {
  return text
    .split(/…|\.{3}|\[(?:…|\.{3})\]|\((?:…|\.{3})\)/)
    .map((part) => contentTokens(part).map((t) => t.norm))
    .filter((words) => words.length > 0);
}

/** Link labels instead of links, no emphasis marks. */
export function stripMarkdown(text: string): string {
  let out = "";
  let last = 0;
  for (const link of findLinks(text)) {
    out += text.slice(last, text[link.from - 1] === "!" ? link.from - 1 : link.from) + link.label;
    last = link.to;
  }
  out += text.slice(last);
  return out
    .replace(/[*_`]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The source's exact words, with the quotation's own closing punctuation kept ("…price," said). */
export function keepEdgePunctuation(original: string, exact: string): string {
  const tail = /[,.!?;:]+$/.exec(original.trim())?.[0] ?? "";
  const body = exact.replace(/[,.!?;:]+$/, "");
  return tail ? `${body}${tail}` : exact;
}

export function clipText(text: string): string {
  const plain = stripMarkdown(text);
  return plain.length > 120 ? `${plain.slice(0, 117)}…` : plain;
}
