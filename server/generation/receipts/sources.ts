import type { QuoteSource } from "../../../contract/evidence";
import type { Transcript, VideoData } from "../types";
import { isListLabel } from "./list-labels";
import { isFiller, isTelling, tokenize } from "./tokens";

/**
 * The video's words as the receipts search them: the transcript as one run of words with the
 * moment and speaker turn of each, and the description, comments, title and chapters beside it.
 */

export interface SourceDoc {
  kind: QuoteSource;
  /** Normalised words, fillers and speaker labels left out. */
  words: string[];
  /** Seconds into the video for each word (transcript and chapters), else null. */
  times: number[] | null;
  /** Speaker turn of each word: a quote never crosses from one turn to the next. */
  turns: number[] | null;
  /** Where each word is in `text`, to quote a matched run back exactly. */
  spans: Array<[number, number]>;
  text: string;
  /** A comment's author. */
  author: string | null;
  /** word -> positions, built on first use. */
  index?: Map<string, number[]>;
}

export interface Sources {
  video: VideoData;
  transcript: Transcript | null;
  /** Whether the transcript's words carry moments (timed captions). */
  timed: boolean;
  /** The video's length in seconds, when known (else the end of the last caption). */
  duration: number | null;
  docs: SourceDoc[];
  /** The transcript's doc, when there is one. */
  spoken: SourceDoc | null;
  /** Names a sentence may credit: speaker labels, the channel, comment authors. */
  labels: Map<number, string>;
  /** Every word of every source (and the channel's and commenters' names): what a named person must be made of. */
  vocabulary: Set<string>;
  /** How many transcript words each telling word has, for weighting placements. */
  frequency: Map<string, number>;
}

export interface ReceiptSources {
  video: VideoData;
  transcript: Transcript | null;
  /** Whether comments were given to the writer (then they may be quoted). */
  includeComments: boolean;
}

/** A speaker change at the start of a caption: ">>" or "- ", then perhaps a name: "NAME:", "Coach Miller:". */
// A broadcast label may add a role in capitals after a comma ("AMA SERWAA, SHOP OWNER:"): the name is the credit.
const LABEL =
  /^\s*(?:>>+\s*|[-–—]\s+)?(?:\[?([\p{Lu}][\p{L}.'’-]{0,24}(?:\s[\p{Lu}][\p{L}.'’-]{0,24}){0,3})(?:,[ \t]\p{Lu}[\p{Lu}.'’&-]{0,24}(?:[ \t]\p{Lu}[\p{Lu}.'’&-]{0,24}){0,3})?\]?:\s)?/u;
const TURN_MARK = /^\s*(?:>>+\s*|[-–—]\s+)?/u;
/** Sound tags that captions carry: [Music], (applause). */
const SOUND_TAG = /\[[^\]\n]{0,40}\]|\((?:music|applause|laughter|laughs|inaudible|crosstalk)\)/giu;

