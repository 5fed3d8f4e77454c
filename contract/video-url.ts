/** A YouTube video id: exactly 11 characters of the URL-safe base64 alphabet. */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

// An id at the start of a path segment or parameter, allowing trailing junk that is clearly not
// part of it ("ID&t=1" when someone pastes a youtu.be link with "&" instead of "?"), but never a
// longer run of id characters: "ID1" is a different, invalid id, not ID.
const LEADING_ID = /^([A-Za-z0-9_-]{11})(?:[^A-Za-z0-9_-]|$)/;

// Exact host names only: suffix matching would let "youtube.com.evil.example" or
// "notyoutube.com" through.
const WATCH_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const NOCOOKIE_HOSTS = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com"]);
const SHORT_HOSTS = new Set(["youtu.be", "www.youtu.be"]);

// Path prefixes whose next segment is the video id.
const ID_PATHS = new Set(["shorts", "embed", "live", "v", "e"]);

// Words that fill an id-shaped slot in a URL without being a video ("embed/videoseries?list=..."
// plays a playlist).
const NOT_IDS = new Set(["videoseries"]);

/** True when `value` has the shape of a video id. */
export function isVideoId(value: string): boolean {
  return VIDEO_ID_PATTERN.test(value) && !NOT_IDS.has(value);
}

/** The canonical watch URL of a video. */
export function videoUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

/**
 * The video id in whatever people paste: a watch, short, embed, live or youtu.be link from any of
 * YouTube's hosts (with or without scheme, with any extra parameters) or a bare id. Anything else,
 * including other hosts, channel and playlist pages, and ids of the wrong length, gives null.
 */
export function parseVideoId(input: string): string | null {
  const text = input.trim();
  if (!text || text.length > 2048) return null;
  if (isVideoId(text)) return text;

  const url = toUrl(text);
  if (!url) return null;
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  // "https://youtube.com@evil.example/..." would be caught by the host check; a login part on a
  // YouTube host is just as suspicious and never what a share button produces.
  if (url.username || url.password || url.port) return null;

  const host = url.hostname.replace(/\.$/, "");
  const segments = url.pathname.split("/").filter(Boolean);

  if (SHORT_HOSTS.has(host)) return leadingId(segments[0]);
  if (NOCOOKIE_HOSTS.has(host)) return segments[0] === "embed" || segments[0] === "v" ? leadingId(segments[1]) : null;
  if (!WATCH_HOSTS.has(host)) return null;

  const [first, second] = segments;
  if (first === "watch" || first === "watch_popup") {
    if (second) return leadingId(second);
    return leadingId(url.searchParams.get("v") ?? undefined);
  }
  if (first && second && ID_PATHS.has(first)) return leadingId(second);
  if (first === "attribution_link") return parseAttributionLink(url.searchParams.get("u"));
  // The old mobile site kept the route in the fragment: m.youtube.com/#/watch?v=ID
  if (!first && url.hash.startsWith("#/watch?")) {
    return leadingId(new URLSearchParams(url.hash.slice("#/watch?".length)).get("v") ?? undefined);
  }
  return null;
}

function leadingId(value: string | undefined): string | null {
  if (!value) return null;
  const match = LEADING_ID.exec(value);
  return match && isVideoId(match[1]) ? match[1] : null;
}

// A share link that wraps a relative watch URL: /attribution_link?u=/watch%3Fv%3DID%26feature%3Dshare
function parseAttributionLink(target: string | null): string | null {
  if (!target?.startsWith("/watch?")) return null;
  return leadingId(new URLSearchParams(target.slice("/watch?".length)).get("v") ?? undefined);
}

function toUrl(text: string): URL | null {
  let candidate = text;
  if (/\s/.test(candidate)) return null;
  if (candidate.startsWith("//")) candidate = `https:${candidate}`;
  else if (!/^https?:\/\//i.test(candidate)) {
    // Any other scheme (javascript:, data:, ftp:) is refused; "youtube.com:443/..." is a host
    // with a port, not a scheme, and falls through to get one.
    if (/^[a-z][a-z0-9+.-]*:/i.test(candidate) && !/^[a-z0-9.-]+:\d+(\/|$)/i.test(candidate)) return null;
    candidate = `https://${candidate}`;
  }
  try {
    return new URL(candidate);
  } catch {
    return null;
  }
}
