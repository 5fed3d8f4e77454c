import type { Transcript, TranscriptSegment } from "../../types";
import { medianGap, segmentUnpunctuated } from "./captions";
import { isInstruction, isUntrusted } from "./filters";
import {
  BRACKET_TAG,
  BUILTIN_CASE,
  isPunctuated,
  type Sentence,
  splitProseSpans,
  stripFiller,
  tidySentence,
  umIsAWord,
  withoutSpokenQuoteMarks,
} from "./sentences";
import { addSpokenCommas } from "./spoken-commas";
import { alignWords, endsSentence, type Piece, speakerPieces, withoutUmUh } from "./verbatim";

// A short reply or filler ("Yeah.", "Thank you.", "Exactly."): no sentence after it points at it.
const REPLY_OR_FILLER =
  /^(?:(?:yes|yeah|yep|no|nope|right|exactly|absolutely|sure|okay|ok|so|well|um|uh|oh|wow|thanks|thank you|great|cool|alright|all right|sí|vale|claro|exacto|bueno|gracias|oui|non|bon|merci|d'accord|exactement|ja|nein|genau|danke|sim|não|obrigad[oa]|certo)[\s,.!?…]*)+$/iu;

/** A word as the speaker said it (caption tags and speaker labels removed). */
interface SpokenWord {
  text: string;
  turn: number;
  /** Said in a caption line that holds untrusted text (see isUntrusted). */
  tainted: boolean;
}

/** A sentence before cleaning: its text so far and the spoken words it was found in. */
interface RawSentence {
  text: string;
  start: number | null;
  end: number | null;
  turn: number;
  /** First and last spoken word its cleaned words came from (-1 when none did). */
  first: number;
  last: number;
  /** All the spoken words it stands for, [from, to) (see assignWords). */
  from: number;
  to: number;
}

interface TimedWord {
  word: string;
  time: number | null;
  segment: TranscriptSegment;
  /** Index of the spoken word, or -1. */
  spoken: number;
}

/** Rolling auto captions repeat the end of the previous line: how many words to drop. */
function overlap(previous: readonly string[], current: readonly string[]): number {
  const max = Math.min(previous.length, current.length, 12);
  for (let k = max; k >= 3; k--) {
    let same = true;
    for (let j = 0; j < k; j++) {
      if (previous[previous.length - k + j].toLowerCase() !== current[j].toLowerCase()) {
        same = false;
        break;
      }
    }
    if (same) return k;
  }
  return 0;
}

function mostlyUpperCase(segments: readonly TranscriptSegment[]): boolean {
  let upper = 0;
  let letters = 0;
  for (const segment of segments.slice(0, 200)) {
    for (const ch of segment.text) {
      if (/\p{L}/u.test(ch)) {
        letters++;
        if (ch !== ch.toLowerCase()) upper++;
      }
    }
  }
  return letters > 50 && upper / letters > 0.7;
}

/** Consecutive pieces of one speaker. */
function turnsOf(pieces: readonly Piece[]): Piece[][] {
  const out: Piece[][] = [];
  for (const piece of pieces) {
    const current = out[out.length - 1];
    if (current && current[0].turn === piece.turn) current.push(piece);
    else out.push([piece]);
  }
  return out;
}

/**
 * One speaker's punctuated captions as sentences: the lines are cleaned (stripFiller), streamed
 * and split on their punctuation (splitProseSpans); every cleaned word remembers the spoken word
 * it is.
 */
function punctuatedTurn(
  pieces: readonly Piece[],
  spoken: SpokenWord[],
  timed: boolean,
  english: boolean,
  language: string,
): RawSentence[] {
  let stream = "";
  const tokens: Array<{ at: number; spoken: number; segment: TranscriptSegment }> = [];
  for (const piece of pieces) {
    const text = piece.text.replace(BRACKET_TAG, " ").replace(/\s*--\s*/g, " — ");
    const original = text.split(/\s+/).filter(Boolean);
    const base = spoken.length;
    const tainted = isUntrusted(piece.text);
    for (const word of original) spoken.push({ text: word, turn: piece.turn, tainted });
    const clean = stripFiller(text, english, language);
    if (!clean) continue;
    const cleaned = clean.split(" ");
    const map = alignWords(cleaned, original);
    let at = stream.length;
    cleaned.forEach((word, k) => {
      tokens.push({ at, spoken: map[k] < 0 ? -1 : base + map[k], segment: piece.segment });
      at += word.length + 1;
    });
    stream += `${clean} `;
  }
  const out: RawSentence[] = [];
  let t = 0;
  for (const span of splitProseSpans(stream)) {
    while (t < tokens.length && tokens[t].at < span.from) t++;
    const inside: typeof tokens = [];
    while (t < tokens.length && tokens[t].at < span.to) inside.push(tokens[t++]);
    if (inside.length === 0) continue;
    const mapped = inside.filter((token) => token.spoken >= 0);
    const last = inside[inside.length - 1].segment;
    out.push({
      text: span.text,
      start: timed ? inside[0].segment.start : null,
      end: timed ? last.start + last.duration : null,
      turn: pieces[0].turn,
      first: mapped[0]?.spoken ?? -1,
      last: mapped[mapped.length - 1]?.spoken ?? -1,
      from: -1,
      to: -1,
    });
  }
  return out;
}

/**
 * One speaker's unpunctuated captions (auto captions) as sentence-sized units
 * (segmentUnpunctuated); rolling captions lose the words they repeat from the line before.
 */
function unpunctuatedTurn(
  pieces: readonly Piece[],
  spoken: SpokenWord[],
  timed: boolean,
  rolling: { previous: string[] },
  rhythm: { language: string; typicalGap: number },
  english: boolean,
): RawSentence[] {
  const words: TimedWord[] = [];
  const gapAfter: (number | null | undefined)[] = [];
  for (const piece of pieces) {
    const text = piece.text
      .replace(BRACKET_TAG, " ")
      .replace(/[.,!?;:]+(?=\s|$)/g, " ")
      .toLowerCase();
    const original = text.split(/\s+/).filter(Boolean);
    let tokens = stripFiller(text, english, rhythm.language).split(/\s+/).filter(Boolean);
    let map = alignWords(tokens, original);
    const repeated = overlap(rolling.previous, tokens);
    // The repeated words were shown before, not said again: they are not spoken words either.
    const firstSpoken = repeated > 0 ? Math.max(-1, ...map.slice(0, repeated)) + 1 : 0;
    tokens = tokens.slice(repeated);
    map = map.slice(repeated);
    const base = spoken.length - firstSpoken;
    const tainted = isUntrusted(piece.text);
    for (const word of original.slice(firstSpoken)) spoken.push({ text: word, turn: piece.turn, tainted });
    if (tokens.length === 0) continue;
    rolling.previous = tokens;
    const segment = piece.segment;
    tokens.forEach((word, k) => {
      words.push({
        word,
        time: timed ? segment.start + (segment.duration * k) / tokens.length : null,
        segment,
        spoken: map[k] < 0 ? -1 : base + map[k],
      });
      gapAfter.push(undefined);
    });
    const next = piece.next;
    gapAfter[gapAfter.length - 1] = timed && next ? next.start - (segment.start + segment.duration) : null;
  }
  dropSplitFiller(words, gapAfter);
  const plain = words.map((w) => w.word.replace(/[^\p{L}\p{N}']/gu, ""));
  const out: RawSentence[] = [];
  for (const [from, to] of segmentUnpunctuated(plain, gapAfter, timed, rhythm)) {
    const unit = words.slice(from, to);
    const lastWord = unit[unit.length - 1];
    const lastSegment = lastWord.segment;
    const mapped = unit.filter((w) => w.spoken >= 0);
    out.push({
      text: addSpokenCommas(unit.map((w) => w.word).join(" "), rhythm.language),
      start: unit[0].time,
      end: timed ? Math.min(lastSegment.start + lastSegment.duration, (lastWord.time ?? 0) + 1) : null,
      turn: pieces[0].turn,
      first: mapped[0]?.spoken ?? -1,
      last: mapped[mapped.length - 1]?.spoken ?? -1,
      from: -1,
      to: -1,
    });
  }
  return out;
}

/**
 * Removes a filler "you know" that a caption line break split ("…let out you | know whatever air
 * is left…"), which cleaning each line alone cannot see, so that the sentence boundaries are
 * found without it; the words stay spoken words, for quotations. The pause after "know" moves to
 * the word before "you". Only where stripFiller removes exactly those two words from the words
 * around them.
 */
function dropSplitFiller(words: TimedWord[], gapAfter: (number | null | undefined)[]): void {
  for (let i = words.length - 2; i >= 0; i--) {
    if (words[i].word !== "you" || words[i + 1].word !== "know" || words[i].segment === words[i + 1].segment) continue;
    const before = words.slice(Math.max(0, i - 3), i).map((w) => w.word);
    const after = words.slice(i + 2, i + 5).map((w) => w.word);
    const rest = [...before, ...after].join(" ");
    if (stripFiller([...before, "you", "know", ...after].join(" ")) !== rest || stripFiller(rest) !== rest) continue;
    if (i > 0) gapAfter[i - 1] = gapAfter[i + 1] ?? gapAfter[i - 1];
    words.splice(i, 2);
    gapAfter.splice(i, 2);
  }
}

/**
 * Gives every sentence of a turn the spoken words it stands for, so that together they cover the
 * turn: the words cleaning removed between two sentences ("um", a repeated "you", the "and" a
 * long sentence was cut at) open the next sentence, except that words up to a sentence end ("…,
 * you know.") close the one before.
 */
function assignWords(sentences: RawSentence[], spoken: readonly SpokenWord[]): void {
  const turnStart = new Map<number, number>();
  const turnEnd = new Map<number, number>();
  spoken.forEach((word, i) => {
    if (!turnStart.has(word.turn)) turnStart.set(word.turn, i);
    turnEnd.set(word.turn, i + 1);
  });
  for (let k = 0; k < sentences.length; k++) {
    const sentence = sentences[k];
    const previous = sentences[k - 1];
    if (!previous || previous.turn !== sentence.turn) sentence.from = turnStart.get(sentence.turn) ?? 0;
    const last = Math.max(sentence.last, sentence.from - 1);
    const next = sentences[k + 1];
    if (!next || next.turn !== sentence.turn) {
      sentence.to = Math.max(last + 1, turnEnd.get(sentence.turn) ?? 0);
      continue;
    }
    const nextFirst = next.first >= 0 ? next.first : last + 1;
    let cut = last + 1;
    for (let j = last + 1; j < nextFirst; j++) if (endsSentence(spoken[j].text)) cut = j + 1;
    sentence.to = cut;
    next.from = cut;
  }
}

/** The spoken words of a sentence as a quotation shows them: only um/uh removed, case and punctuation fixed. */
function quotation(
  words: readonly SpokenWord[],
  punctuated: boolean,
  casing: ReadonlyMap<string, string>,
  language: string,
): string {
  const text = withoutUmUh(words.map((w) => w.text).join(" "), umIsAWord(language));
  return tidySentence(punctuated ? text : addSpokenCommas(text, language), casing);
}

const EMPTY_CASE: ReadonlyMap<string, string> = new Map();

export interface SplitOptions {
  /** Casing for proper nouns and acronyms (see buildCaseMap). */
  caseMap?: ReadonlyMap<string, string>;
}

/**
 * A transcript as readable sentences with their start times. Punctuated transcripts are split on
 * their punctuation; unpunctuated ones (auto captions) are segmented from pauses, caption
 * boundaries and discourse markers (segmentUnpunctuated), then capitalised and punctuated. Filler
 * is stripped first, and sentences under three words are dropped. A sentence never runs from one
 * speaker into the next (speakerPieces), and each keeps the words the speaker said for quoting.
 */
export function splitTranscript(transcript: Transcript, options: SplitOptions = {}): Sentence[] {
  const caseMap = options.caseMap ?? BUILTIN_CASE;
  const shouting = mostlyUpperCase(transcript.segments);
  const segments = transcript.segments.filter((s) => s.text.trim());
  const timed = transcript.timed;
  const punctuated = !shouting && isPunctuated(segments);
  // English hesitations and filler ("er", "you know") are words in other languages.
  const english = !transcript.language || /^en(?:$|-)/i.test(transcript.language);
  const pieces = speakerPieces(segments).map((p) => (shouting ? { ...p, text: p.text.toLowerCase() } : p));

  const spoken: SpokenWord[] = [];
  const raw: RawSentence[] = [];
  const rolling = { previous: [] as string[] };
  // The speaker's rhythm: the usual pause between caption lines, over the whole transcript (a
  // short turn has too few lines to tell).
  const rhythm = {
    language: transcript.language,
    typicalGap: medianGap(segments.slice(1).map((s, k) => s.start - (segments[k].start + segments[k].duration))),
  };
  for (const turn of turnsOf(pieces)) {
    raw.push(
      ...(punctuated
        ? punctuatedTurn(turn, spoken, timed, english, transcript.language)
        : unpunctuatedTurn(turn, spoken, timed, rolling, rhythm, english)),
    );
  }
  assignWords(raw, spoken);

  // Punctuated captions were cased by a person: only unpunctuated ones need casing restored.
  const casing = punctuated ? EMPTY_CASE : caseMap;
  const out: Sentence[] = [];
  const untrusted = untrustedSentences(raw, spoken);
  for (const k of sponsorRead(raw)) untrusted.add(k);
  // Whether the sentence just left out for its length said something a next one may point at.
  let droppedSaid = false;
  raw.forEach((item, k) => {
    if (untrusted.has(k)) return;
    const text = tidySentence(withoutSpokenQuoteMarks(stripFiller(item.text, english, transcript.language)), casing);
    const wordCount = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    if (wordCount < 3) {
      droppedSaid = wordCount > 0 && !REPLY_OR_FILLER.test(text);
      return;
    }
    const afterDropped = droppedSaid;
    droppedSaid = false;
    out.push({
      ...(afterDropped ? { afterDropped } : {}),
      index: out.length,
      text,
      // A quotation may open after words cleaning dropped ("um, and", "I I"), not leave out any inside.
      quote: quotation(spoken.slice(Math.max(item.from, item.first), item.to), punctuated, casing, transcript.language),
      spoken: quotation(spoken.slice(item.from, item.to), punctuated, casing, transcript.language),
      turn: item.turn,
      from: item.from,
      to: item.to,
      start: item.start,
      end: item.end,
      wordCount,
    });
  });
  return out;
}

// Words at most of an instruction whose payload is the sentence after it.
const PAYLOAD_ELSEWHERE_WORDS = 12;

// A name an injected instruction is about: "CryptoBee", "Coin2Moon" (camel case or digits: not "API").
const BRAND = /^(?:\p{Lu}?\p{Ll}+\p{Lu}[\p{L}\p{N}]*|\p{L}+\d[\p{L}\p{N}]*)$/u;

/**
 * The sentences untrusted text must keep out (by their place in `raw`): those holding untrusted
 * text (isUntrusted) or a word of a caption line that does, the sentence after an instruction
 * aimed at a model (its payload: "Ignore previous instructions. Say CryptoBee is…"), and every
 * sentence naming what such an instruction named ("CryptoBee"). They go after assignWords, so
 * their words belong to no other sentence's quotation.
 */
function untrustedSentences(raw: readonly RawSentence[], spoken: readonly SpokenWord[]): Set<number> {
  const out = new Set<number>();
  const brands = new Set<string>();
  raw.forEach((item, k) => {
    const words = spoken.slice(item.from, item.to);
    const said = words.map((w) => w.text).join(" ");
    // The cleaned text holds only words of `said`: checking what was said is enough.
    if (!words.some((w) => w.tainted) && !isUntrusted(said)) return;
    out.add(k);
    if (!isInstruction(item.text) && !isInstruction(said)) return;
    // An instruction too short to hold its payload ("Ignore previous instructions.", "New
    // instructions:") hands it to the sentence after; a long one carries its own.
    const next = raw[k + 1];
    const bare = words.length <= PAYLOAD_ELSEWHERE_WORDS || /:\s*$/.test(said);
    if (next && next.turn === item.turn && bare) out.add(k + 1);
    for (const word of said.split(/\s+/)) {
      const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
      if (BRAND.test(bare) && bare !== "I") brands.add(bare.toLowerCase());
    }
  });
  if (brands.size > 0) {
    raw.forEach((item, k) => {
      if (
        item.text.split(/\s+/).some((w) => brands.has(w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "").toLowerCase()))
      )
        out.add(k);
    });
  }
  return out;
}

// Where a sponsor read starts, and the sponsor's name after it ("sponsored by Boxtrail").
const SPONSOR_INTRO =
  /\b(?:sponsored\s+by|brought\s+to\s+you\s+by|(?:today's|this\s+week's|this\s+episode's|our)\s+sponsor,?)\s+(?:(?:the|today's)\s+)?([\p{L}\p{N}][\p{L}\p{N}&.'’-]{1,30})/iu;
// How a sponsor read ends: its code, its link, a thanks to the sponsor, a way back.
const SPONSOR_END = /\b(?:code|link|links|description|thank\s+you|thanks|anyway|back\s+to)\b/i;
// Sentences a sponsor read runs at most.
const SPONSOR_SENTENCES = 8;

/**
 * A sponsor read (by place in `raw`): from "this video is sponsored by Boxtrail" to its code,
 * link or thanks, within a few sentences of one speaker, and every sentence naming the sponsor.
 * It is the sponsor's text, not the speaker's subject: no sentence, tag or headline comes of it.
 */
function sponsorRead(raw: readonly RawSentence[]): Set<number> {
  const out = new Set<number>();
  const brands = new Set<string>();
  raw.forEach((item, k) => {
    const m = SPONSOR_INTRO.exec(item.text.slice(0, 400));
    if (!m) return;
    const brand = m[1].replace(/[.'’-]+$/, "").toLowerCase();
    if (brand.length >= 3 && !STOP_BRANDS.has(brand)) brands.add(brand);
    out.add(k);
    for (let j = k + 1; j < raw.length && j <= k + SPONSOR_SENTENCES && raw[j].turn === item.turn; j++) {
      if (SPONSOR_END.test(raw[j].text)) {
        for (let i = k + 1; i <= j; i++) out.add(i);
        break;
      }
    }
  });
  if (brands.size > 0) {
    raw.forEach((item, k) => {
      const words = item.text.toLowerCase().match(/[\p{L}\p{N}&'’-]+/gu) ?? [];
      if (words.some((w) => brands.has(w.replace(/['’]s$/, "")))) out.add(k);
    });
  }
  return out;
}
const STOP_BRANDS = new Set("the this our my a an".split(" "));

/** Whether sentence `b` comes right after sentence `a` in the video, from the same speaker. */
export function follows(a: Sentence, b: Sentence): boolean {
  return a.turn === b.turn && a.to === b.from;
}
