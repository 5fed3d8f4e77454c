import { countWords } from "../../../content/text";

/**
 * Length repairs that need no model: trimming a long article back into its word range by whole
 * trailing paragraphs (a sentence-level cut only for the last one, when a whole paragraph would
 * take it below the range), and dropping a sentence the model was cut off in the middle of.
 */

export interface WordRange {
  min: number;
  max: number;
}

/** 0 inside the range, else how many words short or over. */
export function distanceFromRange(words: number, range: WordRange): number {
  if (words < range.min) return range.min - words;
  if (words > range.max) return words - range.max;
  return 0;
}

const isHeading = (block: string) => /^#{1,6}\s/.test(block) && !block.includes("\n");
const isList = (block: string) => /^\s*(?:[-*+]|\d+[.)])\s/.test(block);

function splitBlocks(markdown: string): string[] {
  return markdown
    .trim()
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
}

const join = (blocks: readonly string[]) => blocks.join("\n\n");

/** Sentences of a paragraph, or items of a list. */
function units(block: string): string[] {
  if (isList(block)) return block.split(/\n(?=\s*(?:[-*+]|\d+[.)])\s)/);
  return block.split(/(?<=[.!?…]["'”’)]*)\s+/u);
}

/**
 * Cuts a markdown body to at most `range.max` words by removing whole blocks from the end. If
 * that leaves it under `range.min`, the first removed paragraph (or list) comes back sentence by
 * sentence (item by item) as far as the maximum allows. Never leaves a heading with nothing under it.
 */
export function trimToRange(markdown: string, range: WordRange): string {
  if (countWords(markdown) <= range.max) return markdown.trim();
  const blocks = splitBlocks(markdown);
  let keep = blocks.length;
  while (keep > 0 && countWords(join(blocks.slice(0, keep))) > range.max) keep -= 1;
  while (keep > 0 && isHeading(blocks[keep - 1])) keep -= 1;
  const kept = blocks.slice(0, keep);

  if (countWords(join(kept)) < range.min) {
    const pendingHeadings: string[] = [];
    for (let i = keep; i < blocks.length; i++) {
      if (isHeading(blocks[i])) {
        pendingHeadings.push(blocks[i]);
        continue;
      }
      const parts = units(blocks[i]);
      const separator = isList(blocks[i]) ? "\n" : " ";
      const taken: string[] = [];
      for (const part of parts) {
        const candidate = [...kept, ...pendingHeadings, [...taken, part].join(separator)];
        if (countWords(join(candidate)) > range.max) break;
        taken.push(part);
      }
      if (taken.length) kept.push(...pendingHeadings, taken.join(separator));
      break;
    }
  }
  if (kept.length === 0) {
    // One enormous first sentence: cut by words rather than return nothing.
    return `${markdown.trim().split(/\s+/).slice(0, range.max).join(" ")}…`;
  }
  return join(kept);
}

/**
 * For an answer that hit the output-token limit: removes the unfinished last sentence (or the
 * last block when it has no finished sentence), and any heading left with nothing under it.
 */
export function dropUnfinishedTail(markdown: string): string {
  const blocks = splitBlocks(markdown);
  while (blocks.length) {
    const last = blocks[blocks.length - 1];
    if (isHeading(last)) {
      blocks.pop();
      continue;
    }
    if (/[.!?…:"'”’)\]*_`|]\s*$/.test(last)) break;
    if (isList(last)) {
      const items = units(last);
      items.pop();
      if (items.length) blocks[blocks.length - 1] = items.join("\n");
      else blocks.pop();
      break;
    }
    const sentences = units(last);
    sentences.pop();
    if (sentences.length) {
      blocks[blocks.length - 1] = sentences.join(" ");
      break;
    }
    blocks.pop();
  }
  return join(blocks);
}
