import type { Chapter } from "../types";

// "0:00 Intro", "00:00 - Intro", "[1:02:03] Q&A", "• 12:30 – Pricing", "Intro - 0:00", "Intro (0:00)".
const STAMP = String.raw`(\d{1,2}(?::\d{2}){1,2})`;
const LEADING = new RegExp(String.raw`^[\s•*·▶►>\-–—]*(?:\d{1,2}[.)]\s+)?[[(]?${STAMP}[\])]?\s*(?:[-–—|:.]\s*)?(.*)$`);
const TRAILING = new RegExp(
  String.raw`^[\s•*·▶►>\-–—]*(?:\d{1,2}[.)]\s+)?(.*?)\s*(?:[-–—|:]\s*)?[[(]?${STAMP}[\])]?\s*$`,
);

// YouTube only shows chapters when the list starts at 0:00 and has at least three entries.
const MIN_CHAPTERS = 3;

/**
 * Chapters from the timestamp lines of a video description, following YouTube's own rules: a
 * run of lines with increasing times that starts at 0:00 and has at least three entries. Times
 * past the end of the video are dropped. Returns [] when the description has no such list.
 */
export function parseDescriptionChapters(description: string, durationSeconds?: number | null): Chapter[] {
  let run: Chapter[] = [];
  for (const line of description.replace(/\r\n?/g, "\n").split("\n")) {
    const entry = parseLine(line);
    if (!entry) continue;
    const last = run.at(-1);
    if (entry.startSeconds === 0) {
      // A second list starting at 0:00 (a tracklist after the chapters) starts a new run.
      if (run.length >= MIN_CHAPTERS) break;
      run = [entry];
    } else if (last && entry.startSeconds > last.startSeconds) {
      run.push(entry);
    } else if (run.length >= MIN_CHAPTERS) {
      break;
    } else {
      run = [];
    }
  }
  const limit = durationSeconds && durationSeconds > 0 ? durationSeconds : Number.POSITIVE_INFINITY;
  const chapters = run.filter((chapter) => chapter.startSeconds < limit);
  return chapters.length >= MIN_CHAPTERS ? chapters : [];
}

/** Seconds in "1:02:03" or "12:30"; null when a part is out of range. */
export function parseClockTime(value: string): number | null {
  const parts = value.split(":").map(Number);
  if (parts.length < 2 || parts.length > 3 || parts.some((n) => !Number.isInteger(n) || n < 0)) return null;
  const [seconds, minutes, hours = 0] = parts.reverse();
  if (seconds >= 60 || (parts.length === 3 && minutes >= 60)) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

function parseLine(line: string): Chapter | null {
  const text = line.trim();
  if (!text || text.length > 200) return null;
  for (const [pattern, stampAt, titleAt] of [
    [LEADING, 1, 2],
    [TRAILING, 2, 1],
  ] as const) {
    const match = pattern.exec(text);
    if (!match) continue;
    const startSeconds = parseClockTime(match[stampAt]);
    const title = cleanTitle(match[titleAt]);
    if (startSeconds !== null && title) return { title, startSeconds };
  }
  return null;
}

function cleanTitle(raw: string): string {
  return raw
    .replace(/\s+/g, " ")
    .replace(/^[\s\-–—|:.•]+|[\s\-–—|:]+$/g, "")
    .trim();
}
