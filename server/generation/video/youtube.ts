import { isVideoId, videoUrl } from "../../../contract/video-url";
import { type AudioFile, type AudioSource, temporaryAudioFile } from "../../sources/audio";
import type { Chapter, UnavailableReason, VideoComment, VideoData, VideoSource } from "../types";
import { VideoSourceError, VideoUnavailableError, YouTubeRefusedError } from "../types";
import { parseDescriptionChapters } from "./chapters";
import { checkAudioDuration, downloadAudioStream, installPlayerEvaluator } from "./youtube-audio";
import { fetchTranscript } from "./youtube-captions";
import { createDataApiClient } from "./youtube-data-api";
import { pickThumbnails, toIsoDate } from "./youtube-fields";
import type {
  BasicInfoLike,
  CommentsLike,
  InnertubeLike,
  PlayabilityLike,
  PlayerInnertubeLike,
  StreamFormatLike,
  TextLike,
  VideoInfoLike,
} from "./youtube-shapes";

// The shapes of youtubei.js's results this module reads live in youtube-shapes.ts; tests import them from here.
export { mapTranscriptInfo, parseJson3Captions, pickCaptionTrack } from "./youtube-captions";
export type {
  BasicInfoLike,
  CaptionTrackLike,
  CommentsLike,
  InnertubeLike,
  PlayabilityLike,
  PlayerInnertubeLike,
  StreamFormatLike,
  TextLike,
  TranscriptInfoLike,
  TranscriptSegmentLike,
  VideoInfoLike,
} from "./youtube-shapes";

/** How createYouTubeVideoSource reaches YouTube. */
export interface YouTubeVideoSourceOptions {
  /** YOUTUBE_API_KEY: metadata and comments then come from the YouTube Data API v3. */
  apiKey?: string;
  /** Every request to YouTube goes through this fetch. */
  fetch?: typeof fetch;
  dataApiBaseUrl?: string;
  /** Builds the youtubei.js client; tests pass a fake. */
  innertube?: () => Promise<InnertubeLike>;
  /** Builds the client with YouTube's player loaded, for the audio stream; tests pass a fake. */
  playerInnertube?: () => Promise<PlayerInnertubeLike>;
  /** Where downloaded audio is kept until speech to text has heard it (default: the system's temporary folder). */
  audioDir?: string;
  /** Caps the audio download (default YOUTUBE_AUDIO_MAX_BYTES). */
  maxAudioBytes?: number;
  /** Per HTTP request, so one stalled call cannot hold a generation job forever. */
  requestTimeoutMs?: number;
  maxComments?: number;
}

const DEFAULT_DATA_API = "https://www.googleapis.com/youtube/v3";
const DEFAULT_TIMEOUT_MS = 20_000;
// One ranged piece of the audio stream (10 MB) may take longer than an API answer.
const AUDIO_TIMEOUT_MS = 120_000;
/**
 * The clients the audio stream is asked of, in order: YouTube's VR and TV apps are usually
 * given stream addresses without a proof-of-origin token; the web client is the last resort.
 */
const AUDIO_CLIENTS = ["ANDROID_VR", "TV", "WEB"] as const;
const DEFAULT_MAX_COMMENTS = 50;
// YouTube's visitor sessions go stale; a fresh one now and then avoids slowly degrading answers.
const SESSION_MAX_AGE_MS = 6 * 60 * 60 * 1000;

/**
 * Videos from YouTube: youtubei.js for metadata, transcript and comments, or, with an API key,
 * the Data API v3 for metadata and comments (youtubei.js still reads the transcript, which the
 * Data API only gives to a video's owner). A missing transcript or comment section is normal and
 * gives null; a private, removed, missing or age-restricted video is a VideoUnavailableError;
 * YouTube refusing this server (blocked, rate limited, a bot check, a changed answer) or not
 * answering at all is a YouTubeRefusedError carrying what YouTube said.
 */
