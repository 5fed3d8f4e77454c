import { z } from "zod";
import { videoUrl } from "../../../contract/video-url";
import type { VideoComment, VideoData } from "../types";
import { VideoUnavailableError, YouTubeRefusedError } from "../types";
import { htmlToText } from "./html-text";
import { pickThumbnails, toIsoDate } from "./youtube-fields";

/*
 * The YouTube Data API v3 client (used when YOUTUBE_API_KEY is set): a video's metadata and its
 * top comment threads, validated with zod as they arrive.
 */

const dataApiThumbnail = z.object({
  url: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
});

const dataApiVideos = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({
          publishedAt: z.string().optional(),
          channelId: z.string().default(""),
          title: z.string().default(""),
          description: z.string().default(""),
          channelTitle: z.string().default(""),
          thumbnails: z.record(z.string(), dataApiThumbnail).default({}),
          liveBroadcastContent: z.string().optional(),
        }),
        contentDetails: z
          .object({
            duration: z.string().optional(),
            contentRating: z.object({ ytRating: z.string().optional() }).partial().optional(),
          })
          .optional(),
        statistics: z.object({ viewCount: z.string().optional() }).optional(),
      }),
    )
    .default([]),
});

const dataApiCommentThreads = z.object({
  items: z
    .array(
      z.object({
        snippet: z.object({
          topLevelComment: z.object({
            snippet: z.object({
              authorDisplayName: z.string().default(""),
              textDisplay: z.string().default(""),
              textOriginal: z.string().optional(),
              likeCount: z.number().default(0),
              publishedAt: z.string().optional(),
            }),
          }),
        }),
      }),
    )
    .default([]),
});

const dataApiErrorBody = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

class DataApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = "DataApiError";
  }
}

export interface DataApiClient {
  video(videoId: string): Promise<Omit<VideoData, "transcript" | "comments" | "chapters">>;
  /** null when comments are turned off; throws on any other failure. */
  comments(videoId: string, max: number): Promise<VideoComment[] | null>;
}

// The two Data API v3 calls we make (videos, commentThreads), mapped to our types.
export function createDataApiClient(options: { apiKey: string; baseUrl: string; fetch: typeof fetch }): DataApiClient {
  const base = options.baseUrl.replace(/\/+$/, "");

  async function get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${base}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set("key", options.apiKey);
    let response: Response;
    try {
      response = await options.fetch(url, { headers: { accept: "application/json" } });
    } catch (error) {
      const said = error instanceof Error ? error.message : String(error);
      throw new YouTubeRefusedError(`Could not reach the YouTube Data API: ${said}`, { cause: error, transient: true });
    }
    const text = await response.text().catch(() => "");
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) {
      const error = dataApiErrorBody.safeParse(body);
      const reason = error.success ? (error.data.error.errors?.[0]?.reason ?? "") : "";
      const detail = error.success ? (error.data.error.message ?? "") : text.slice(0, 200);
      throw new DataApiError(
        response.status,
        reason,
        `YouTube Data API ${path} answered ${response.status}${reason ? ` (${reason})` : ""}${detail ? `: ${detail}` : ""}`,
      );
    }
    if (body === null) {
      throw new YouTubeRefusedError(`YouTube Data API ${path} answered with something other than JSON`);
    }
    return body;
  }

  return {
    async video(videoId) {
      let body: unknown;
      try {
        body = await get("videos", { part: "snippet,contentDetails,statistics", id: videoId });
      } catch (error) {
        if (error instanceof DataApiError) {
          // The key is wrong or its quota spent (the owner should look), or YouTube is down.
          throw new YouTubeRefusedError(error.message, { cause: error, transient: error.status >= 500 });
        }
        throw error;
      }
      const parsed = dataApiVideos.safeParse(body);
      if (!parsed.success) throw new YouTubeRefusedError("YouTube Data API videos answered in an unexpected shape");
      const item = parsed.data.items.find((candidate) => candidate.id === videoId) ?? parsed.data.items[0];
      if (!item) throw new VideoUnavailableError("not_found");
      if (item.contentDetails?.contentRating?.ytRating === "ytAgeRestricted") {
        throw new VideoUnavailableError("age_restricted");
      }
      const duration = parseIsoDuration(item.contentDetails?.duration ?? "");
      const views = Number(item.statistics?.viewCount);
      const thumbnails = Object.values(item.snippet.thumbnails).map((t) => ({
        url: t.url,
        width: t.width ?? 0,
        height: t.height ?? 0,
      }));
      return {
        id: videoId,
        url: videoUrl(videoId),
        title: item.snippet.title.trim(),
        channel: { id: item.snippet.channelId, name: item.snippet.channelTitle },
        description: item.snippet.description,
        publishedAt: item.snippet.publishedAt ? toIsoDate(item.snippet.publishedAt) : null,
        // Live and upcoming streams report a zero duration.
        durationSeconds: duration ? duration : null,
        viewCount: item.statistics?.viewCount !== undefined && Number.isFinite(views) ? views : null,
        thumbnails: pickThumbnails(thumbnails, videoId),
      };
    },

    async comments(videoId, max) {
      let body: unknown;
      try {
        body = await get("commentThreads", {
          part: "snippet",
          order: "relevance",
          maxResults: String(Math.min(100, Math.max(1, max))),
          videoId,
        });
      } catch (error) {
        if (error instanceof DataApiError && error.status === 403 && error.reason === "commentsDisabled") return null;
        throw error;
      }
      const parsed = dataApiCommentThreads.safeParse(body);
      if (!parsed.success)
        throw new YouTubeRefusedError("YouTube Data API commentThreads answered in an unexpected shape");
      const comments: VideoComment[] = [];
      for (const item of parsed.data.items) {
        const c = item.snippet.topLevelComment.snippet;
        const text = (c.textOriginal ?? htmlToText(c.textDisplay)).trim();
        if (!text) continue;
        comments.push({
          author: c.authorDisplayName,
          text,
          likes: Math.max(0, Math.round(c.likeCount)),
          publishedAt: c.publishedAt ? toIsoDate(c.publishedAt) : null,
        });
      }
      return comments.slice(0, max);
    },
  };
}

/** ISO 8601 durations as the Data API writes them: "PT1H2M3S" -> 3723, "P1DT2H" -> 93600; null if unreadable. */
export function parseIsoDuration(value: string): number | null {
  const match = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value.trim());
  if (!match || value.trim() === "P" || value.trim().endsWith("T")) return null;
  const [, weeks, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  return weeks * 604800 + days * 86400 + hours * 3600 + minutes * 60 + seconds;
}
