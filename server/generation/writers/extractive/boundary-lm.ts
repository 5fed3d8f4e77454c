import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { projectRoot } from "../../../lib/paths";

/**
 * A statistical sentence-boundary model for English auto captions, beside the word-list
 * heuristics of captions.ts: a hidden-event language model. At the gap in "a2 a1 | b1 b2" it
 * compares the speech stopping and starting again,
 *
 *   log P(</s> | a2 a1) + log P(b1 | <s>) + log P(b2 | <s> b1) − log P(b2 | b1)
 *
 * with the speech going on across the gap, log P(b1 | a1). The figures come from CMU Sphinx's
 * trigram model of conversational US English, cut down by scripts/models/build-boundary-lm.py
 * to its 10,000 most frequent words and the pairs whose trigram or bigram says more than the
 * single words (models/boundary-lm.bin, 0.6 MB; licence in models/NOTICE). A lookup is a binary
 * search in a sorted table, so scoring is linear in the words.
 */

const FILE = join(projectRoot, "server/generation/writers/extractive/models/boundary-lm.bin");

/** Corrections for pairs of listed words: sorted keys (first × size + second), values in tenths of log10. */
interface PairTable {
  keys: Uint32Array;
  values: Int8Array;
}

interface Model {
  index: Map<string, number>;
  size: number;
  /** log P(</s>) and the backoff weight of <s>: what a word outside the list gets. */
  unknownEnd: number;
  unknownStart: number;
  /** Per word, tenths of log10: P(</s> | w), P(w | <s>), P(w), w's backoff weight, <s> w's backoff weight. */
  end: Int8Array;
  start: Int8Array;
  unigram: Int8Array;
  backoff: Int8Array;
  startBackoff: Int8Array;
  /** P(</s> | a2 a1) over P(</s> | a1); P(b2 | <s> b1) over P(b2 | b1); P(b | a) over its backoff. */
  end2: PairTable;
  start2: PairTable;
  bigram: PairTable;
}

let model: Model | null = null;

function readModel(): Model {
  const data = gunzipSync(readFileSync(FILE));
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.toString("latin1", 0, 4) !== "VSLM" || data[4] !== 1) throw new Error(`${FILE}: not a boundary model`);
  const size = view.getUint32(5, true);
  const textBytes = view.getUint32(9, true);
  const unknownEnd = view.getFloat32(13, true);
  const unknownStart = view.getFloat32(17, true);
  let at = 21;
  const words = data.toString("utf8", at, at + textBytes).split("\n");
  at += textBytes;
  const perWord = () => {
    const values = new Int8Array(data.buffer.slice(data.byteOffset + at, data.byteOffset + at + size));
    at += size;
    return values;
  };
  const end = perWord();
  const start = perWord();
  const unigram = perWord();
  const backoff = perWord();
  const startBackoff = perWord();
  const pairs = (): PairTable => {
    const count = view.getUint32(at, true);
    const keyBytes = view.getUint32(at + 4, true);
    at += 8;
    const keys = new Uint32Array(count);
    let key = 0;
    let p = at;
    for (let k = 0; k < count; k++) {
      let delta = 0;
      let shift = 0;
      let byte: number;
      do {
        byte = data[p++];
        delta += (byte & 0x7f) * 2 ** shift;
        shift += 7;
      } while (byte & 0x80);
      key += delta;
      keys[k] = key;
    }
    at += keyBytes;
    const values = new Int8Array(data.buffer.slice(data.byteOffset + at, data.byteOffset + at + count));
    at += count;
    return { keys, values };
  };
  const end2 = pairs();
  const start2 = pairs();
  const bigram = pairs();
  const index = new Map(words.map((w, i) => [w, i]));
  return { index, size, unknownEnd, unknownStart, end, start, unigram, backoff, startBackoff, end2, start2, bigram };
}

// British spellings the US model lists in their American form: "cancelling", "colour", "tyre",
// "realise", "centre". A word is looked up as spoken first, then as each of these respellings.
const RESPELLINGS: ReadonlyArray<[RegExp, string]> = [
  [/our(s|ed|ing|ful|ite|ites)?$/, "or$1"],
  [/is(e|es|ed|ing|ation|ations)$/, "iz$1"],
  [/([aeiou])ll(ed|ing|er|ers)$/, "$1l$2"],
  [/([^aeiou])re(s)?$/, "$1er$2"],
  [/yre(s)?$/, "ire$1"],
  [/ogue(s)?$/, "og$1"],
];

/** A word's place in the model's list (its American spelling if only that is listed), or -1. */
function idOf(m: Model, word: string): number {
  const listed = m.index.get(word);
  if (listed !== undefined) return listed;
  for (const [pattern, american] of RESPELLINGS) {
    if (!pattern.test(word)) continue;
    const id = m.index.get(word.replace(pattern, american));
    if (id !== undefined) return id;
  }
  return -1;
}

function lookup(table: PairTable, key: number): number {
  let lo = 0;
  let hi = table.keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = table.keys[mid];
    if (k === key) return table.values[mid];
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/**
 * The model's evidence (log10 odds) of a sentence end before words[b], for every gap (index b:
 * between words[b - 1] and words[b]; 0 and words.length are 0). Words are lower case, with "'"
 * for apostrophes, as the caption repair has them.
 */
export function lmBoundaryEvidence(words: readonly string[]): Float64Array {
  model ??= readModel();
  const m = model;
  const n = words.length;
  const out = new Float64Array(n + 1);
  const ids = words.map((w) => idOf(m, w));
  for (let b = 1; b < n; b++) {
    const a2 = b >= 2 ? ids[b - 2] : -1;
    const a1 = ids[b - 1];
    const b1 = ids[b];
    const b2 = b + 1 < n ? ids[b + 1] : -1;
    // In tenths of log10, as the file keeps them.
    let stop = a1 >= 0 ? m.end[a1] : m.unknownEnd * 10;
    if (a2 >= 0 && a1 >= 0) stop += lookup(m.end2, a2 * m.size + a1);
    // An unknown first word's own probability is left out of both sides (it cancels).
    stop += b1 >= 0 ? m.start[b1] - m.unigram[b1] : m.unknownStart * 10;
    if (b1 >= 0 && b + 1 < n) stop += m.startBackoff[b1] + (b2 >= 0 ? lookup(m.start2, b1 * m.size + b2) : 0);
    let go = a1 >= 0 ? m.backoff[a1] : 0;
    if (a1 >= 0 && b1 >= 0) go += lookup(m.bigram, a1 * m.size + b1);
    out[b] = (stop - go) / 10;
  }
  return out;
}
