import type { ArticleLanguage, ArticleLength, ArticleStyle, ArticleTone } from "../../contract/articles";

/** One caption line with its timing, in seconds from the start of the video. */
export interface TranscriptSegment {
  start: number;
  duration: number;
  text: string;
}

export interface Transcript {
  /** BCP 47 code as the source gives it ("en", "de", "pt-BR"), or "und" when unknown. */
  language: string;
  /**
   * manual captions, auto captions (no punctuation), a transcript the user supplied, or words
   * heard from the audio by speech to text (punctuated, with recognition slips).
   */
  kind: "manual" | "auto" | "user" | "speech";
  /** False for a plain-text transcript with no timings (then start/duration are 0). */
  timed: boolean;
  segments: TranscriptSegment[];
}

export interface Chapter {
  title: string;
  startSeconds: number;
}

export interface VideoComment {
  author: string;
  text: string;
  likes: number;
  publishedAt: string | null;
}

export interface Thumbnail {
  url: string;
  width: number;
  height: number;
}

/** Everything a writer may use about one video. */
export interface VideoData {
  id: string;
  /** Canonical watch URL: https://www.youtube.com/watch?v=<id> */
  url: string;
  title: string;
  channel: { id: string; name: string };
  description: string;
  publishedAt: string | null;
  durationSeconds: number | null;
  viewCount: number | null;
  /** Largest first. */
  thumbnails: Thumbnail[];
  /** Empty when the video has no chapters. */
  chapters: Chapter[];
  /** null when the video has no captions or they could not be fetched (normal from servers). */
  transcript: Transcript | null;
  /** null when comments are disabled or could not be fetched; top comments first. */
  comments: VideoComment[] | null;
}

export type UnavailableReason = "private" | "removed" | "not_found" | "age_restricted";

/** The video cannot be read at all: a 422 for the caller, never retried. */
export class VideoUnavailableError extends Error {
  constructor(
    readonly reason: UnavailableReason,
    message = VideoUnavailableError.messageFor(reason),
  ) {
    super(message);
    this.name = "VideoUnavailableError";
  }

  static messageFor(reason: UnavailableReason): string {
    switch (reason) {
      case "private":
        return "This video is private, so it cannot be turned into an article.";
      case "removed":
        return "This video has been removed from YouTube.";
      case "age_restricted":
        return "This video is age-restricted, so its content cannot be read.";
      case "not_found":
        return "No video exists at this link. Check the link and try again.";
    }
  }
}

/** A temporary failure reaching the video platform: worth retrying later. */
export class VideoSourceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "VideoSourceError";
  }
}

/** What the user is told when YouTube refuses us: the transcript box of the create dialog still works. */
export const YOUTUBE_REFUSED_MESSAGE =
  "YouTube is not answering us right now. Paste the transcript or upload a transcript file under 'Have a transcript?' to write the article anyway.";

/**
 * YouTube refused this server or could not be reached (HTTP 403 or 429, a bot check, an answer
 * we cannot read, a network failure): not the video's own state, which is a
 * VideoUnavailableError. The message is what YouTube said, for the log; the caller gets a 503
 * with YOUTUBE_REFUSED_MESSAGE. `transient` marks a network failure or a 5xx, worth another try;
 * the others fail at once.
 */
export class YouTubeRefusedError extends VideoSourceError {
  readonly transient: boolean;
  constructor(youtubeSaid: string, options: { cause?: unknown; transient?: boolean } = {}) {
    super(youtubeSaid, { cause: options.cause });
    this.name = "YouTubeRefusedError";
    this.transient = options.transient ?? false;
  }
}

/** Where videos come from (VIDEO_SOURCE): YouTube itself, or offline fixtures. */
export interface VideoSource {
  readonly name: string;
  fetchVideo(videoId: string): Promise<VideoData>;
}

export interface WriteRequest {
  video: VideoData;
  /** The transcript to write from: the user's own when given, else the video's; may be null. */
  transcript: Transcript | null;
  style: ArticleStyle;
  length: ArticleLength;
  tone: ArticleTone;
  includeComments: boolean;
  /** The category the user chose, or null to infer one from the create categories. */
  category: string | null;
  /** 1 to 3 articles whose voice and structure a custom-style article imitates. */
  referenceArticles: string[];
  /** The language the reader asked for; null or absent: the video's own (decisions.md). */
  language?: ArticleLanguage | null;
}

export interface WrittenArticle {
  title: string;
  excerpt: string;
  /** The article body in markdown (no title heading: the page shows the title). */
  markdown: string;
  /** 3 to 8 short tags. */
  tags: string[];
  category: string;
  /** Set when the source was too thin for the length asked (shown in the create toast). */
  note?: string;
  /** Quotations an earlier draft invented (the receipts rejected them): their words must not come back as prose. */
  rejectedQuotes?: string[];
  /** The language the article is written in (BCP 47, "en", "pt-BR"), when the writer knows it. */
  language?: string | null;
}

export type WriterProgress = (event: { stage: "writing"; detail?: string }) => void;

/** Turns a video into an article (LLM_PROVIDER): an LLM, or the offline extractive writer. */
export interface ArticleWriter {
  readonly name: string;
  write(request: WriteRequest, onProgress?: WriterProgress): Promise<WrittenArticle>;
}

/** The LLM failed after its retries, or kept answering junk: a 502 for the caller. */
export class WriterError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WriterError";
  }
}
