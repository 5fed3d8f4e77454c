import type { ArticleLength } from "../../contract/articles";
import { LENGTH_WORDS } from "../../contract/options";

/**
 * Words in a markdown body as a reader sees them: markup, link targets and image addresses do
 * not count; link text, headings and list items do. This is how length targets are measured.
 *
 * One pass, linear in the length (issue 15): fenced code, link and image targets and HTML tags
 * are skipped by looking up the next closer, and each lookup is remembered until the scan passes
 * it, so a run of unclosed `[`, `<` or backticks is never scanned again and again.
 */
export function countWords(markdown: string): number {
  const s = markdown;
  const n = s.length;
  // The next position of each closer at or after the last search ("none" once there is none).
  const next: Record<string, number> = {};
  const find = (needle: string, from: number): number => {
    const known = next[needle];
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const found = s.indexOf(needle, from);
    next[needle] = found;
    return found;
  };
  const out: string[] = [];
  let chunkStart = 0;
  const flush = (to: number) => {
    if (to > chunkStart) out.push(s.slice(chunkStart, to));
  };
  // A link or image label is read as text; from its "]" to the ")" of its target is skipped.
  let skipFrom = -1;
  let skipTo = -1;
  let lineStart = true;
  let i = 0;
  while (i < n) {
    const c = s[i];
    if (lineStart) {
      lineStart = false;
      // An ordered-list number ("12." or "3)") is markup, not a word.
      let j = i;
      while (j < i + 3 && (s[j] === " " || s[j] === "\t")) j++;
      let k = j;
      while (k < n && s[k] >= "0" && s[k] <= "9") k++;
      if (k > j && (s[k] === "." || s[k] === ")") && /\s/.test(s[k + 1] ?? "")) {
        flush(i);
        out.push(" ");
        i = k + 1;
        chunkStart = i;
        continue;
      }
    }
    if (c === "\n") {
      lineStart = true;
      i++;
      continue;
    }
    if (i === skipFrom) {
      flush(i);
      out.push(" ");
      i = skipTo + 1;
      chunkStart = i;
      continue;
    }
    if (c === "`" && s.startsWith("```", i)) {
      const end = find("```", i + 3);
      if (end >= 0) {
        flush(i);
        out.push(" ");
        i = end + 3;
        chunkStart = i;
        continue;
      }
    }
    if (c === "[" && i > skipFrom) {
      const close = find("]", i + 1);
      if (close >= 0 && s[close + 1] === "(") {
        const target = find(")", close + 2);
        if (target >= 0) {
          skipFrom = close;
          skipTo = target;
        }
      }
    }
    if (c === "<") {
      const end = find(">", i + 1);
      if (end > i + 1) {
        flush(i);
        out.push(" ");
        i = end + 1;
        chunkStart = i;
        continue;
      }
    }
    if (c === "*" || c === "_" || c === "`" || c === "~" || c === "|" || c === "[" || c === "]") {
      flush(i);
      out.push(" ");
      chunkStart = i + 1;
    }
    i++;
  }
  flush(n);
  const words = out.join("").match(/[\p{L}\p{N}][\p{L}\p{N}'’.,:%/-]*/gu);
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
