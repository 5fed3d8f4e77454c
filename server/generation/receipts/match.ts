import { type SourceDoc, type Sources, wordIndex } from "./sources";

/**
 * Finding a quotation in the sources: exactly (each fragment between omission marks a run of
 * the speaker's words, in order, inside one speaker turn), or failing that, the nearest passage
 * (to correct a quotation that is close to what was said).
 */

export interface Found {
  doc: SourceDoc;
  /** First and last matched word. */
  from: number;
  to: number;
}

/** Matches tried per fragment before giving up: bounds the work on repetitive text. */
const MAX_CANDIDATES = 4_000;
/** How far apart (in words) two fragments of one quotation may be in the source. */
const MAX_OMISSION_WORDS = 400;

/** The quotation's fragments (split at "…"), each a list of normalised words; all found, or null. */
export function findExact(sources: Sources, fragments: string[][]): Found | null {
  const parts = fragments.filter((f) => f.length > 0);
  if (parts.length === 0) return null;
  for (const doc of sources.docs) {
    const found = findInDoc(doc, parts);
    if (found) return found;
  }
  return null;
}

function findInDoc(doc: SourceDoc, parts: string[][]): Found | null {
  const first = parts[0];
  for (const start of runStarts(doc, first, 0, doc.words.length)) {
    const turn = doc.turns?.[start];
    let end = start + first.length - 1;
    let ok = true;
    for (let k = 1; k < parts.length && ok; k++) {
      const next = runStarts(doc, parts[k], end + 1, Math.min(doc.words.length, end + 1 + MAX_OMISSION_WORDS)).next();
      if (next.done) ok = false;
      else {
        end = next.value + parts[k].length - 1;
        if (doc.turns && doc.turns[end] !== turn) ok = false;
      }
    }
    if (ok) return { doc, from: start, to: end };
  }
  return null;
}

/** Every position in [from, to) where `run` occurs in one speaker turn, in order. */
function* runStarts(doc: SourceDoc, run: string[], from: number, to: number): Generator<number> {
  const index = wordIndex(doc);
  // Anchor on the rarest word of the run: fewest places to try.
  let anchor = 0;
  let positions: number[] | undefined;
  for (let k = 0; k < run.length; k++) {
    const list = index.get(run[k]);
    if (!list) return;
    if (!positions || list.length < positions.length) {
      positions = list;
      anchor = k;
    }
  }
  if (!positions) return;
  let tried = 0;
  for (let i = lowerBound(positions, from + anchor); i < positions.length; i++) {
    const start = positions[i] - anchor;
    if (start + run.length > to) return;
    if (++tried > MAX_CANDIDATES) return;
    if (matchesAt(doc, run, start)) yield start;
  }
}

function matchesAt(doc: SourceDoc, run: string[], start: number): boolean {
  const turn = doc.turns?.[start];
  for (let k = 0; k < run.length; k++) {
    if (doc.words[start + k] !== run[k]) return false;
    if (doc.turns && doc.turns[start + k] !== turn) return false;
  }
  return true;
}

function lowerBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface Near {
  doc: SourceDoc;
  from: number;
  to: number;
  /** Words in common, in order, over the longer of the quotation and the passage (0 to 1). */
  similarity: number;
}

/** Longest quotation compared word by word when looking for its nearest passage. */
const MAX_NEAR_WORDS = 160;
const WINDOW_SLACK = 8;

/**
 * The passage of one speaker turn nearest to a quotation that is not verbatim: candidate places
 * are voted for by the quotation's words, and the best few are aligned word by word.
 */
export function findNearest(sources: Sources, words: string[]): Near | null {
  if (words.length < 3 || words.length > MAX_NEAR_WORDS) return null;
  let best: Near | null = null;
  for (const doc of sources.docs) {
    if (doc.kind === "title" || doc.kind === "chapter") continue;
    const index = wordIndex(doc);
    const votes = new Map<number, number>();
    words.forEach((w, k) => {
      const list = index.get(w);
      // Words found everywhere say nothing about where the quotation is.
      if (!list || list.length > 300) return;
      for (const p of list) {
        const bucket = Math.floor((p - k) / 8);
        votes.set(bucket, (votes.get(bucket) ?? 0) + 1);
      }
    });
    const top = [...votes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
    for (const [bucket, count] of top) {
      if (count < Math.min(3, words.length)) continue;
      const from = Math.max(0, bucket * 8 - WINDOW_SLACK);
      const to = Math.min(doc.words.length, bucket * 8 + 8 + words.length + WINDOW_SLACK);
      const aligned = align(words, doc.words, from, to);
      if (!aligned) continue;
      let { first, last } = aligned;
      // One speaker's words only: keep the turn that holds most of the alignment's start.
      if (doc.turns) {
        const turn = doc.turns[first];
        while (last > first && doc.turns[last] !== turn) last--;
      }
      const length = last - first + 1;
      const common = aligned.common(first, last);
      const similarity = common / Math.max(words.length, length);
      if (!best || similarity > best.similarity) best = { doc, from: first, to: last, similarity };
    }
  }
  return best;
}

/** Longest common subsequence of `a` and `b[from..to)`: the matched span in b and a count for any sub-span. */
function align(
  a: string[],
  b: string[],
  from: number,
  to: number,
): { first: number; last: number; common: (first: number, last: number) => number } | null {
  const n = a.length;
  const m = to - from;
  if (m <= 0) return null;
  const table: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      table[i][j] = a[i - 1] === b[from + j - 1] ? table[i - 1][j - 1] + 1 : Math.max(table[i - 1][j], table[i][j - 1]);
    }
  }
  // Walk back to list which source words were matched.
  const matched: number[] = [];
  for (let i = n, j = m; i > 0 && j > 0; ) {
    if (a[i - 1] === b[from + j - 1]) {
      matched.push(from + j - 1);
      i--;
      j--;
    } else if (table[i - 1][j] >= table[i][j - 1]) i--;
    else j--;
  }
  if (matched.length === 0) return null;
  matched.reverse();
  return {
    first: matched[0],
    last: matched[matched.length - 1],
    common: (first, last) => matched.filter((p) => p >= first && p <= last).length,
  };
}
