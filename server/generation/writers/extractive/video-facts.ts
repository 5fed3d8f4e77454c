import type { VideoData } from "../../types";
import type { FrameLanguage, Frames } from "./frames";
import { cleanText } from "./markdown";
import { describedPresenter, guessSpeaker, isNews, type SpeakerKind, selfIntroduced, type Voice } from "./speakers";
import { cleanTitle, stripMarkup } from "./title";

// The facts about a video the plan starts from (who speaks, when, how long, how watched), in
// the words the framing states them; split from plan.ts, which builds the rest of the plan.

/** Facts about the video the framing may state (all plain text; escape before use). */
export interface Meta {
  videoId: string;
  url: string;
  headline: string;
  channel: string;
  /** Who speaks in the video, as first mentioned. */
  speaker: string;
  /** Later mentions (a surname, or the channel name). */
  speakerShort: string;
  speakerKind: SpeakerKind;
  /**
   * Who says each speaker turn, when the transcript has more than one speaker or labels its
   * speaker; a turn not listed is the speaker's.
   */
  voices: Map<number, Voice>;
  /**
   * What the description says a named speaker is ("superintendent of the Fernvale School
   * District"), by full name: said once, where the article first names them (speaker-roles.ts).
   */
  roles: Map<string, string>;
  /** A reporter or presenter the description names, when the speaker is a news channel. */
  reporter: string | null;
  /** The language the article is framed in; null when unknown (fewer English frames). */
  lang: FrameLanguage | null;
  /** "March 1, 2025". */
  date: string | null;
  /** "21-minute", "2-hour". */
  duration: string | null;
  /** "more than 48,000", "1.2 million". */
  views: string | null;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

export function formatDuration(seconds: number | null): string | null {
  if (!seconds || seconds < 20) return null;
  if (seconds < 90) return `${Math.round(seconds)}-second`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 100) return `${minutes}-minute`;
  const hours = Math.round((seconds / 3600) * 2) / 2;
  return `${hours}-hour`;
}

export function formatViews(views: number | null): string | null {
  if (!views || views < 100) return null;
  if (views >= 1_000_000) {
    const millions = Math.floor(views / 100_000) / 10;
    return `more than ${millions.toLocaleString("en-US")} million`;
  }
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(views)) - 1);
  const rounded = Math.floor(views / magnitude) * magnitude;
  return rounded === views ? views.toLocaleString("en-US") : `more than ${rounded.toLocaleString("en-US")}`;
}

/** `opening`: what is said first and last, where speakers name themselves. */
export function buildMeta(video: VideoData, frames: Frames, lang: FrameLanguage | null, opening = ""): Meta {
  // "Tech <b>Deals</b> Daily" is Tech Deals Daily: a name is its words, not its markup.
  const channel = cleanText(stripMarkup(video.channel.name)) || "the creator";
  const description = cleanText(video.description);
  const guessed = guessSpeaker(cleanText(video.title), channel, description, opening);
  // A speaker who names themself at the start or the end ("Je m'appelle Claire Martin") is who
  // speaks, whatever the channel is called; a news report's names are read turn by turn instead.
  const introduced = isNews(channel)
    ? null
    : selfIntroduced(opening, `${cleanText(video.title)} ${description} ${channel}`, channel);
  const speaker = introduced
    ? { name: introduced, short: introduced.split(/\s+/).pop() ?? introduced, kind: "person" as const }
    : guessed;
  // "the report", "the speaker" in the article's language.
  const anonymous = speaker.name === "the report" ? frames.report : frames.anonymousSpeaker;
  const named = speaker.kind === "anonymous" ? { ...speaker, name: anonymous, short: anonymous } : speaker;
  return {
    videoId: video.id,
    url: video.url,
    headline: cleanTitle(video.title, channel),
    channel,
    speaker: named.name,
    speakerShort: named.short,
    speakerKind: named.kind,
    voices: new Map(),
    roles: new Map(),
    reporter: isNews(channel) ? describedPresenter(description, channel) : null,
    lang,
    date: formatDate(video.publishedAt),
    duration: formatDuration(video.durationSeconds),
    views: formatViews(video.viewCount),
  };
}
