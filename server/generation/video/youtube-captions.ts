import { z } from "zod";
import type { Transcript, TranscriptSegment } from "../types";
import type { CaptionTrackLike, TranscriptInfoLike, VideoInfoLike } from "./youtube-shapes";

// A video's words from YouTube: the transcript panel, else a caption track's json3 file (manual
// captions first); split from youtube.ts, which holds the client and the rest of the mapping.

/**
 * The transcript shown in YouTube's transcript panel. Its language and kind come from the
 * caption track whose name is the selected language ("English (auto-generated)" is the asr
 * track). Returns null when the panel holds no lines.
 */
export function mapTranscriptInfo(
  transcriptInfo: TranscriptInfoLike,
  captionTracks: ReadonlyArray<CaptionTrackLike> = [],
): Transcript | null {
  const items = transcriptInfo.transcript?.content?.body?.initial_segments ?? [];
  const segments: TranscriptSegment[] = [];
  for (const item of items) {
    // Section headers in the panel repeat the chapter titles, not what is said.
    if (item.type === "TranscriptSectionHeader") continue;
    const startMs = Number(item.start_ms);
    const endMs = Number(item.end_ms);
    const text = cleanCaption(item.snippet.text ?? "");
    if (!text || !Number.isFinite(startMs)) continue;
    segments.push({
      start: startMs / 1000,
      duration: Number.isFinite(endMs) && endMs > startMs ? (endMs - startMs) / 1000 : 0,
      text,
    });
  }
  if (segments.length === 0) return null;

  const selected = transcriptInfo.selectedLanguage.trim();
  const track = captionTracks.find((t) => t.name.text?.trim() === selected);
  const auto = track ? track.kind === "asr" : /auto-generated/i.test(selected);
  const language =
    track?.language_code ?? (auto ? captionTracks.find((t) => t.kind === "asr")?.language_code : undefined) ?? "und";
  return { language, kind: auto ? "auto" : "manual", timed: true, segments };
}

/**
 * The caption track to read when the transcript panel fails: manual captions in the spoken
 * language, else the automatic ones, else any manual track.
 */
export function pickCaptionTrack(tracks: ReadonlyArray<CaptionTrackLike>): CaptionTrackLike | null {
  const asr = tracks.find((t) => t.kind === "asr");
  const spoken = asr?.language_code.split("-")[0].toLowerCase();
  const manual = tracks.filter((t) => t.kind !== "asr");
  return (
    (spoken ? manual.find((t) => t.language_code.split("-")[0].toLowerCase() === spoken) : undefined) ??
    asr ??
    manual[0] ??
    null
  );
}

const json3Captions = z.object({
  events: z
    .array(
      z.object({
        tStartMs: z.number().optional(),
        dDurationMs: z.number().optional(),
        segs: z.array(z.object({ utf8: z.string().optional(), tOffsetMs: z.number().optional() })).optional(),
      }),
    )
    .default([]),
});
type Json3Event = z.infer<typeof json3Captions>["events"][number];

/**
 * Lines of a timedtext `fmt=json3` caption file; [] when it holds none. Automatic captions time
 * (nearly) every word (`tOffsetMs` from the line's start), and their lines follow each other with no gap,
 * so the lines are rebuilt from the words: a line also ends where the speaker stops between two
 * words, and the silence shows as the gap before the next line, which is what the offline writer
 * reads sentence ends from when the words carry no punctuation.
 */
export function parseJson3Captions(json: unknown): TranscriptSegment[] {
  const parsed = json3Captions.safeParse(json);
  if (!parsed.success) return [];
  const words = timedWords(parsed.data.events);
  if (words) return linesFromWords(words);
  const segments: TranscriptSegment[] = [];
  for (const event of parsed.data.events) {
    if (!event.segs || event.tStartMs === undefined) continue;
    const text = cleanCaption(event.segs.map((seg) => seg.utf8 ?? "").join(""));
    if (!text) continue;
    segments.push({ start: event.tStartMs / 1000, duration: (event.dDurationMs ?? 0) / 1000, text });
  }
  return segments;
}

interface TimedWord {
  /** When the word starts, in milliseconds. */
  at: number;
  text: string;
  /** The caption line (event) it was shown in. */
  line: number;
}

// Words a caption file may hold: far beyond any video's (a 12-hour stream at 4 words a second).
const MAX_TIMED_WORDS = 200_000;

