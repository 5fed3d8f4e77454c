/** YouTube ids are 11 characters of [A-Za-z0-9_-]; anything else is not worth a request. */
const VIDEO_ID = /^[\w-]{11}$/;

/**
 * The pictures to try for a card, best first: the full-size video thumbnail, the lower-resolution
 * one that every video has, then the category picture (spec section 2).
 */
export function thumbnailSources(videoId: string | null | undefined, fallback: string): string[] {
  if (!videoId || !VIDEO_ID.test(videoId)) return [fallback];
  const base = `https://i.ytimg.com/vi/${videoId}`;
  return [`${base}/maxresdefault.jpg`, `${base}/hqdefault.jpg`, fallback];
}

/**
 * YouTube answers a missing maxresdefault with a 120×90 grey placeholder rather than always
 * with an error, so a picture that narrow counts as a failed load.
 */
export function isPlaceholderThumbnail(naturalWidth: number): boolean {
  return naturalWidth > 0 && naturalWidth <= 120;
}