export function createYouTubeVideoSource(options: YouTubeVideoSourceOptions = {}): VideoSource & AudioSource {
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const http = withTimeout(baseFetch, options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxComments = options.maxComments ?? DEFAULT_MAX_COMMENTS;
  const factory = options.innertube ?? (() => createInnertube(http));
  const dataApi = options.apiKey
    ? createDataApiClient({ apiKey: options.apiKey, baseUrl: options.dataApiBaseUrl ?? DEFAULT_DATA_API, fetch: http })
    : null;

  let session: { client: Promise<InnertubeLike>; createdAt: number } | null = null;
  const innertube = (): Promise<InnertubeLike> => {
    if (!session || Date.now() - session.createdAt > SESSION_MAX_AGE_MS) {
      const client = factory().catch((error: unknown) => {
        // Forget a failed session so the next video tries again.
        if (session?.client === client) session = null;
        throw refusal("Could not start a YouTube session", error);
      });
      session = { client, createdAt: Date.now() };
    }
    return session.client;
  };

  const loadInfo = async (videoId: string): Promise<VideoInfoLike> => {
    const client = await innertube();
    let info: VideoInfoLike;
    try {
      info = await client.getInfo(videoId);
    } catch (error) {
      throw innertubeFailure(error);
    }
    const verdict = classifyPlayability(info.playability_status, hasMetadata(info));
    if (verdict.kind === "unavailable") throw new VideoUnavailableError(verdict.reason, verdict.message);
    if (verdict.kind === "blocked") throw new YouTubeRefusedError(verdict.message);
    // A playable video always has a title; without one the answer was cut short or changed shape.
    if (!hasMetadata(info)) {
      throw new YouTubeRefusedError(
        `YouTube answered without the video's details (playability ${info.playability_status?.status ?? "missing"})`,
      );
    }
    return info;
  };

  const innertubeComments = async (videoId: string): Promise<VideoComment[] | null> => {
    try {
      const client = await innertube();
      return mapComments(await client.getComments(videoId, "TOP_COMMENTS"), maxComments);
    } catch {
      return null;
    }
  };

  let playerSession: Promise<PlayerInnertubeLike> | null = null;
  const playerInnertube = (): Promise<PlayerInnertubeLike> => {
    if (!playerSession) {
      const client = (options.playerInnertube ?? (() => createPlayerInnertube(http)))().catch((error: unknown) => {
        if (playerSession === client) playerSession = null;
        throw refusal("Could not load YouTube's player", error);
      });
      playerSession = client;
    }
    return playerSession;
  };
  const audioFetch = withTimeout(baseFetch, AUDIO_TIMEOUT_MS);

  /** The leanest audio-only format as each client sees it, the first that YouTube gives. */
  const audioFormats = async function* (
    videoId: string,
  ): AsyncGenerator<{ client: PlayerInnertubeLike; info: BasicInfoLike; format: StreamFormatLike | null }> {
    const client = await playerInnertube();
    for (const name of AUDIO_CLIENTS) {
      let info: BasicInfoLike;
      try {
        info = await client.getBasicInfo(videoId, { client: name });
      } catch (error) {
        const failure = innertubeFailure(error);
        if (failure instanceof VideoUnavailableError || name === AUDIO_CLIENTS.at(-1)) throw failure;
        continue;
      }
      let format: StreamFormatLike | null = null;
      try {
        format = info.chooseFormat({ type: "audio", quality: "bestefficiency", format: "any" });
      } catch {
        format = null; // This client was given no audio-only stream.
      }
      yield { client, info, format };
    }
  };

  return {
    name: "youtube",
    async hasAudio(videoId: string): Promise<boolean> {
      if (!isVideoId(videoId)) return false;
      try {
        for await (const { info, format } of audioFormats(videoId)) {
          if (!format) continue;
          checkAudioDuration(info.basic_info.duration);
          return true;
        }
      } catch {
        return false;
      }
      return false;
    },
    async fetchAudio(videoId: string): Promise<AudioFile | null> {
      if (!isVideoId(videoId)) return null;
      let refused: YouTubeRefusedError | null = null;
      for await (const { client, info, format } of audioFormats(videoId)) {
        if (!format) continue;
        // Too long is said before a byte is fetched.
        checkAudioDuration(info.basic_info.duration);
        try {
          const url = await format.decipher(client.session.player);
          const path = await downloadAudioStream(url, {
            fetch: audioFetch,
            contentLength: format.content_length,
            dir: options.audioDir,
            maxBytes: options.maxAudioBytes,
          });
          return temporaryAudioFile(path);
        } catch (error) {
          // A refused or unscramblable stream: the next client may be given one that plays.
          if (error instanceof YouTubeRefusedError) refused = error;
          else if (error instanceof Error && error.name === "PlayerError")
            refused = refusal("Could not unscramble the audio stream", error);
          else throw error;
        }
      }
      if (refused) throw refused;
      return null;
    },
    async fetchVideo(videoId: string): Promise<VideoData> {
      if (!isVideoId(videoId)) throw new VideoUnavailableError("not_found");

      if (!dataApi) {
        const info = await loadInfo(videoId);
        const [transcript, comments] = await Promise.all([fetchTranscript(info, http), innertubeComments(videoId)]);
        return { ...mapVideoInfo(videoId, info), transcript, comments };
      }

      const [meta, apiComments, info] = await Promise.allSettled([
        dataApi.video(videoId),
        dataApi.comments(videoId, maxComments),
        loadInfo(videoId),
      ]);
      // The Data API flags only some age-restricted videos; YouTube's own refusal is final.
      if (
        info.status === "rejected" &&
        info.reason instanceof VideoUnavailableError &&
        info.reason.reason === "age_restricted"
      ) {
        throw info.reason;
      }
      let base: Omit<VideoData, "transcript" | "comments">;
      if (meta.status === "fulfilled") {
        const chapters = info.status === "fulfilled" ? chaptersFromPlayerBar(info.value) : [];
        base = {
          ...meta.value,
          chapters:
            chapters.length > 0
              ? chapters
              : parseDescriptionChapters(meta.value.description, meta.value.durationSeconds),
        };
      } else if (
        // The Data API cannot tell private or removed from never existing: YouTube itself can.
        meta.reason instanceof VideoUnavailableError &&
        meta.reason.reason === "not_found" &&
        info.status === "rejected" &&
        info.reason instanceof VideoUnavailableError
      ) {
        throw info.reason;
      } else if (meta.reason instanceof VideoSourceError && info.status === "fulfilled") {
        // Quota spent or the API unreachable: the video can still be read the other way.
        base = mapVideoInfo(videoId, info.value);
      } else if (
        meta.reason instanceof VideoSourceError &&
        info.status === "rejected" &&
        info.reason instanceof VideoUnavailableError
      ) {
        // The API refused us, but YouTube itself said what is wrong with the video.
        throw info.reason;
      } else {
        throw meta.reason;
      }
      const [transcript, comments] = await Promise.all([
        info.status === "fulfilled" ? fetchTranscript(info.value, http) : Promise.resolve(null),
        apiComments.status === "fulfilled" ? Promise.resolve(apiComments.value) : innertubeComments(videoId),
      ]);
      return { ...base, transcript, comments };
    },
  };
}

async function createInnertube(fetchImpl: typeof fetch): Promise<InnertubeLike> {
  // Loaded on first use: the library is large and fixture runs never need it.
  const { Innertube, Log } = await import("youtubei.js");
  // Its parser warns about every unfamiliar node YouTube sends; failures reach us as errors anyway.
  Log.setLevel(Log.Level.ERROR);
  // English labels, because counts such as "1.2K" and dates are parsed from them.
  return Innertube.create({ fetch: fetchImpl, retrieve_player: false, lang: "en", location: "US" });
}

async function createPlayerInnertube(fetchImpl: typeof fetch): Promise<PlayerInnertubeLike> {
  await installPlayerEvaluator();
  const { Innertube, Log } = await import("youtubei.js");
  Log.setLevel(Log.Level.ERROR);
  // The player script is what unscrambles stream addresses; only the audio download needs it.
  const client = await Innertube.create({ fetch: fetchImpl, retrieve_player: true, lang: "en", location: "US" });
  return client as unknown as PlayerInnertubeLike;
}

function withTimeout(fetchImpl: typeof fetch, timeoutMs: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetchImpl(input, { ...init, signal });
  };
}

