/**
 * Edits to a block's text by offset, and the tidying after them: the receipts find every mend in
 * one pass over a block and apply them together, so offsets into the original text hold.
 */
import type { Link } from "./markdown";

export interface Edit {
  from: number;
  to: number;
  text: string;
  /** A dropped sentence: edits inside it are void. */
  drop?: boolean;
}

/** Index of the last span starting at or before `at` (spans in order). */
export function lastAtOrBefore(spans: ReadonlyArray<[number, number]>, at: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid][0] <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Index of the first link starting after `at` (links in order). */
export function firstAfter(links: readonly Link[], at: number): number {
  let lo = 0;
  let hi = links.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (links[mid].from <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function applyEdits(text: string, edits: Edit[]): string {
  // Later edits first so offsets hold; a drop wins over the edits inside it.
  const ordered = [...edits].sort((x, y) => y.from - x.from || Number(Boolean(y.drop)) - Number(Boolean(x.drop)));
  const drops = edits.filter((e) => e.drop).map((d) => [d.from, d.to] as [number, number]);
  drops.sort((x, y) => x[0] - y[0]);
  // Merged drop ranges, so "inside a drop" is one binary search.
  const merged: Array<[number, number]> = [];
  for (const d of drops) {
    const last = merged.at(-1);
    if (last && d[0] <= last[1]) last[1] = Math.max(last[1], d[1]);
    else merged.push([d[0], d[1]]);
  }
  const insideDrop = (e: Edit) => {
    const k = lastAtOrBefore(merged, e.from);
    // An insertion at the very end of a dropped sentence belongs to it too.
    return k >= 0 && (e.from < merged[k][1] || (e.from === e.to && e.from === merged[k][1]));
  };
  // Pieces from the end backwards, joined once: linear however many edits there are.
  const pieces: string[] = [];
  let floor = text.length;
  for (const edit of ordered) {
    if (!edit.drop && insideDrop(edit)) continue;
    if (edit.to > floor) continue; // overlaps an edit already made
    pieces.push(text.slice(edit.to, floor), edit.text);
    floor = edit.from;
  }
  pieces.push(text.slice(0, floor));
  return pieces.reverse().join("");
}

export function tidyText(text: string): string {
  return text
    .split("\n")
    .map((line) =>
      line
        .replace(/[ \t]{2,}/g, " ")
        .replace(/\s+([,.;:!?])/g, "$1")
        .trimEnd(),
    )
    .filter((line, i, all) => !(line.trim() === ">" && (i === 0 || i === all.length - 1)))
    .join("\n")
    .trim();
}