export function buildSources(input: ReceiptSources): Sources {
  const { video } = input;
  const transcript = input.transcript?.segments.some((s) => s.text.trim()) ? input.transcript : null;
  const docs: SourceDoc[] = [];
  const labels = new Map<number, string>();
  let spoken: SourceDoc | null = null;
  if (transcript) {
    spoken = transcriptDoc(transcript, labels);
    docs.push(spoken);
  }
  docs.push(plainDoc("title", video.title));
  if (video.description.trim()) docs.push(plainDoc("description", video.description));
  for (const chapter of video.chapters) {
    const doc = plainDoc("chapter", chapter.title);
    doc.times = doc.words.map(() => chapter.startSeconds);
    docs.push(doc);
  }
  if (input.includeComments) {
    for (const comment of video.comments ?? []) {
      const doc = plainDoc("comment", comment.text);
      doc.author = comment.author;
      docs.push(doc);
    }
  }

  const vocabulary = new Set<string>();
  for (const doc of docs) for (const w of doc.words) vocabulary.add(w);
  const names = [video.channel.name, ...(input.includeComments ? (video.comments ?? []).map((c) => c.author) : [])];
  for (const label of labels.values()) names.push(label);
  // "Sam's Daily Shortcut" vouches for Sam: a name's possessive gives the name too.
  for (const name of names)
    for (const t of tokenize(name)) {
      vocabulary.add(t.norm);
      if (/['’]s$/i.test(name.slice(t.from, t.to))) vocabulary.add(t.norm.slice(0, -1));
    }

  const frequency = new Map<string, number>();
  for (const w of spoken?.words ?? []) if (isTelling(w)) frequency.set(w, (frequency.get(w) ?? 0) + 1);

  const timed = transcript?.timed ?? false;
  const lastCaption = transcript?.segments.at(-1);
  const duration =
    video.durationSeconds ?? (timed && lastCaption ? Math.ceil(lastCaption.start + lastCaption.duration) : null);
  return { video, transcript, timed, duration, docs, spoken, labels, vocabulary, frequency };
}

function plainDoc(kind: QuoteSource, text: string): SourceDoc {
  const words: string[] = [];
  const spans: Array<[number, number]> = [];
  for (const token of tokenize(text)) {
    if (isFiller(token.norm)) continue;
    words.push(token.norm);
    spans.push([token.from, token.to]);
  }
  return { kind, words, times: null, turns: null, spans, text, author: null };
}

/**
 * The transcript as one text (segments joined by a space), each word with its moment (spread
 * evenly over its segment) and its speaker turn. A label opens a new turn; ">>" inside a line
 * (how automatic captions mark a change of speaker) does too.
 */
function transcriptDoc(transcript: Transcript, labels: Map<number, string>): SourceDoc {
  const words: string[] = [];
  const times: number[] = [];
  const turns: number[] = [];
  const spans: Array<[number, number]> = [];
  let text = "";
  let turn = 0;
  for (const segment of transcript.segments) {
    const raw = segment.text.replace(/\s+/g, " ");
    if (!raw.trim()) continue;
    const base = text.length === 0 ? 0 : text.length + 1;
    text = text.length === 0 ? raw : `${text} ${raw}`;
    // Pieces between ">>" marks: each after the first starts a new speaker's turn.
    let pieceStart = 0;
    const pieces: Array<{ from: number; to: number; newTurn: boolean }> = [];
    for (let i = raw.indexOf(">>"); i !== -1; i = raw.indexOf(">>", i + 2)) {
      pieces.push({ from: pieceStart, to: i, newTurn: pieces.length > 0 || pieceStart > 0 });
      pieceStart = i;
    }
    pieces.push({ from: pieceStart, to: raw.length, newTurn: pieceStart > 0 });
    const segmentTokens: Array<{ norm: string; from: number; to: number; turn: number }> = [];
    for (const piece of pieces) {
      let body = raw.slice(piece.from, piece.to);
      let offset = piece.from;
      const labelled = LABEL.exec(body);
      // A list item's label ("Erster Schritt:") is the speaker's words: only the turn mark before it counts.
      const matched = labelled?.[1] && isListLabel(labelled[1]) ? TURN_MARK.exec(body) : labelled;
      const label = matched?.[0].trim() ? matched : null;
      if (label || piece.newTurn) {
        turn += 1;
        if (label?.[1] && !/^\d/.test(label[1])) labels.set(turn, label[1].trim());
      }
      if (label) {
        offset += label[0].length;
        body = body.slice(label[0].length);
      }
      const masked = body.replace(SOUND_TAG, (tag) => " ".repeat(tag.length));
      for (const token of tokenize(masked)) {
        if (isFiller(token.norm)) continue;
        segmentTokens.push({ norm: token.norm, from: offset + token.from, to: offset + token.to, turn });
      }
    }
    const n = segmentTokens.length;
    segmentTokens.forEach((token, i) => {
      words.push(token.norm);
      times.push(transcript.timed ? segment.start + (segment.duration * i) / Math.max(1, n) : 0);
      turns.push(token.turn);
      spans.push([base + token.from, base + token.to]);
    });
  }
  return { kind: "transcript", words, times: transcript.timed ? times : null, turns, spans, text, author: null };
}

/** Positions of each word in a doc (built once per doc). */
export function wordIndex(doc: SourceDoc): Map<string, number[]> {
  if (doc.index) return doc.index;
  const index = new Map<string, number[]>();
  doc.words.forEach((w, i) => {
    const list = index.get(w);
    if (list) list.push(i);
    else index.set(w, [i]);
  });
  doc.index = index;
  return index;
}

/** The exact source text of words `from`..`to` (inclusive), without sound tags, fillers or labels. */
export function sourceText(doc: SourceDoc, from: number, to: number): string {
  const pieces: string[] = [];
  for (let i = from; i <= to; i++) {
    const [a, b] = doc.spans[i];
    if (i > from) {
      // Keep the punctuation between two words when they are next to each other in the text.
      const [, prevEnd] = doc.spans[i - 1];
      const gap = doc.text.slice(prevEnd, a);
      pieces.push(gap.length <= 4 && !/>>|\[|\(/.test(gap) ? gap.replace(/\s+/g, " ") || " " : " ");
    }
    pieces.push(doc.text.slice(a, b));
  }
  return pieces.join("").trim();
}
