import { readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { z } from "zod";
import { isVideoId, VIDEO_ID_PATTERN, videoUrl } from "../../../contract/video-url";
import { projectRoot } from "../../lib/paths";
import { type AudioFile, type AudioSource, keptAudioFile } from "../../sources/audio";
import type { Thumbnail, Transcript, VideoData, VideoSource } from "../types";
import { VideoSourceError, VideoUnavailableError } from "../types";

/** The sample videos shipped with the app, used when VIDEO_FIXTURES_DIR is not set. */
export const BUNDLED_FIXTURES_DIR: string = join(projectRoot, "fixtures", "videos");

const dateTime = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: "must be a date such as 2025-03-01T12:00:00Z" });
const count = z.number().int().nonnegative();
const seconds = z.number().nonnegative();
const unavailableReason = z.enum(["private", "removed", "age_restricted", "not_found"]);

const unavailableFixture = z.looseObject({ unavailable: unavailableReason.optional() });

// A plain file name (no folder, no "..") with an audio or video extension.
const AUDIO_FILE = /^[\w-][\w.-]{0,99}\.(?:mp3|m4a|wav|ogg|oga|webm|mp4|mov|flac)$/i;

/** One `<videoId>.json` file (architecture.md, "Video fixture format"). */
export const videoFixture = z.object({
  id: z.string().regex(VIDEO_ID_PATTERN, { error: "must be an 11-character YouTube video id" }),
  title: z.string().trim().min(1),
  channel: z.object({ id: z.string(), name: z.string() }),
  description: z.string().default(""),
  publishedAt: dateTime.nullable().default(null),
  durationSeconds: seconds.nullable().default(null),
  viewCount: count.nullable().default(null),
  chapters: z
    .array(z.object({ title: z.string().trim().min(1), startSeconds: seconds }))
    .nullable()
    .default(null),
  transcript: z
    .object({
      language: z.string().trim().min(1),
      kind: z.enum(["manual", "auto"]),
      segments: z.array(z.object({ start: seconds, duration: seconds, text: z.string() })),
    })
    .nullable()
    .default(null),
  comments: z
    .array(
      z.object({
        author: z.string(),
        text: z.string(),
        likes: count,
        publishedAt: dateTime.nullable().default(null),
      }),
    )
    .nullable()
    .default(null),
  thumbnails: z.array(z.object({ url: z.url(), width: count, height: count })).optional(),
  /** A file in the same folder standing for the video's audio stream (speech to text uses it). */
  audio: z
    .string()
    .regex(AUDIO_FILE, { error: "must be a file name in the fixtures folder, such as talk.mp3" })
    .optional(),
  unavailable: unavailableReason.optional(),
});

/** A validated fixture, optional fields filled in. */
export type VideoFixture = z.infer<typeof videoFixture>;

/** A fixture file that is not valid JSON or not in the fixture format: a mistake to fix, not a missing video. */
export class VideoFixtureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VideoFixtureError";
  }
}

/**
 * Videos read from `<dir>/<id>.json` files instead of YouTube (VIDEO_SOURCE=fixtures). A missing
 * file is a video that does not exist; `unavailable` fails the way YouTube would; `audio` names
 * the file that stands for the video's audio stream. Files are read
 * on every call, so fixtures can be edited while the app runs.
 */
export function createFixtureVideoSource(dir: string): VideoSource & AudioSource {
  const root = resolve(dir);
  const audioPath = async (videoId: string): Promise<string | null> => {
    if (!isVideoId(videoId)) return null;
    let text: string;
    try {
      text = await readFile(join(root, `${videoId}.json`), "utf8");
    } catch {
      return null;
    }
    const audio = videoFixture.shape.audio.safeParse((parseJson(text, videoId) as { audio?: unknown }).audio);
    if (!audio.success || !audio.data) return null;
    const path = join(root, audio.data);
    return (await stat(path).catch(() => null))?.isFile() ? path : null;
  };
  return {
    name: "fixtures",
    // The fixture's "audio" file stands for the video's audio stream.
    async hasAudio(videoId: string): Promise<boolean> {
      return (await audioPath(videoId)) !== null;
    },
    async fetchAudio(videoId: string): Promise<AudioFile | null> {
      const path = await audioPath(videoId);
      return path ? keptAudioFile(path) : null;
    },
    async fetchVideo(videoId: string): Promise<VideoData> {
      // The id becomes a file name: only a well-formed id may reach the file system.
      if (!isVideoId(videoId)) throw new VideoUnavailableError("not_found");
      const file = join(root, `${videoId}.json`);
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR") throw new VideoUnavailableError("not_found");
        throw new VideoSourceError(`Could not read the video fixture ${file}`, { cause: error });
      }
      const json = parseJson(text, file);
      // An unavailable video fails as YouTube would even when its file holds nothing else.
      const unavailable = unavailableFixture.safeParse(json);
      if (unavailable.success && unavailable.data.unavailable) {
        throw new VideoUnavailableError(unavailable.data.unavailable);
      }
      return fixtureToVideoData(validateFixture(json, file), videoId);
    },
  };
}

/** Validates the text of a fixture file; errors name the file and every problem in it. */
export function parseFixture(text: string, file: string): VideoFixture {
  return validateFixture(parseJson(text, file), file);
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new VideoFixtureError(`Video fixture ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

function validateFixture(json: unknown, file: string): VideoFixture {
  const parsed = videoFixture.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`);
    throw new VideoFixtureError(`Video fixture ${file} is invalid:\n  - ${problems.join("\n  - ")}`);
  }
  return parsed.data;
}

/** Standard thumbnails every YouTube video has, largest first. */
export function standardThumbnails(videoId: string): Thumbnail[] {
  return [
    { url: `https://i.ytimg.com/vi/${videoId}/maxresdefault.jpg`, width: 1280, height: 720 },
    { url: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`, width: 480, height: 360 },
  ];
}

/** The video a valid fixture describes, or the error YouTube would give for it. */
export function fixtureToVideoData(fixture: VideoFixture, videoId: string): VideoData {
  if (fixture.unavailable) throw new VideoUnavailableError(fixture.unavailable);
  if (fixture.id !== videoId) {
    throw new VideoFixtureError(
      `Video fixture ${videoId}.json describes video ${fixture.id}: the id must match the file name`,
    );
  }
  return {
    id: fixture.id,
    url: videoUrl(fixture.id),
    title: fixture.title,
    channel: fixture.channel,
    description: fixture.description,
    publishedAt: normalizeDate(fixture.publishedAt),
    durationSeconds: fixture.durationSeconds,
    viewCount: fixture.viewCount,
    thumbnails: fixture.thumbnails
      ? [...fixture.thumbnails].sort((a, b) => b.width * b.height - a.width * a.height)
      : standardThumbnails(fixture.id),
    chapters: [...(fixture.chapters ?? [])].sort((a, b) => a.startSeconds - b.startSeconds),
    transcript: toTranscript(fixture.transcript),
    comments:
      fixture.comments?.map((comment) => ({ ...comment, publishedAt: normalizeDate(comment.publishedAt) })) ?? null,
  };
}

function toTranscript(transcript: VideoFixture["transcript"]): Transcript | null {
  if (!transcript) return null;
  const segments = transcript.segments
    .map((segment) => ({ ...segment, text: segment.text.replace(/\s+/g, " ").trim() }))
    .filter((segment) => segment.text.length > 0);
  if (segments.length === 0) return null;
  return { language: transcript.language, kind: transcript.kind, timed: true, segments };
}

function normalizeDate(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