/**
 * The words of a caption file with their start times, in order, when the file times its words:
 * four in five of the words after a line's first have an offset. null otherwise (manual
 * captions time lines, not words).
 */
function timedWords(events: readonly Json3Event[]): TimedWord[] | null {
  const words: TimedWord[] = [];
  let later = 0;
  let offsets = 0;
  events.forEach((event, line) => {
    if (!event.segs || event.tStartMs === undefined || words.length >= MAX_TIMED_WORDS) return;
    let first = true;
    for (const seg of event.segs) {
      const text = cleanCaption(seg.utf8 ?? "");
      if (!text) continue;
      if (!first) {
        later++;
        if (seg.tOffsetMs !== undefined) offsets++;
      }
      first = false;
      words.push({ at: event.tStartMs + Math.max(0, seg.tOffsetMs ?? 0), text, line });
    }
  });
  if (later === 0 || offsets < later * 0.8) return null;
  // Stable: words with the same time keep the file's order.
  return words
    .map((word, k) => ({ word, k }))
    .sort((a, b) => a.word.at - b.word.at || a.k - b.k)
    .map((x) => x.word);
}

// A silence between two words of this length or more (beyond the first word's own length) ends a
// line; shorter ones are the ordinary spacing of speech. The writer judges how long a pause is.
const LINE_PAUSE_MS = 250;

/**
 * Caption lines rebuilt from timed words: a line ends where the file's line ends or where the
 * speaker pauses, and lasts until its last word is said, so that the time to the next line is the
 * silence between them. A word's length is not in the file: it is taken as the speaker's usual
 * time from one word to the next (the median), longer for a long word, never past the next word.
 */
function linesFromWords(words: readonly TimedWord[]): TranscriptSegment[] {
  const steps: number[] = [];
  for (let k = 0; k + 1 < words.length; k++) steps.push(words[k + 1].at - words[k].at);
  const usual = median(steps.filter((step) => step > 0)) || 300;
  const spoken = (word: TimedWord) => Math.min(usual * 3, Math.max(usual, word.text.length * 60));
  const lines: TranscriptSegment[] = [];
  let first = 0;
  for (let k = 0; k < words.length; k++) {
    const next = words[k + 1];
    const end = words[k].at + spoken(words[k]);
    const silence = next ? next.at - end : 0;
    if (next && next.line === words[k].line && silence < LINE_PAUSE_MS) continue;
    const start = words[first].at;
    const until = next ? Math.min(end, next.at) : end;
    lines.push({
      start: start / 1000,
      duration: Math.max(0, until - start) / 1000,
      text: words
        .slice(first, k + 1)
        .map((word) => word.text)
        .join(" "),
    });
    first = k + 1;
  }
  return lines;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function cleanCaption(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

// Transcripts fail often from servers (YouTube blocks them, or the video has none): never throw.
export async function fetchTranscript(info: VideoInfoLike, http: typeof fetch): Promise<Transcript | null> {
  const tracks = info.captions?.caption_tracks ?? [];
  const track = pickCaptionTrack(tracks);
  // Automatic captions: the caption file times each word, and its silences are the best sign of
  // where the unpunctuated sentences end; the transcript panel has lines only. So the file is
  // asked first, and the panel is the fallback (YouTube refuses the file to many servers).
  let file: Transcript | null | undefined;
  if (track?.kind === "asr") {
    file = await captionFile(track, http);
    if (file) return file;
  }
  try {
    const transcript = mapTranscriptInfo(await info.getTranscript(), tracks);
    if (transcript) return transcript;
  } catch {
    // The panel is missing or refused: try the caption file itself.
  }
  if (!track || file === null) return null;
  return captionFile(track, http);
}

/** A caption track's json3 file as a transcript; null when it cannot be had or holds no lines. */
async function captionFile(track: CaptionTrackLike, http: typeof fetch): Promise<Transcript | null> {
  try {
    const url = new URL(track.base_url, "https://www.youtube.com");
    url.searchParams.set("fmt", "json3");
    const response = await http(url);
    if (!response.ok) return null;
    const text = await response.text();
    // An empty body is how YouTube refuses caption files to clients it does not trust.
    if (!text.trim()) return null;
    const segments = parseJson3Captions(JSON.parse(text));
    if (segments.length === 0) return null;
    return { language: track.language_code, kind: track.kind === "asr" ? "auto" : "manual", timed: true, segments };
  } catch {
    return null;
  }
}
