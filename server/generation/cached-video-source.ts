import type { Db } from "../db/client";
import { type AudioSource, canFetchAudio } from "../sources/audio";
import { readVideoCache, writeVideoCache } from "./repository";
import type { VideoSource } from "./types";

/** A day: comments and counts move, but a second article today should not fetch again. */
export const VIDEO_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Answers from the database when this video was fetched recently; fetches and stores otherwise. */
export function cachedVideoSource(
  source: VideoSource,
  db: Db,
  maxAgeMs = VIDEO_CACHE_MAX_AGE_MS,
): VideoSource & Partial<AudioSource> {
  return {
    name: `${source.name}+cache`,
    // Audio is not cached: it is a file the source keeps (or downloads) itself.
    ...(canFetchAudio(source)
      ? {
          hasAudio: (videoId: string) => source.hasAudio(videoId),
          fetchAudio: (videoId: string) => source.fetchAudio(videoId),
        }
      : {}),
    async fetchVideo(videoId) {
      const cached = await readVideoCache(db, videoId, maxAgeMs);
      if (cached) return cached;
      const video = await source.fetchVideo(videoId);
      await writeVideoCache(db, video);
      return video;
    },
  };
}
