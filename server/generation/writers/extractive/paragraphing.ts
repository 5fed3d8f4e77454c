import { endsUncited, type SentencePiece, sentencePieces } from "./lengthen";
import { dependsOnPrevious } from "./story";

/**
 * Prose paragraphs cut again to a reference's paragraph length: a run of neighbouring prose
 * paragraphs (nothing between them: no heading, list or pull quote) is read as one stream of
 * sentences and broken into paragraphs of about `target` words. A break never falls inside a
 * quotation, and rarely before a sentence that leans on the one before it ("But…", "That is
 * because…"); a break the writer made is kept unless the paragraphs on either side are far
 * shorter than the reference's. Words and sentences are not changed, only where paragraphs end.
 */

// What a paragraph of the wrong size costs, against breaks that move (see segmentCost).
const MOVE_BREAK = 0.05;
const DROP_BREAK = 0.3;
const BREAK_DEPENDENT = 2;
// Longest run reflowed, in sentences (the search is quadratic in it) and characters.
const MAX_PIECES = 240;
const MAX_RUN_CHARS = 60_000;
// Most steps of the search for one paragraph count (paragraphs × sentences²).
const MAX_STEPS = 4_000_000;

interface Piece extends SentencePiece {
  /** The writer's paragraph break comes before this sentence. */
  breakBefore: boolean;
  /** The sentence leans on the one before it. */
  leans: boolean;
  /**
   * The writer's break before this sentence must stay: the paragraph before ends on a quotation
   * still waiting for its moment link and this one quotes too, and the receipts cite a quotation
   * at the end of its sentence, where the second would stand between it and its link.
   */
  keepBreak: boolean;
}

/** Paragraphs of about `target` words from a run of neighbouring prose paragraphs. */
export function reflowParagraphs(paragraphs: readonly string[], target: number): string[] {
  if (target <= 0 || paragraphs.length === 0) return [...paragraphs];
  if (paragraphs.reduce((n, p) => n + p.length, 0) > MAX_RUN_CHARS) return [...paragraphs];
  const pieces: Piece[] = [];
  paragraphs.forEach((paragraph, p) => {
    let first = true;
    for (const piece of sentencePieces(paragraph.trim())) {
      if (!piece.text.trim()) continue;
      const breakBefore = p > 0 && first;
      const before = pieces[pieces.length - 1];
      pieces.push({
        ...piece,
        breakBefore,
        leans: !breakBefore && dependsOnPrevious(piece.text.trim()),
        keepBreak: breakBefore && before !== undefined && endsUncited(before.text.trim()) && /["“”]/.test(piece.text),
      });
      first = false;
    }
  });
  if (pieces.length > MAX_PIECES) return [...paragraphs];
  const n = pieces.length;
  if (n === 0) return [];
  // As many paragraphs as the words make at the reference's length, so their mean is its mean
  // (fewer when quotations leave too few places to break).
  const total = pieces.reduce((sum, p) => sum + p.words, 0);
  let from: number[] | null = null;
  for (let count = Math.min(n, Math.max(1, Math.round(total / target))); count >= 1 && !from; count--) {
    from = segmentation(pieces, target, count);
  }
  if (!from) return [...paragraphs];
  const out: string[] = [];
  const starts = from;
  for (let i = n; i > 0; i = starts[i]) {
    out.push(
      pieces
        .slice(starts[i], i)
        .map((p) => p.text.trim())
        .join(" "),
    );
  }
  return out.reverse();
}

/**
 * Where each of `count` paragraphs starts, so their sizes stay near `target` (least squared
 * deviation, with a cost for each break moved or dropped); null when the sentences cannot be cut
 * into that many. `from[i]` is where the paragraph ending before sentence i starts.
 */
function segmentation(pieces: readonly Piece[], target: number, count: number): number[] | null {
  const n = pieces.length;
  if (count * n * n > MAX_STEPS) return null;
  // best[i]: least cost of the paragraphs so far holding the first i sentences.
  let best = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
  best[0] = 0;
  const from: number[][] = [];
  for (let layer = 0; layer < count; layer++) {
    const next = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
    const starts = new Array<number>(n + 1).fill(-1);
    for (let j = 0; j < n; j++) {
      if (!Number.isFinite(best[j])) continue;
      // A paragraph starts here only outside a quotation (or where the writer started one).
      if (j > 0 && !pieces[j].opensFree && !pieces[j].breakBefore) continue;
      const opening = j === 0 || pieces[j].breakBefore ? 0 : MOVE_BREAK + (pieces[j].leans ? BREAK_DEPENDENT : 0);
      let words = 0;
      let dropped = 0;
      for (let i = j + 1; i <= n; i++) {
        if (i - 1 > j && pieces[i - 1].keepBreak) break;
        words += pieces[i - 1].words;
        if (i - 1 > j && pieces[i - 1].breakBefore) dropped++;
        const cost = best[j] + opening + ((words - target) / target) ** 2 + dropped * DROP_BREAK;
        if (cost < next[i]) {
          next[i] = cost;
          starts[i] = j;
        }
      }
    }
    from.push(starts);
    best = next;
  }
  if (!Number.isFinite(best[n])) return null;
  // Back from the end, layer by layer: the start of each paragraph.
  const out = new Array<number>(n + 1).fill(0);
  let i = n;
  for (let layer = count - 1; layer >= 0; layer--) {
    const j = from[layer][i];
    out[i] = j;
    i = j;
  }
  return out;
}
