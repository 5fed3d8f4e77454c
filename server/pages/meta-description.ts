import { firstParagraphText } from "../content/render";

/** Spec section 9: the meta description is capped at 160 characters (then an ellipsis). */
export const META_DESCRIPTION_MAX = 160;

/**
 * The meta description of an article (spec section 2): the first paragraph of its body with the
 * tags stripped, cut to 160 characters plus an ellipsis. The cut falls on a word boundary when
 * one is near, so a share preview never ends in half a word. Falls back to the excerpt when the
 * body has no paragraph (a body of only headings or lists).
 *
 * The answer is plain text: entities are decoded here and escaped once, where it is written.
 */
export function metaDescription(bodyHtml: string, fallback = ""): string {
  const text = (firstParagraphText(bodyHtml) ?? fallback).replace(/\s+/g, " ").trim();
  return cutWithEllipsis(text, META_DESCRIPTION_MAX);
}

/** At most `max` characters of text, then "…" when anything was cut. */
export function cutWithEllipsis(text: string, max: number): string {
  // Count code points, not UTF-16 units, so an emoji is never split in half.
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max).join("");
  // Back up to the last space unless that would throw away more than a fifth of the text.
  const space = head.lastIndexOf(" ");
  const nextIsSpace = chars[max] === " ";
  const cut = nextIsSpace || space < max * 0.8 ? head : head.slice(0, space);
  return `${cut.replace(/[\s,;:.!?—–-]+$/u, "")}…`;
}
