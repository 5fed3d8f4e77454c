import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { VideoData } from "../../server/generation/types";
import { BUNDLED_FIXTURES_DIR } from "../../server/generation/video/fixtures";
import { segmentUnpunctuated } from "../../server/generation/writers/extractive/captions";
import { HELD_OUT_VIDEOS } from "../../server/generation/writers/extractive/held-out-videos";
import { MORE_HELD_OUT_VIDEOS } from "../../server/generation/writers/extractive/held-out-videos-2";
import { THIRD_HELD_OUT_VIDEOS } from "../../server/generation/writers/extractive/held-out-videos-3";
import * as samples from "../../server/generation/writers/extractive/sample-videos";

/*
 * How well sentence boundaries come back in auto captions (issue 14 item 3), measured instead of
 * assumed: every punctuated transcript we hold (bundled fixtures, the writer's samples, the
 * held-out videos) is turned into auto captions (lower case, no punctuation, lines cut every
 * 6-9 words regardless of sentences, a pause after two sentences in three) and segmented; its
 * own punctuation says where sentences really end. Run: npx tsx scripts/eval/caption-boundaries.ts
 * [--words-only] [--show N] [--dir DIR] (--words-only: no pause after any line, so only words decide;
 * --dir: measure only the fixture files of DIR, videos the word lists were not written from).
 *
 * Reports boundary precision and recall per language, and run-ons: units holding a real
 * sentence end with at least four words on each side of it (two sentences glued together).
 */

interface Source {
  name: string;
  language: string;
  /** The transcript's words, lower case without punctuation, and whether a sentence ends after each. */
  words: string[];
  ends: boolean[];
  /** A clause ends after the word (a comma, colon, semicolon or dash): a cut there is not wrong. */
  pauses: boolean[];
}

const ABBREVIATION = /^(?:mr|mrs|ms|dr|st|vs|etc|e\.g|i\.e|sr|jr|no|p\.m|a\.m)\.$/i;

function sourceOf(name: string, video: VideoData): Source | null {
  const t = video.transcript;
  if (t?.kind !== "manual" || !t.language) return null;
  const words: string[] = [];
  const ends: boolean[] = [];
  const pauses: boolean[] = [];
  for (const segment of t.segments) {
    for (const token of segment.text.replace(/^>>\s*/, "").split(/\s+/)) {
      const bare = token
        .toLowerCase()
        .replace(/[^\p{L}\p{N}'’-]/gu, "")
        .replace(/’/g, "'")
        .replace(/^[-']+|[-']+$/g, "");
      if (!bare) continue;
      words.push(bare);
      ends.push(/[.!?…]["”»)]?$/.test(token) && !ABBREVIATION.test(token));
      pauses.push(/[,;:—–]["”»)]?$/.test(token));
    }
  }
  if (words.length < 30) return null;
  ends[ends.length - 1] = true;
  return { name, language: t.language.slice(0, 2), words, ends, pauses };
}

function fixtureSources(dir: string): Source[] {
  const sources: Source[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const video = JSON.parse(readFileSync(join(dir, file), "utf8")) as VideoData;
    const source = sourceOf(file, video);
    if (source) sources.push(source);
  }
  return sources;
}

function corpus(): Source[] {
  const sources = fixtureSources(BUNDLED_FIXTURES_DIR);
  for (const [name, value] of Object.entries(samples)) {
    if (value && typeof value === "object" && "transcript" in value) {
      const source = sourceOf(name, value as VideoData);
      if (source) sources.push(source);
    }
  }
  for (const video of [...HELD_OUT_VIDEOS, ...MORE_HELD_OUT_VIDEOS, ...THIRD_HELD_OUT_VIDEOS]) {
    const source = sourceOf(video.id, video);
    if (source) sources.push(source);
  }
  return sources;
}

/** The pause after each word: at the end of a caption line of 6-9 words, else none given. */
function autoGaps(source: Source, wordsOnly: boolean): Array<number | undefined> {
  const gaps: Array<number | undefined> = new Array(source.words.length).fill(undefined);
  let sentence = 0;
  let lineStart = 0;
  for (let i = 0; i < source.words.length; i++) {
    if (source.ends[i]) sentence += 1;
    const size = 6 + ((lineStart + sentence) % 4);
    if (i - lineStart + 1 >= size || source.ends[i]) {
      // A line ends here: where a sentence ends, two times in three the speaker pauses.
      gaps[i] = wordsOnly ? 0.05 : source.ends[i] && sentence % 3 !== 1 ? 0.7 : 0.05;
      lineStart = i + 1;
    }
  }
  return gaps;
}

interface Score {
  truth: number;
  found: number;
  /** Cuts at a comma, colon, semicolon or dash: counted neither right nor wrong. */
  soft: number;
  right: number;
  units: number;
  runOns: number;
}

function measure(source: Source, wordsOnly: boolean, show: number): Score {
  const units = segmentUnpunctuated(source.words, autoGaps(source, wordsOnly), true, { language: source.language });
  const found = new Set(units.map(([, to]) => to - 1));
  let wrong = 0;
  const score: Score = { truth: 0, found: 0, soft: 0, right: 0, units: units.length, runOns: 0 };
  for (let i = 0; i < source.words.length - 1; i++) {
    if (source.ends[i]) score.truth += 1;
    if (found.has(i)) score.found += 1;
    if (found.has(i) && !source.ends[i] && source.pauses[i]) score.soft += 1;
    if (found.has(i) && !source.ends[i] && !source.pauses[i] && wrong++ < show)
      console.log(
        `  wrong cut ${source.name}: ${source.words.slice(Math.max(0, i - 8), i + 1).join(" ")} | ${source.words.slice(i + 1, i + 7).join(" ")}`,
      );
    if (source.ends[i] && found.has(i)) score.right += 1;
  }
  let shown = 0;
  for (const [from, to] of units) {
    for (let i = from + 3; i < to - 4; i++) {
      if (!source.ends[i]) continue;
      score.runOns += 1;
      if (shown++ < show)
        console.log(
          `  run-on ${source.name}: ${source.words.slice(from, i + 1).join(" ")} ‖ ${source.words.slice(i + 1, to).join(" ")}`,
        );
      break;
    }
  }
  return score;
}

function main(): void {
  const args = process.argv.slice(2);
  const wordsOnly = args.includes("--words-only");
  const showAt = args.indexOf("--show");
  const show = showAt >= 0 ? Number(args[showAt + 1]) : 0;
  const dirAt = args.indexOf("--dir");
  const byLanguage = new Map<string, Score>();
  for (const source of dirAt >= 0 ? fixtureSources(args[dirAt + 1]) : corpus()) {
    const s = measure(source, wordsOnly, show);
    const total = byLanguage.get(source.language) ?? { truth: 0, found: 0, soft: 0, right: 0, units: 0, runOns: 0 };
    for (const key of Object.keys(total) as Array<keyof Score>) total[key] += s[key];
    byLanguage.set(source.language, total);
  }
  console.log(wordsOnly ? "words only (no pauses)" : "auto captions (a pause after two sentences in three)");
  for (const [language, s] of [...byLanguage].sort()) {
    const precision = s.right / Math.max(1, s.found - s.soft);
    const recall = s.right / Math.max(1, s.truth);
    console.log(
      `${language}: ${s.truth} sentence ends; precision ${(precision * 100).toFixed(1)}% (${s.soft} cuts at commas aside), recall ${(recall * 100).toFixed(1)}%, ` +
        `run-ons ${s.runOns} of ${s.units} units (${((s.runOns / Math.max(1, s.units)) * 100).toFixed(1)}%)`,
    );
  }
}

main();
