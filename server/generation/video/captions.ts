import { decodeHtmlEntities } from "../../content/html-entities";
import type { Transcript, TranscriptSegment } from "../types";

/** A transcript the user gave that holds nothing we can write from; the message is for them. */
export class TranscriptFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TranscriptFormatError";
  }
}

// 01:02:03.500, 01:02:03,500 (SRT), 01:02.500 (WebVTT without hours), 1:02:03 (no fraction).
const TIME = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?`;
const TIMING_LINE = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(?:\s.*)?$`);
const INLINE_TIMESTAMP = /<\d{1,3}:\d{2}(?::\d{2})?[.,]\d{1,3}>/;

// A line of a pasted transcript that starts with its time, as YouTube's "Show transcript" panel
// copies it ("0:00" on its own line, or "1:02:03 text"), optionally bracketed.
const LEADING_TIMESTAMP = /^[[(]?((?:\d{1,2}:)?\d{1,2}:\d{2})(?:[.,]\d{1,3})?[\])]?(?:\s*[-–—|:]\s*|\s+|$)(.*)$/;

// Speech runs at about 150 words a minute: used for a last timed line that has no successor.
const SECONDS_PER_WORD = 0.4;

interface Cue {
  start: number;
  end: number;
  /** Text lines after markup is removed, blanks dropped. */
  lines: string[];
}

/**
 * A transcript the user pasted or uploaded: WebVTT, SRT, a copy of YouTube's transcript panel,
 * or plain text (one segment per paragraph, no timings). Timings are kept in seconds and the
 * repeated lines of YouTube's auto-caption files are collapsed. Throws TranscriptFormatError
 * when nothing readable is left.
 */
export function parseTranscript(text: string): Transcript {
  // A UTF-16 file (some Windows caption tools write them) read as UTF-8 has a NUL after every
  // ASCII character and a mangled byte order mark: dropping both recovers the text.
  const normalized = text
    .replaceAll("\0", "")
    .replace(/^(\uFEFF|\uFFFD{1,2})/, "")
    .replace(/\r\n?/g, "\n");
  if (!normalized.trim()) {
    throw new TranscriptFormatError(
      "The transcript is empty. Paste what is said in the video, or upload an .srt, .vtt or .txt file.",
    );
  }
  const lines = normalized.split("\n");
  const isVtt = /^WEBVTT(?:[ \t].*)?$/.test(lines[0].trim());

  if (isVtt || lines.some((line) => TIMING_LINE.test(line))) {
    const segments = toSegments(parseCues(lines, isVtt));
    if (segments.length === 0) {
      const what = isVtt ? "WebVTT" : "SRT";
      throw new TranscriptFormatError(
        !lines.some((line) => TIMING_LINE.test(line))
          ? `The ${what} file has no captions in it, so there is nothing to write from.`
          : `The ${what} file has timings but no caption text, so there is nothing to write from.`,
      );
    }
    return { language: isVtt ? vttLanguage(lines) : "und", kind: "user", timed: true, segments };
  }

  const timed = parseTimestampedLines(lines);
  if (timed) return { language: "und", kind: "user", timed: true, segments: timed };

  const segments = plainSegments(normalized);
  if (segments.length === 0) {
    throw new TranscriptFormatError("The transcript has no words in it, so there is nothing to write from.");
  }
  return { language: "und", kind: "user", timed: false, segments };
}

/** Seconds in a caption timestamp such as "01:02:03,500" or "02:03.5"; null when it is not one. */
export function parseCaptionTime(value: string): number | null {
  const match = new RegExp(`^${TIME}$`).exec(value.trim());
  return match ? timeFromMatch(match, 1) : null;
}

function timeFromMatch(match: RegExpExecArray, at: number): number | null {
  const hours = Number(match[at] ?? 0);
  const minutes = Number(match[at + 1]);
  const seconds = Number(match[at + 2]);
  if (seconds >= 60 || (match[at] !== undefined && minutes >= 60)) return null;
  const fraction = match[at + 3] ? Number(`0.${match[at + 3]}`) : 0;
  return round(hours * 3600 + minutes * 60 + seconds + fraction);
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

function parseCues(lines: string[], isVtt: boolean): Cue[] {
  const cues: Cue[] = [];
  let current: Cue | null = null;
  // WebVTT: everything up to the first blank line is the header ("Kind:", "Language:").
  let state: "header" | "between" | "cue" | "skip" = isVtt ? "header" : "between";
  let rolling = false;

  const nextIsTiming = (i: number) => i + 1 < lines.length && TIMING_LINE.test(lines[i + 1]);

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // Only a truly empty line ends a block: YouTube's auto captions put a line holding a single
    // space inside cues.
    if (line === "") {
      state = "between";
      current = null;
      continue;
    }
    const timing = TIMING_LINE.exec(line);
    if (timing) {
      const start = timeFromMatch(timing, 1);
      const end = timeFromMatch(timing, 5);
      if (start === null || end === null) {
        state = "skip";
        continue;
      }
      current = { start, end: Math.max(start, end), lines: [] };
      cues.push(current);
      state = "cue";
      continue;
    }
    // A cue identifier (SRT's running number, WebVTT's optional id) sits right above its timing;
    // SRT files that leave out the blank line still put the number there.
    if (nextIsTiming(i) && (state !== "cue" || /^\s*\d+\s*$/.test(line))) continue;

    if (state === "header" || state === "skip") continue;
    if (state === "between") {
      if (isVtt && /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(line)) {
        state = "skip";
        continue;
      }
      // Text after a stray blank line inside a cue belongs to the cue before it.
      current = cues.at(-1) ?? null;
      if (!current || /^\s*\d+\s*$/.test(line)) continue;
      state = "cue";
    }
    if (current) {
      if (INLINE_TIMESTAMP.test(line)) rolling = true;
      const cleaned = cleanCueLine(line);
      if (cleaned) current.lines.push(cleaned);
    }
  }
  return collapseRepeats(cues, rolling || looksRolling(cues));
}

