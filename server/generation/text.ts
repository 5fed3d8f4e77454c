import type { ArticleLength } from "../../contract/articles";
import { LENGTH_WORDS } from "../../contract/options";

/**
 * Words in a markdown body as a reader sees them: markup, link targets and image addresses do
 * not count; link text, headings and list items do. This is how length targets are measured.
 */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, " $1 ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, " $1 ")
    .replace(/<[^>]+>/g, " ")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, " ")
    .replace(/[*_`~|]/g, " ");
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,:%/-]*/gu);
  return words ? words.length : 0;
}

/** The word range a length option asks for (spec section 9). */
export function wordRange(length: ArticleLength): { min: number; max: number } {
  return LENGTH_WORDS[length];
}

/** A YouTube link that starts playback at a moment (for timestamped sections and quotes). */
export function timestampUrl(videoId: string, seconds: number): string {
  return `https://www.youtube.com/watch?v=${videoId}&t=${Math.max(0, Math.floor(seconds))}s`;
}

/** 75 -> "1:15", 3725 -> "1:02:05". */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return `${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

/**
 * Tags as stored: trimmed, blanks and case-insensitive duplicates dropped (first spelling kept),
 * at most `max` of at most 40 characters each (decisions.md).
 */
export function normalizeTags(tags: readonly string[], max = 10): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.replace(/\s+/g, " ").trim().slice(0, 40).trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
    if (out.length >= max) break;
  }
  return out;
}