// ---------------------------------------------------------------------------------------------
// Playability
// ---------------------------------------------------------------------------------------------

/** What a playability status means for us: go ahead, the video is unavailable, or YouTube refused us. */
export type PlayabilityVerdict =
  | { kind: "ok" }
  | { kind: "unavailable"; reason: UnavailableReason; message?: string }
  | { kind: "blocked"; message: string };

/**
 * What YouTube's playability status means for us. Statuses other than OK still let us write when
 * the metadata came through (a stream that is offline, a video blocked from playing here), but
 * never for private, removed or age-restricted videos.
 */
export function classifyPlayability(status: PlayabilityLike | undefined, hasMetadata: boolean): PlayabilityVerdict {
  if (!status || status.status === "OK") return { kind: "ok" };
  const text = [status.reason, ...screenTexts(status.error_screen)].filter(Boolean).join(" ").toLowerCase();

  if (/\bprivate\b/.test(text)) return { kind: "unavailable", reason: "private" };
  if (
    status.status === "AGE_CHECK_REQUIRED" ||
    status.status === "AGE_VERIFICATION_REQUIRED" ||
    /confirm your age|age[- ]restricted|inappropriate for some users/.test(text)
  ) {
    return { kind: "unavailable", reason: "age_restricted" };
  }
  if (status.status === "ERROR") {
    const removed =
      /removed|terminated|no longer available|(isn['’]t|is not) available anymore|copyright|violat|community guidelines|terms of service/.test(
        text,
      );
    return { kind: "unavailable", reason: removed ? "removed" : "not_found" };
  }
  if (hasMetadata) return { kind: "ok" };
  if (status.status === "LOGIN_REQUIRED" || /not a bot|sign in to confirm|unusual traffic/.test(text)) {
    const said = [status.reason, ...screenTexts(status.error_screen)].filter(Boolean).join(" ").trim();
    return {
      kind: "blocked",
      message: `YouTube asked this server to sign in before showing the video (${status.status}${said ? `: ${said}` : ""})`,
    };
  }
  const reason = status.reason?.trim();
  return {
    kind: "unavailable",
    reason: "not_found",
    message: reason ? `YouTube will not show this video: ${reason}` : undefined,
  };
}

// youtubei.js attaches the playability status to the error it throws for status ERROR, and the
// body of the answer to the one it throws for an HTTP failure ("... failed with status code 429").
function innertubeFailure(error: unknown): Error {
  if (error instanceof VideoSourceError || error instanceof VideoUnavailableError) return error;
  const info = (error as { info?: unknown } | null)?.info;
  if (info && typeof info === "object" && typeof (info as PlayabilityLike).status === "string") {
    const verdict = classifyPlayability(info as PlayabilityLike, false);
    if (verdict.kind === "unavailable") return new VideoUnavailableError(verdict.reason, verdict.message);
    if (verdict.kind === "blocked") return new YouTubeRefusedError(verdict.message, { cause: error });
  }
  return refusal("Could not read the video from YouTube", error);
}

/**
 * A failure reaching YouTube as a YouTubeRefusedError: its message says what YouTube (or the
 * network) said; a network failure, a timeout or a 5xx is transient, a 403, a 429 or an answer
 * we could not read is not.
 */
function refusal(context: string, error: unknown): YouTubeRefusedError {
  const said = error instanceof Error ? error.message : String(error);
  const body = (error as { info?: unknown } | null)?.info;
  const detail = typeof body === "string" && body.trim() ? ` (${body.replace(/\s+/g, " ").trim().slice(0, 200)})` : "";
  const status = /status code (\d{3})/.exec(said)?.[1];
  // fetch's own failures; a TypeError from parsing an answer is a changed answer, not the network.
  const network =
    (error instanceof TypeError && /fetch failed|network|socket|ECONN|ETIMEDOUT|EAI_AGAIN/i.test(said)) ||
    (error instanceof Error && /^(AbortError|TimeoutError)$/.test(error.name));
  const transient = status ? Number(status) >= 500 : network;
  return new YouTubeRefusedError(`${context}: ${said}${detail}`, { cause: error, transient });
}

function screenTexts(screen: unknown): string[] {
  if (!screen || typeof screen !== "object") return [];
  const node = screen as { reason?: TextLike; subreason?: TextLike };
  return [node.reason?.text ?? "", node.subreason?.text ?? ""];
}

function hasMetadata(info: VideoInfoLike): boolean {
  return Boolean(info.basic_info.title || info.primary_info?.title?.text);
}

// ---------------------------------------------------------------------------------------------
// youtubei.js results -> VideoData
// ---------------------------------------------------------------------------------------------

/** Metadata and chapters from youtubei.js's VideoInfo (player response first, watch page second). */
export function mapVideoInfo(videoId: string, info: VideoInfoLike): Omit<VideoData, "transcript" | "comments"> {
  const basic = info.basic_info;
  const owner = info.secondary_info?.owner?.author;
  const description = basic.short_description || info.secondary_info?.description?.text || "";
  const durationSeconds = basic.duration && basic.duration > 0 ? basic.duration : null;
  const chapters = chaptersFromPlayerBar(info);
  return {
    id: videoId,
    url: videoUrl(videoId),
    title: (basic.title || info.primary_info?.title?.text || "").trim(),
    channel: {
      id: basic.channel?.id || basic.channel_id || owner?.id || "",
      name: known(basic.channel?.name) || known(basic.author) || known(owner?.name) || "",
    },
    description,
    publishedAt: publishedAtFrom(info),
    durationSeconds,
    viewCount: viewCountFrom(info),
    thumbnails: pickThumbnails(basic.thumbnail ?? [], videoId),
    chapters: chapters.length > 0 ? chapters : parseDescriptionChapters(description, durationSeconds),
  };
}

// youtubei.js fills unknown names with "N/A".
function known(value: string | undefined): string {
  return value && value !== "N/A" ? value : "";
}

function viewCountFrom(info: VideoInfoLike): number | null {
  const fromPlayer = info.basic_info.view_count;
  if (typeof fromPlayer === "number" && Number.isFinite(fromPlayer)) return fromPlayer;
  const fromPage = info.primary_info?.view_count?.original_view_count;
  return typeof fromPage === "number" && Number.isFinite(fromPage) ? fromPage : null;
}

function publishedAtFrom(info: VideoInfoLike): string | null {
  const microformat = info.page[0]?.microformat as { publish_date?: unknown; upload_date?: unknown } | undefined;
  for (const value of [microformat?.publish_date, microformat?.upload_date]) {
    if (typeof value === "string") {
      const date = toIsoDate(value);
      if (date) return date;
    }
  }
  return parseDisplayDate(info.primary_info?.published?.text ?? "");
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "Mar 15, 2024", "Premiered Mar 15, 2024", "Streamed live on 15 Mar 2024" -> midnight UTC that day. */
export function parseDisplayDate(text: string): string | null {
  const monthFirst = /\b([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4})\b/.exec(text);
  const dayFirst = /\b(\d{1,2}) ([A-Za-z]{3})[a-z]*\.? (\d{4})\b/.exec(text);
  const [month, day, year] = monthFirst
    ? [monthFirst[1], monthFirst[2], monthFirst[3]]
    : dayFirst
      ? [dayFirst[2], dayFirst[1], dayFirst[3]]
      : [];
  const monthIndex = month ? MONTHS.indexOf(month.toLowerCase()) : -1;
  if (monthIndex < 0) return null;
  const date = new Date(Date.UTC(Number(year), monthIndex, Number(day)));
  return date.getUTCDate() === Number(day) ? date.toISOString() : null;
}

/** Chapters YouTube shows on the player's progress bar: the uploader's, else automatic ones. */
export function chaptersFromPlayerBar(info: Pick<VideoInfoLike, "player_overlays">): Chapter[] {
  const markers = info.player_overlays?.decorated_player_bar?.player_bar?.markers_map ?? [];
  const marker =
    markers.find((m) => m.marker_key === "DESCRIPTION_CHAPTERS" && m.value.chapters?.length) ??
    markers.find((m) => m.value.chapters?.length);
  const chapters: Chapter[] = [];
  for (const chapter of marker?.value.chapters ?? []) {
    const title = chapter.title.text?.trim();
    const startSeconds = Math.max(0, chapter.time_range_start_millis / 1000);
    if (title && Number.isFinite(startSeconds)) chapters.push({ title, startSeconds });
  }
  return chapters.sort((a, b) => a.startSeconds - b.startSeconds);
}

/**
 * Top comments from youtubei.js. null when the section is missing (comments turned off): YouTube
 * then sends neither a header nor threads.
 */
export function mapComments(comments: CommentsLike, max = DEFAULT_MAX_COMMENTS): VideoComment[] | null {
  const out: VideoComment[] = [];
  for (const thread of comments.contents) {
    const comment = thread.comment;
    const text = comment?.content?.text?.trim();
    if (!comment || !text) continue;
    out.push({
      author: known(comment.author?.name),
      text,
      likes: parseCount(comment.like_count),
      // YouTube gives only "2 years ago" here; a guessed date would be a false one.
      publishedAt: null,
    });
    if (out.length >= max) break;
  }
  if (out.length === 0 && !comments.header) return null;
  return out;
}

/** "1,234" -> 1234, "1.2K" -> 1200, "3M" -> 3000000; anything unreadable is 0. */
export function parseCount(value: string | undefined): number {
  const match = /^([\d,]*\.?\d+)\s*([KMB])?$/i.exec((value ?? "").trim());
  if (!match) return 0;
  const number = Number(match[1].replace(/,/g, ""));
  const scale = { K: 1e3, M: 1e6, B: 1e9 }[(match[2] ?? "").toUpperCase() as "K" | "M" | "B"] ?? 1;
  return Number.isFinite(number) ? Math.round(number * scale) : 0;
}

// ---------------------------------------------------------------------------------------------
// YouTube Data API v3
// ---------------------------------------------------------------------------------------------
