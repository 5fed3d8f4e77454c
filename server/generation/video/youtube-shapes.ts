import type { Thumbnail } from "../types";

// ---------------------------------------------------------------------------------------------
// The parts of youtubei.js's results this module reads. Declared structurally so the mapping can
// be tested with small hand-built objects; youtubei.js's own classes satisfy them (the compiler
// checks that where the real client is used).
// ---------------------------------------------------------------------------------------------

/** youtubei.js's Text: `.text` is the plain string (its toString() gives "N/A" when empty). */
export interface TextLike {
  text?: string;
}

/** youtubei.js's playability status: why a video will or will not play. */
export interface PlayabilityLike {
  status: string;
  reason?: string;
  error_screen?: unknown;
}

/** One caption track listed in the player response (`kind: "asr"` for automatic captions). */
export interface CaptionTrackLike {
  base_url: string;
  name: TextLike;
  language_code: string;
  kind?: string;
}

/** A line of the transcript panel, or a section header (`type: "TranscriptSectionHeader"`). */
export interface TranscriptSegmentLike {
  type?: string;
  start_ms: string;
  end_ms: string;
  snippet: TextLike;
}

/** youtubei.js's TranscriptInfo: the transcript panel and its selected language label. */
export interface TranscriptInfoLike {
  transcript?: {
    content?: { body?: { initial_segments?: ReadonlyArray<TranscriptSegmentLike> } | null } | null;
  } | null;
  selectedLanguage: string;
}

/** youtubei.js's VideoInfo: the player response (basic_info, captions) and the watch page. */
export interface VideoInfoLike {
  basic_info: {
    id?: string;
    title?: string;
    channel_id?: string;
    author?: string;
    channel?: { id: string; name: string } | null;
    short_description?: string;
    duration?: number;
    view_count?: number;
    thumbnail?: ReadonlyArray<Thumbnail>;
  };
  playability_status?: PlayabilityLike;
  primary_info?: {
    title?: TextLike;
    published?: TextLike;
    view_count?: { original_view_count?: number } | null;
  } | null;
  secondary_info?: {
    description?: TextLike;
    owner?: { author?: { id: string; name: string } } | null;
  } | null;
  captions?: { caption_tracks?: ReadonlyArray<CaptionTrackLike> } | null;
  player_overlays?: {
    decorated_player_bar?: {
      player_bar?: {
        markers_map?: ReadonlyArray<{
          marker_key: string;
          value: { chapters?: ReadonlyArray<{ title: TextLike; time_range_start_millis: number }> };
        }>;
      } | null;
    } | null;
  } | null;
  page: readonly [{ microformat?: unknown }, ...unknown[]];
  getTranscript(): Promise<TranscriptInfoLike>;
}

/** youtubei.js's Comments: the section header (absent when comments are off) and the threads. */
export interface CommentsLike {
  header?: unknown;
  contents: ReadonlyArray<{
    comment: {
      content?: TextLike;
      author?: { name: string };
      like_count?: string;
      published_time?: string;
    } | null;
  }>;
}

/** The youtubei.js client calls this module makes (Innertube satisfies it). */
export interface InnertubeLike {
  getInfo(videoId: string): Promise<VideoInfoLike>;
  getComments(videoId: string, sortBy?: "TOP_COMMENTS" | "NEWEST_FIRST"): Promise<CommentsLike>;
}

/** A stream format of youtubei.js (Format): its stated size and the address once unscrambled. */
export interface StreamFormatLike {
  content_length?: number;
  decipher(player?: unknown): Promise<string>;
}

/** youtubei.js's basic VideoInfo as the audio download reads it. */
export interface BasicInfoLike {
  basic_info: { duration?: number };
  chooseFormat(options: { type: "audio"; quality: "bestefficiency"; format: "any" }): StreamFormatLike;
}

/** The youtubei.js client with YouTube's player loaded, which stream addresses need. */
export interface PlayerInnertubeLike {
  getBasicInfo(videoId: string, options: { client: string }): Promise<BasicInfoLike>;
  session: { player?: unknown };
}
