/**
 * Moment links (links to a time in the video): reading a link's moment, judging whether a
 * sentence's link fits where its words are said, and the edits that move, add or remove one.
 */
import { formatTimestamp, timestampUrl } from "../../content/text";
import type { Edit } from "./edits";
import { findLinks, type Link, splitBlocks } from "./markdown";
import { MIN_COVERAGE, MIN_PLACEABLE_WORDS, placer, tellingWords } from "./place";
import type { Sources } from "./sources";

/** A quotation's link further than this from where its words start is moved there. */
export const QUOTE_TOLERANCE_SECONDS = 3;

/** The moment (seconds) of a link to `videoId`; null when it has none; undefined for other links. */
export function momentOf(url: string, videoId: string): number | null | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/&amp;/g, "&"));
  } catch {
    return undefined;
  }
  const host = parsed.hostname.replace(/^(www|m|music)\./, "");
  const id =
    host === "youtu.be"
      ? parsed.pathname.slice(1).split("/")[0]
      : host === "youtube.com" || host === "youtube-nocookie.com"
        ? (parsed.searchParams.get("v") ?? /^\/(?:embed|shorts|live)\/([^/]+)/.exec(parsed.pathname)?.[1] ?? null)
        : null;
  if (id !== videoId) return undefined;
  const t = parsed.searchParams.get("t") ?? parsed.searchParams.get("start");
  if (t === null) return null;
  const hms = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(t.trim());
  if (!hms || !t.trim()) return Number.NaN;
  return Number(hms[1] ?? 0) * 3600 + Number(hms[2] ?? 0) * 60 + Number(hms[3] ?? 0);
}

/** A sentence without its links (labels included). */
function dropLinks(text: string): string {
  let out = "";
  let last = 0;
  for (const link of findLinks(text)) {
    out += `${text.slice(last, link.from)} `;
    last = link.to;
  }
  return out + text.slice(last);
}

/** A link's moment within the tolerance of where its words are. */
export function near(moment: number | null | undefined, seconds: number): boolean {
  return typeof moment === "number" && Number.isFinite(moment) && Math.abs(moment - seconds) <= QUOTE_TOLERANCE_SECONDS;
}

export function countMoments(markdown: string, videoId: string): number {
  let n = 0;
  for (const block of splitBlocks(markdown)) {
    for (const link of findLinks(block.text)) {
      const m = momentOf(link.url, videoId);
      if (m !== undefined && m !== null) n++;
    }
  }
  return n;
}

export function unlinkEdit(text: string, link: Link): Edit {
  // A link that is only a time ("1:15", "Watch from 1:15", "▶ 1:15") goes with its brackets around it.
  if (/^\s*(?:▶\s*)?(?:[\p{L} ]{0,20}\s)?\d{1,2}:\d{2}(?::\d{2})?\s*$/u.test(link.label)) {
    let from = link.from;
    let to = link.to;
    if (text[from - 1] === "(" && text[to] === ")") {
      from--;
      to++;
    }
    while (from > 0 && text[from - 1] === " ") from--;
    return { from, to, text: "" };
  }
  return { from: link.from, to: link.to, text: link.label };
}

/** A block that is nothing but one link (a section's "Watch from 1:25"). */
export function isLinkOnly(text: string): boolean {
  const links = findLinks(text.trim());
  return links.length === 1 && links[0].from === 0 && text.trim().slice(links[0].to).replace(/[.\s]/g, "") === "";
}

export function insideVideo(sources: Sources, seconds: number): boolean {
  const duration = sources.duration;
  return seconds >= 0 && (duration === null || seconds <= duration);
}

export function relinkEdit(videoId: string, link: Link, seconds: number): Edit {
  // A label that tells the time ("1:15", "about 2 minutes in", "a los 35 segundos") must tell the new one.
  const time = /\b\d{1,2}:\d{2}(?::\d{2})?\b/;
  const label = time.test(link.label)
    ? link.label.replace(time, formatTimestamp(seconds))
    : /\d/.test(link.label)
      ? formatTimestamp(seconds)
      : link.label;
  return { from: link.from, to: link.to, text: `[${label}](${timestampUrl(videoId, seconds)})` };
}

/**
 * A link to the quotation's moment at the end of its sentence (after a closing quotation mark,
 * before the full stop otherwise), or, when another quotation follows in the same sentence
 * (`nextOpen`), before the first comma, semicolon or dash between the two ('"…now" (0:15), and
 * Ana explains: "…"'), so each quotation is followed by its own moment.
 */
export function appendLinkEdit(
  videoId: string,
  text: string,
  [a, b]: [number, number],
  quoteClose: number,
  seconds: number,
  pull: boolean,
  nextOpen?: number,
): Edit {
  const link = `[${formatTimestamp(seconds)}](${timestampUrl(videoId, seconds)})`;
  if (pull) return { from: text.length, to: text.length, text: `\n>\n> — ${link}` };
  if (nextOpen !== undefined && nextOpen > quoteClose && nextOpen < b) {
    let at = quoteClose + 1;
    for (let k = at; k < nextOpen; k++) {
      if (/[,;—]/.test(text[k])) {
        at = k;
        break;
      }
    }
    while (at > quoteClose + 1 && /\s/.test(text[at - 1])) at--;
    return { from: at, to: at, text: ` (${link})` };
  }
  let at = b;
  while (at > a && /\s/.test(text[at - 1])) at--;
  if (at - 1 === quoteClose || /["”»」]/.test(text[at - 1] ?? "")) return { from: at, to: at, text: ` (${link})` };
  while (at > a && /[.!?…:;,]/.test(text[at - 1])) at--;
  return { from: at, to: at, text: ` (${link})` };
}

/** "keep" when the link's moment fits its sentence, a better moment, or null when it cannot be placed. */
export function placeSentence(sources: Sources, sentence: string, moment: number): "keep" | number | null {
  const chapterStarts = sources.video.chapters.map((c) => Math.floor(c.startSeconds));
  if (!sources.timed) return chapterStarts.includes(Math.floor(moment)) ? "keep" : null;
  // The link's own label is the writer's framing ("a los 35 segundos"), not what was said.
  const withoutLinks = dropLinks(sentence);
  // Too few telling words to say where a sentence is said: a moment inside the video stands.
  if (tellingWords(withoutLinks) < MIN_PLACEABLE_WORDS && insideVideo(sources, moment)) return "keep";
  const place = placer(sources, withoutLinks);
  if (!place?.best) {
    return insideVideo(sources, moment) && chapterStarts.includes(Math.floor(moment)) ? "keep" : null;
  }
  if (insideVideo(sources, moment)) {
    const there = place.coverageBetween(moment - 5, moment + 20);
    if (there >= Math.max(MIN_COVERAGE, place.best.coverage * 0.8) || Math.abs(place.best.start - moment) <= 15) {
      return "keep";
    }
  }
  return Math.floor(place.best.start);
}
