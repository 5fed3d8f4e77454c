import { isListLabel } from "../../receipts/list-labels";
import type { TranscriptSegment } from "../../types";

/*
 * What the quotation policy needs from a transcript (shared/design/decisions.md, "Quotation
 * policy"): who is speaking, and which of the speaker's own words a cleaned sentence came from.
 * A quotation is those words verbatim, up to case, punctuation and the fillers um/uh.
 */

/** Part of a caption line said by one speaker: the line's text without its speaker label. */
export interface Piece {
  segment: TranscriptSegment;
  /** The caption line after this one, when this piece ends its line (for the pause after it). */
  next: TranscriptSegment | undefined;
  text: string;
  /** Speaker turn: a change of speaker starts the next one. */
  turn: number;
}

// A speaker label at the start of a caption line or after ">>": "Coach:", "Dr. Amara Osei:",
// "[MARIA]:", "Speaker 2:". The same marks the receipts check (receipts/sources.ts) reads, so a
// quotation never holds what it takes for a label.
// A broadcast caption adds the speaker's role in capitals after a comma: "AMA SERWAA, SHOP OWNER:".
const NAME_LABEL =
  /^\s*\[?(?:\p{Lu}[\p{L}.'’-]{0,24}|\d+)(?:[ \t](?:\p{Lu}[\p{L}.'’-]{0,24}|\d+)){0,3}(?:,[ \t]\p{Lu}[\p{Lu}.'’&-]{0,24}(?:[ \t]\p{Lu}[\p{Lu}.'’&-]{0,24}){0,3})?\]?:(?:\s+|$)/u;
const DASH_LABEL = /^\s*[-–—]\s+/;

/**
 * Caption lines as pieces said by one speaker each. A change of speaker is marked by ">>"
 * anywhere in a line (auto captions, news captions), or by "- " or a speaker label ("Coach:") at
 * the start of a line (subtitle files, typed transcripts). Labels are not anyone's words and are
 * dropped. Without such marks the whole transcript is one turn.
 */
export function speakerPieces(segments: readonly TranscriptSegment[]): Piece[] {
  const pieces: Piece[] = [];
  let turn = 0;
  let spoken = false;
  segments.forEach((segment, i) => {
    const parts = segment.text.replace(/&gt;&gt;/g, ">>").split(/>>+/);
    parts.forEach((part, k) => {
      let text = part;
      let change = k > 0;
      const named = NAME_LABEL.exec(text);
      // "Step 1:", "Erster Schritt:": a list item the speaker reads out, not a new speaker.
      const label = (named && !isListLabel(named[0]) ? named : null) ?? (k === 0 ? DASH_LABEL.exec(text) : null);
      if (label) {
        text = text.slice(label[0].length);
        change = true;
      }
      if (change && spoken) {
        turn++;
        spoken = false;
      }
      if (!text.trim()) return;
      spoken = true;
      pieces.push({ segment, next: k === parts.length - 1 ? segments[i + 1] : undefined, text, turn });
    });
  });
  return pieces;
}

/** A word as compared when aligning: lowercase letters and digits only. */
export function wordKey(token: string): string {
  return token
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]/gu, "");
}

/**
 * For each word of a cleaned line, the position of the original word it is, or -1 (a lone
 * punctuation mark). Cleaning only removes words (filler, repetitions, stutters) and changes
 * case and punctuation, so the cleaned words are found in order among the original ones. Of a
 * word said twice and kept once ("I I think"), the kept one is the second.
 */
export function alignWords(cleaned: readonly string[], original: readonly string[]): number[] {
  const keys = original.map(wordKey);
  let at = 0;
  return cleaned.map((token, k) => {
    const key = wordKey(token);
    if (!key) return -1;
    let found = keys.indexOf(key, at);
    if (found < 0) return -1;
    const kept = cleaned[k + 1] !== undefined && wordKey(cleaned[k + 1]) === key;
    while (!kept && keys[found + 1] === key) found++;
    at = found + 1;
    return found;
  });
}

// The only words a quotation may leave out unmarked ("er" stays: it can be a word, and the
// receipts check counts it).
const UM_UH = /(^|[\s,.!?;:—–-])(?:u+m+|u+h+|u+h+m+)(?=$|[\s,.!?;:—–-])[,.]?/giu;
// Where "um" is a word (German, Portuguese: sentences.ts umIsAWord), only "umm" and "uh" go.
const UMM_UH = /(^|[\s,.!?;:—–-])(?:u+m{2,}|u{2,}m+|u+h+|u+h+m+)(?=$|[\s,.!?;:—–-])[,.]?/giu;

/**
 * Words as a quotation shows them: um and uh go, and the punctuation around them is tidied;
 * every other word stays.
 */
export function withoutUmUh(text: string, umIsWord = false): string {
  return text
    .replace(umIsWord ? UMM_UH : UM_UH, "$1")
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/([,;:])(?=[,.!?;:])/g, "")
    .replace(/^[\s,;:.]+/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether a word ends a sentence in punctuated text ("done.", "right?\"", "so…"). */
export function endsSentence(token: string): boolean {
  return /[.!?…]["'”’)\]]*$/.test(token);
}

/**
 * Where sentences taken from a text lie in it, as word positions like Sentence's (from, to): one
 * sentence follows another when its `from` is the other's `to`. A sentence not found as it is
 * (the text was cleaned) follows nothing and nothing follows it.
 */
export function placeSentences(text: string, sentences: readonly string[]): Array<{ from: number; to: number }> {
  const source = text.replace(/\s+/g, " ").trim();
  const wordsBefore = (at: number) => (at === 0 ? 0 : source.slice(0, at).trim().split(" ").length);
  let cursor = 0;
  return sentences.map((sentence, k) => {
    // A sentence the splitter ended with a full stop of its own is found without it.
    const candidates = /\.$/.test(sentence) ? [sentence, sentence.slice(0, -1)] : [sentence];
    for (const candidate of candidates) {
      const at = source.indexOf(candidate, cursor);
      if (at >= 0 && (at === 0 || source[at - 1] === " ")) {
        cursor = at + candidate.length;
        const from = wordsBefore(at);
        return { from, to: from + candidate.split(" ").length };
      }
    }
    return { from: -2 * k - 2, to: -2 * k - 1 };
  });
}

/**
 * How far apart (in the speaker's words) two remarks joined in one quotation with "…" may be: a
 * quotation does not stitch together what was said minutes apart (the receipts check allows 400).
 */
export const MAX_OMISSION_WORDS = 300;
