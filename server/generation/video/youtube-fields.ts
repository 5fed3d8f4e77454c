import type { Thumbnail } from "../types";
import { standardThumbnails } from "./fixtures";

/* What both YouTube clients (youtube.ts: Innertube, youtube-data-api.ts: the Data API) read alike. */

/** An ISO 8601 timestamp from any date text Date.parse reads; null when it reads none. */
export function toIsoDate(value: string): string | null {
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Usable thumbnails, largest first, each once; YouTube's standard ones when none is usable. */
export function pickThumbnails(thumbnails: ReadonlyArray<Thumbnail>, videoId: string): Thumbnail[] {
  const seen = new Set<string>();
  const usable = thumbnails
    .filter((t) => t.url && t.width > 0 && t.height > 0)
    .map((t) => ({ url: t.url.startsWith("//") ? `https:${t.url}` : t.url, width: t.width, height: t.height }))
    .sort((a, b) => b.width * b.height - a.width * a.height)
    .filter((t) => !seen.has(t.url) && seen.add(t.url));
  return usable.length > 0 ? usable : standardThumbnails(videoId);
}
