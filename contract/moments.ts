/**
 * Moment links: an article links a quote or a section to the moment of the video it comes from
 * with `https://www.youtube.com/watch?v=<id>&t=<N>s` (server/content/text.ts timestampUrl).
 * The server counts them when an edit refreshes the receipts; the article page plays them in an
 * embedded player. Pure, so both sides read links the same way.
 */

const WATCH_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);
const SHORT_HOSTS = new Set(["youtu.be", "www.youtu.be"]);
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** Where embedded playback comes from: the only frame source the page's CSP allows. */
export const EMBED_ORIGIN = "https://www.youtube-nocookie.com";

/** Seconds in a YouTube `t` parameter ("75", "75s", "1m15s", "1h2m3s"); null when it is not one. */
export function parseMomentSeconds(value: string): number | null {
  const text = value.trim().toLowerCase();
  if (/^\d{1,6}s?$/.test(text)) return Number.parseInt(text, 10);
  const match = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s)?$/.exec(text);
  if (!match || !(match[1] || match[2] || match[3])) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

/**
 * The video and second a link points at, when it is a YouTube watch (or youtu.be) link with a
 * `t` parameter; null for anything else, including a watch link without a moment.
 */
export function parseMomentLink(href: string): { videoId: string; start: number } | null {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  let videoId: string | null = null;
  if (WATCH_HOSTS.has(host) && url.pathname === "/watch") videoId = url.searchParams.get("v");
  else if (SHORT_HOSTS.has(host)) videoId = url.pathname.split("/")[1] ?? null;
  if (!videoId || !VIDEO_ID.test(videoId)) return null;
  const t = url.searchParams.get("t") ?? url.searchParams.get("start");
  const start = t === null ? null : parseMomentSeconds(t);
  return start === null ? null : { videoId, start };
}

/** The link an article uses for a moment (the same form the writers produce). */
export function momentUrl(videoId: string, seconds: number): string {
  return `https://www.youtube.com/watch?v=${videoId}&t=${Math.max(0, Math.floor(seconds))}s`;
}

/** The privacy-enhanced embed that starts playing at a moment. */
export function momentEmbedUrl(videoId: string, seconds: number): string {
  return `${EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}?start=${Math.max(0, Math.floor(seconds))}&autoplay=1`;
}

/** 75 -> "1:15", 3725 -> "1:02:05". */
export function formatMoment(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h > 0 ? `${h}:${String(m).padStart(2, "0")}` : m}:${String(s).padStart(2, "0")}`;
}
