import type { Sources } from "./sources";
import { wordIndex } from "./sources";
import { isTelling, tokenize } from "./tokens";

/**
 * Where in the video a passage of the article comes from: the stretch of the transcript that
 * holds most of its telling words (rare words count more than common ones).
 */

export interface Placement {
  /** Seconds: the first matched word of the best stretch. */
  start: number;
  /** Share of the passage's telling weight found in that stretch (0 to 1). */
  coverage: number;
  /** Distinct telling words found there. */
  matched: number;
}

export interface Placer {
  /** The best stretch, when it holds enough of the passage (MIN_COVERAGE and two words). */
  best: Placement | null;
  /** The best stretch however little it holds (null when no word of the passage is said). */
  top: Placement | null;
  /** Share of the passage's telling weight found between `from` and `to` seconds. */
  coverageBetween(from: number, to: number): number;
}

const BUCKET_SECONDS = 5;
const WINDOW_BUCKETS = 12;
/** A word said this often in the video says nothing about where a passage is. */
const MAX_OCCURRENCES = 400;
/** A placement needs this share of the passage's weight and at least two words. */
export const MIN_COVERAGE = 0.3;
/** A section that cannot be placed at MIN_COVERAGE is still linked to a stretch holding this share of it. */
export const SECTION_FALLBACK_COVERAGE = 0.2;

/** A passage with fewer telling words than this cannot be placed reliably: a moment inside the video stands. */
export const MIN_PLACEABLE_WORDS = 4;

export function tellingWords(text: string): number {
  return new Set(
    tokenize(text)
      .map((t) => t.norm)
      .filter(isTelling),
  ).size;
}

export function placer(sources: Sources, text: string): Placer | null {
  const doc = sources.spoken;
  if (!doc?.times) return null;
  const times = doc.times;
  const index = wordIndex(doc);
  // The channel's name is how the article credits the video, not where a passage is.
  const channel = new Set(tokenize(sources.video.channel.name).map((t) => t.norm));
  const words = new Set(
    tokenize(text)
      .map((t) => t.norm)
      .filter((w) => isTelling(w) && !channel.has(w)),
  );
  if (words.size === 0) return null;
  const weight = (w: string) => 1 / Math.log2(2 + (sources.frequency.get(w) ?? 0));
  let total = 0;
  for (const w of words) total += weight(w);

  // bucket -> word -> earliest moment in that bucket
  const buckets = new Map<number, Map<string, number>>();
  for (const w of words) {
    const positions = index.get(w);
    if (!positions || positions.length > MAX_OCCURRENCES) continue;
    for (const p of positions) {
      const b = Math.floor(times[p] / BUCKET_SECONDS);
      const bucket = buckets.get(b) ?? new Map<string, number>();
      buckets.set(b, bucket);
      const seen = bucket.get(w);
      if (seen === undefined || times[p] < seen) bucket.set(w, times[p]);
    }
  }

  const scoreBuckets = (first: number, last: number) => {
    const found = new Set<string>();
    for (let b = first; b <= last; b++) for (const w of buckets.get(b)?.keys() ?? []) found.add(w);
    let score = 0;
    for (const w of found) score += weight(w);
    return { coverage: score / total, matched: found.size };
  };

  let best: Placement | null = null;
  let bestBucket = 0;
  for (const b of [...buckets.keys()].sort((x, y) => x - y)) {
    const { coverage, matched } = scoreBuckets(b, b + WINDOW_BUCKETS - 1);
    if (!best || coverage > best.coverage + 1e-9) {
      best = { start: 0, coverage, matched };
      bestBucket = b;
    }
  }
  if (best) {
    // Start where the passage's material starts: leading stretches that add little (a common
    // word said a little earlier) are left out.
    const last = bestBucket + WINDOW_BUCKETS - 1;
    let first = bestBucket;
    for (let b = bestBucket + 1; b <= last; b++) {
      if (!buckets.has(b)) continue;
      if (scoreBuckets(b, last).coverage < best.coverage * 0.8) break;
      first = b;
    }
    best.start = Math.min(...buckets.get(first)!.values());
  }
  const top = best;
  if (best && (best.coverage < MIN_COVERAGE || best.matched < Math.min(2, words.size))) best = null;
  return {
    best,
    top,
    coverageBetween: (from, to) =>
      scoreBuckets(Math.floor(Math.max(0, from) / BUCKET_SECONDS), Math.floor(to / BUCKET_SECONDS)).coverage,
  };
}