function cleanCueLine(line: string): string {
  const withoutMarkup = line
    .replace(/<rt>[\s\S]*?<\/rt>/gi, "")
    .replace(/<\d{1,3}:\d{2}(?::\d{2})?[.,]\d{1,3}>/g, "")
    .replace(/<\/?[A-Za-z][^<>]*>/g, "")
    // SubStation overrides that some SRT files carry: {\an8}, {\i1}
    .replace(/\{\\[^{}]*\}/g, "");
  return decodeHtmlEntities(withoutMarkup).replace(/\s+/g, " ").trim();
}

// YouTube's auto-caption files scroll: each cue shows the previous line again above the new one.
function looksRolling(cues: Cue[]): boolean {
  let repeats = 0;
  let pairs = 0;
  for (let i = 1; i < cues.length; i++) {
    const previous = cues[i - 1].lines;
    const first = cues[i].lines[0];
    if (!first || previous.length === 0) continue;
    pairs++;
    if (previous.includes(first)) repeats++;
  }
  return pairs >= 3 && repeats / pairs >= 0.3;
}

function collapseRepeats(cues: Cue[], rolling: boolean): Cue[] {
  const out: Cue[] = [];
  let previousLines: string[] = [];
  for (const cue of cues) {
    const lines = rolling ? cue.lines.filter((line) => !previousLines.includes(line)) : cue.lines;
    previousLines = cue.lines;
    if (lines.length === 0) continue;
    const last = out.at(-1);
    // The same caption split into touching cues is one caption shown for longer.
    if (last && last.lines.join(" ") === lines.join(" ") && cue.start - last.end <= 0.05) {
      last.end = Math.max(last.end, cue.end);
      continue;
    }
    out.push({ ...cue, lines });
  }
  return out;
}

function toSegments(cues: Cue[]): TranscriptSegment[] {
  return cues
    .map((cue, index) => ({ cue, index }))
    .sort((a, b) => a.cue.start - b.cue.start || a.index - b.index)
    .map(({ cue }) => ({ start: cue.start, duration: round(cue.end - cue.start), text: cue.lines.join(" ") }))
    .filter((segment) => hasWords(segment.text));
}

function vttLanguage(lines: string[]): string {
  for (const line of lines.slice(1)) {
    if (line === "") break;
    const match = /^Language:\s*([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\s*$/i.exec(line);
    if (match) return match[1];
  }
  return "und";
}

function parseTimestampedLines(lines: string[]): TranscriptSegment[] | null {
  const content = lines.map((line) => line.trim()).filter(Boolean);
  const stamped = content.filter((line) => LEADING_TIMESTAMP.test(line));
  if (stamped.length < 2 || stamped.length / content.length < 0.4) return null;

  const entries: Array<{ start: number; text: string[] }> = [];
  for (const line of content) {
    const match = LEADING_TIMESTAMP.exec(line);
    const start = match ? parseCaptionTime(match[1]) : null;
    if (match && start !== null) {
      entries.push({ start, text: match[2] ? [match[2]] : [] });
    } else if (entries.length > 0) {
      entries.at(-1)!.text.push(line);
    }
    // Text before the first timestamp is a title or heading pasted along with it.
  }
  const segments: TranscriptSegment[] = [];
  entries.forEach((entry, i) => {
    const text = entry.text.join(" ").replace(/\s+/g, " ").trim();
    if (!hasWords(text)) return;
    const next = entries[i + 1]?.start;
    const duration =
      next !== undefined && next >= entry.start ? next - entry.start : text.split(" ").length * SECONDS_PER_WORD;
    segments.push({ start: entry.start, duration: round(duration), text });
  });
  return segments.length > 0 ? segments : null;
}

function plainSegments(text: string): TranscriptSegment[] {
  let blocks = text.split(/\n[ \t]*\n/);
  // A transcript pasted without blank lines is a list of lines, not one giant paragraph.
  if (blocks.length === 1) blocks = text.split("\n");
  return blocks
    .map((block) => block.replace(/\s+/g, " ").trim())
    .filter(hasWords)
    .map((block) => ({ start: 0, duration: 0, text: block }));
}

function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
