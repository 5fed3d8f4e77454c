/**
 * The answer made whole and safe before it is kept: fields the model left out filled in (title,
 * excerpt, tags, category) and links it may not keep turned into their text.
 */
import { CREATE_CATEGORIES } from "../../../../contract/options";
import { normalizeTags } from "../../../content/text";
import { inferCategory } from "../../categorize";
import type { VideoData, WriteRequest } from "../../types";
import type { ParsedAnswer } from "./envelope";
import { transcriptText } from "./transcript";

const MAX_TITLE_CHARS = 150;
const MAX_EXCERPT_CHARS = 300;
const MIN_TAGS = 3;
const MAX_TAGS = 8;

/** Fills what the model left out: title from the video, excerpt from the body, tags, category. */
export function completeAnswer(request: WriteRequest, answer: ParsedAnswer) {
  const { video } = request;
  const title = clip(answer.title?.trim() || video.title.trim() || "Untitled video", MAX_TITLE_CHARS);
  const excerpt = clip(plainText(answer.excerpt?.trim() || firstParagraph(answer.body)), MAX_EXCERPT_CHARS);
  const category =
    request.category ??
    matchCreateCategory(answer.category) ??
    inferCategory(video, transcriptText(request.transcript));
  const tags = completeTags(answer.tags ?? [], [title, video.title], category, video);
  return { title, excerpt, tags, category, body: answer.body };
}

export function definedFields(answer: ParsedAnswer): Partial<ParsedAnswer> {
  return Object.fromEntries(Object.entries(answer).filter(([, value]) => value !== undefined));
}

/** One of the create categories when the model's answer names one, else null. */
export function matchCreateCategory(value: string | undefined): string | null {
  if (!value) return null;
  const text = value.toLowerCase().replace(/[^a-z ]+/g, " ");
  const exact = CREATE_CATEGORIES.find((c) => text.trim() === c.toLowerCase());
  if (exact) return exact;
  return CREATE_CATEGORIES.find((c) => new RegExp(`\\b${c.toLowerCase()}\\b`).test(text)) ?? null;
}

const STOPWORDS = new Set(
  "a an and are as at be but by for from has have how i in into is it its of on or our so that the their this to was we what when where which who why will with you your about after before more most than then these they those over under video videos official full new part episode".split(
    " ",
  ),
);

/** The model's tags, normalised, topped up from title keywords to at least three, at most eight. */
export function completeTags(
  tags: readonly string[],
  titles: readonly string[],
  category: string,
  video: VideoData,
): string[] {
  let out = normalizeTags(tags, MAX_TAGS);
  if (out.length < MIN_TAGS) {
    const keywords = titles
      .flatMap((t) => t.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [])
      .filter((w) => w.length >= 4 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
    out = normalizeTags([...out, ...keywords], MAX_TAGS);
  }
  if (out.length < MIN_TAGS) out = normalizeTags([...out, category, video.channel.name, "YouTube"], MAX_TAGS);
  return out;
}

/** Marks a removed link so the space before it goes too. */
const REMOVED = "\uE000";

/**
 * Links the model may keep: this video's own watch links (timestamps within its duration) and
 * links that appear in the video's description. Anything else becomes its plain text, so neither
 * a hallucinated source nor a link planted in a comment reaches the page. Images are dropped.
 */
export function keepTrustedLinks(markdown: string, video: VideoData): string {
  return markdown
    .replace(
      /(!?)\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"\n]*")?\s*\)/g,
      (whole, bang: string, text: string, url: string) => {
        if (bang) return text;
        if (isOwnVideoLink(url, video) || (url.startsWith("http") && video.description.includes(url))) return whole;
        // A label that is only a time ("7:18") means nothing without its link: it goes, with the space before it.
        return /^\s*\d{1,2}:\d{2}(?::\d{2})?\s*$/.test(text) ? REMOVED : text;
      },
    )
    .replace(/ ?\uE000/g, "");
}

function isOwnVideoLink(url: string, video: VideoData): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.replace(/^(www|m)\./, "");
  const id =
    host === "youtu.be" ? parsed.pathname.slice(1) : host === "youtube.com" ? parsed.searchParams.get("v") : null;
  if (id !== video.id) return false;
  const t = parsed.searchParams.get("t");
  if (t === null) return true;
  const seconds = Number.parseInt(t, 10);
  if (!Number.isFinite(seconds) || seconds < 0) return false;
  return video.durationSeconds === null || seconds <= video.durationSeconds + 5;
}

function firstParagraph(markdown: string): string {
  const blocks = markdown.split(/\n\s*\n/).map((b) => b.trim());
  return blocks.find((b) => b && !/^(#{1,6}\s|[-*+]\s|\d+[.)]\s|>)/.test(b)) ?? blocks.find(Boolean) ?? "";
}

function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#>]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}
