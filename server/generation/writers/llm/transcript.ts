import { formatTimestamp } from "../../../content/text";
import type { Transcript } from "../../types";

/** One line of a transcript as the model reads it: a few caption segments joined, with the start of the first. */
export interface TranscriptLine {
  /** Seconds from the start of the video; null when the transcript has no timings. */
  start: number | null;
  text: string;
}

// Caption segments are 2 to 5 seconds long: one marker per segment would spend a third of the
// prompt on markers. Lines of about this size keep quotes linkable to within half a minute.
const LINE_WORDS = 45;
const LINE_SECONDS = 30;
/** No line is longer than this, so chunks can always split on line boundaries. */
const MAX_LINE_WORDS = 120;

/** The marker before a timed line: the time a viewer sees and the same moment in whole seconds. */
export function timeMarker(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `[${formatTimestamp(whole)} t=${whole}]`;
}

/** The transcript as lines: timed segments grouped by time, untimed text grouped by sentence. */
export function transcriptLines(transcript: Transcript): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  if (transcript.timed) {
    let start = 0;
    let words: string[] = [];
    const flush = () => {
      if (words.length) lines.push(...splitLong({ start, text: words.join(" ") }));
      words = [];
    };
    for (const segment of transcript.segments) {
      const segmentWords = segment.text.split(/\s+/).filter(Boolean);
      if (!segmentWords.length) continue;
      if (words.length && (words.length >= LINE_WORDS || segment.start - start >= LINE_SECONDS)) flush();
      if (!words.length) start = segment.start;
      words.push(...segmentWords);
    }
    flush();
    return lines;
  }
  for (const segment of transcript.segments) {
    const sentences = segment.text.split(/(?<=[.!?…])\s+/u);
    let words: string[] = [];
    for (const sentence of sentences) {
      const sentenceWords = sentence.split(/\s+/).filter(Boolean);
      if (words.length && words.length + sentenceWords.length > LINE_WORDS * 2) {
        lines.push(...splitLong({ start: null, text: words.join(" ") }));
        words = [];
      }
      words.push(...sentenceWords);
    }
    if (words.length) lines.push(...splitLong({ start: null, text: words.join(" ") }));
  }
  return lines;
}

function splitLong(line: TranscriptLine): TranscriptLine[] {
  const words = line.text.split(" ");
  if (words.length <= MAX_LINE_WORDS) return [line];
  const out: TranscriptLine[] = [];
  for (let i = 0; i < words.length; i += MAX_LINE_WORDS) {
    out.push({ start: line.start, text: words.slice(i, i + MAX_LINE_WORDS).join(" ") });
  }
  return out;
}

/** Lines as prompt text: `[1:15 t=75] words…` per line, or plain paragraphs when untimed. */
export function renderLines(lines: readonly TranscriptLine[]): string {
  return lines.map((line) => (line.start === null ? line.text : `${timeMarker(line.start)} ${line.text}`)).join("\n");
}

/** The transcript's words as plain text (for category inference and measuring the source). */
export function transcriptText(transcript: Transcript | null): string {
  return transcript
    ? transcript.segments
        .map((s) => s.text.trim())
        .filter(Boolean)
        .join(" ")
    : "";
}

/**
 * A conservative token estimate: about 4 characters a token for Latin-script text, and one token
 * per character for scripts that tokenise densely (CJK, Cyrillic, Arabic...), so a non-English
 * transcript is not let through as "small" when it is not.
 */
export function estimateTokens(text: string): number {
  let dense = 0;
  for (const char of text) if (char.codePointAt(0)! > 0x24f) dense += 1;
  return Math.ceil((text.length - dense) / 4 + dense);
}

/** Splits lines into consecutive chunks of at most `maxTokens` each (a line is never split). */
export function chunkLines(lines: readonly TranscriptLine[], maxTokens: number): TranscriptLine[][] {
  const chunks: TranscriptLine[][] = [];
  let current: TranscriptLine[] = [];
  let tokens = 0;
  for (const line of lines) {
    const lineTokens = estimateTokens(renderLines([line])) + 1;
    if (current.length && tokens + lineTokens > maxTokens) {
      chunks.push(current);
      current = [];
      tokens = 0;
    }
    current.push(line);
    tokens += lineTokens;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** Lines numbered for reference, `L12 [1:15 t=75] words…` (L1 first), as the plan call reads them. */
export function renderNumberedLines(lines: readonly TranscriptLine[]): string {
  return lines
    .map((line, i) => `L${i + 1} ${line.start === null ? line.text : `${timeMarker(line.start)} ${line.text}`}`)
    .join("\n");
}
