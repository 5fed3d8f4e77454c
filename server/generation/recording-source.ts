import { isLinkOnly, momentOf } from "./receipts/links";
import { findLinks } from "./receipts/markdown";
import type { VideoData } from "./types";

/**
 * Your own recording in place of a video: the pipeline writes from it exactly as from a video
 * without captions (speech to text over its audio), under an id of its own. It has no YouTube
 * page, so no link, thumbnail or comments; its title comes from the file's name and its speaker
 * is the author who uploaded it.
 */

/** Where the pipeline gets a recording's audio (server/recordings/audio.ts behind it). */
export interface RecordingFiles {
  /** The recording's file on local disk, or null when it is not the user's or not ready. */
  open(recordingId: string, userId: string): Promise<OpenRecording | null>;
}

export interface OpenRecording {
  fileName: string;
  durationSeconds: number;
  /** A local file holding the audio (S3 storage: a temporary copy, removed by release). */
  path: string;
  release(): Promise<void>;
}

/** A recording is not ready or not there any more (deleted since the request): not retried. */
export class RecordingMissingError extends Error {
  constructor() {
    super("That recording is no longer available. Please upload it again.");
    this.name = "RecordingMissingError";
  }
}

/** A recording cannot be written from: no speech to text here, or no speech heard in it. */
export class RecordingUnheardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RecordingUnheardError";
  }
}

export const NO_SPEECH_HEARD = "We heard no speech in your recording, so there is nothing to write from.";

const PREFIX = "rec-";

/** The id a recording's article uses where a video's id would go (moment links, the cache). */
export const recordingVideoId = (recordingId: string) => `${PREFIX}${recordingId}`;

/** "team-meeting_2026-03.final.m4a" → "team meeting 2026-03.final": a title a person can read. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.slice(0, 255).replace(/\.[A-Za-z0-9]{1,5}$/, "");
  const words = base.replace(/[_]+/g, " ").replace(/\s+/g, " ").trim();
  return words || "My recording";
}

/** The stand-in video a recording is written as. */
export function recordingVideo(
  recordingId: string,
  fileName: string,
  durationSeconds: number,
  authorName: string,
): VideoData {
  return {
    id: recordingVideoId(recordingId),
    url: "",
    title: titleFromFileName(fileName),
    channel: { id: "", name: authorName.trim() || "The author" },
    description: "",
    publishedAt: null,
    durationSeconds: Math.round(durationSeconds),
    viewCount: null,
    thumbnails: [],
    chapters: [],
    transcript: null,
    comments: null,
  };
}

/**
 * An article written from a recording keeps its moments as plain times ("(1:25)"): the writers
 * link them as they would a video's, and the receipts check them against the recording's words,
 * but there is no public page to play them on. A line that is only such a link ("▶ 1:25",
 * "Watch from 1:25") goes: without a player it says nothing. Every other link stays.
 */
export function withoutRecordingLinks(markdown: string, videoId: string): string {
  const kept = markdown
    .split("\n")
    .filter((line) => !(isLinkOnly(line) && momentOf(findLinks(line.trim())[0].url, videoId) !== undefined))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
  let out = "";
  let last = 0;
  for (const link of findLinks(kept)) {
    if (momentOf(link.url, videoId) === undefined) continue;
    out += kept.slice(last, link.from) + link.label;
    last = link.to;
  }
  return out + kept.slice(last);
}

// The writers' own words about a video, as they read for a recording (English frames). Applied
// only outside quotation marks: what a speaker said stays as it was.
const RECORDING_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/ (?:published|posted) on YouTube/g, ""],
  [/ on YouTube/g, ""],
  [/\b(recording|video) (?:published|posted) by\b/g, "recording by"],
  [/\bvideos\b/g, "recordings"],
  [/\bvideo\b/g, "recording"],
  [/\bVideo\b/g, "Recording"],
];
// Longest text reworded; an article is far shorter.
const MAX_REWORDED = 200_000;

/**
 * An article written from a recording, told as one: the writer's frames say "the video" and
 * "published on YouTube", which a private recording is not. English only (other languages'
 * frames would need their nouns' genders changed too); quotations are left as they were said.
 */
export function recordingWording(text: string, language: string | null): string {
  if ((language && !/^en(?:$|-)/i.test(language)) || text.length > MAX_REWORDED) return text;
  let out = "";
  let plain = "";
  let open = false;
  const flush = () => {
    out += RECORDING_WORDS.reduce((t, [re, by]) => t.replace(re, by), plain);
    plain = "";
  };
  for (const c of text) {
    if (c === '"' || c === "“" || c === "”") {
      const opening = c === "“" || (c === '"' && !open);
      if (opening) {
        flush();
        open = true;
        out += c;
      } else {
        out += c;
        open = false;
      }
      continue;
    }
    if (open) out += c;
    else plain += c;
  }
  flush();
  return out;
}
