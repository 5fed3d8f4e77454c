import type { VideoComment } from "../../types";
import { cleanText } from "./markdown";
import { splitProse } from "./sentences";

export interface PickedComment {
  /** The commenter's handle as shown ("@name"), plain text. */
  author: string;
  /** The comment, cleaned and shortened to a quotable length, plain text. */
  text: string;
  likes: number;
}

const SPAM =
  /\b(?:subscribe to (?:me|my)|check out my|my channel|visit my|promo|giveaway|whats?app|telegram|crypto ?trad|forex|invest(?:ment)? (?:with|manager)|dm me|message me|contact me|click (?:here|the link)|free (?:gift|money|v-?bucks|robux)|bit\.ly|onlyfans|earn \$|\$\d+ (?:a|per) day|sugar daddy|hot singles)\b/i;
const LINKISH =
  /(?:https?:\/\/|www\.|javascript:|data:|\]\(|<\/?[a-z!]|\b[\w-]+\.(?:com|net|org|io|ly|me|gg|xyz|info|biz|co)\b|@\w+\.\w+)/i;
const PHONE = /\+?\d[\d\s-]{8,}\d/;
const LOW_EFFORT =
  /^(?:first|second|third|early|here before|who'?s (?:here|watching)|anyone (?:here|watching)|like if|notification squad|nice video|great video|good video|love it|love this|amazing|awesome)\b/i;

// A complaint about the recording itself ("Audio is very quiet for the first couple of minutes,
// turn it up"): about the upload, not the subject, and no reader's reaction to what was said.
const RECORDING =
  /\b(?:audio|volume|sound|mic|microphone|video quality|picture|resolution|subtitles|captions)\b[^.!?]{0,40}\b(?:quiet|low|loud|bad|terrible|awful|off|out of sync|muffled|echoe?y|cuts? out|blurry|too fast|wrong)\b|\b(?:turn (?:it|the volume) up|can'?t hear|hard to hear)\b/i;

/** Why a comment would embarrass an article, or null when it is fit to quote. */
export function commentProblem(comment: VideoComment): string | null {
  const text = cleanText(comment.text);
  if (LINKISH.test(text)) return "link";
  if (SPAM.test(text) || PHONE.test(text)) return "spam";
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (words.length < 6 || text.length < 30) return "short";
  if (LOW_EFFORT.test(text) && words.length < 10) return "low effort";
  const letters = text.replace(/[^\p{L}]/gu, "");
  if (letters.length / text.replace(/\s/g, "").length < 0.6) return "symbols";
  const upper = letters.replace(/[^\p{Lu}]/gu, "");
  if (letters.length > 12 && upper.length / letters.length > 0.6) return "shouting";
  if (/^(?:\d{1,2}:)?\d{1,2}:\d{2}\b/.test(text) && words.length < 10) return "timestamp";
  if (/(.)\1{5,}/u.test(text)) return "repeated characters";
  if (RECORDING.test(text) && words.length < 25) return "about the recording";
  return null;
}

/** A comment shortened to at most `max` characters, ending at a sentence if it can. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = "";
  for (const sentence of splitProse(text)) {
    if ((out ? `${out} ${sentence}` : sentence).length > max) break;
    out = out ? `${out} ${sentence}` : sentence;
  }
  if (out.length >= 40) return out;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max * 0.6)).replace(/[\s,;:.!?-]+$/, "")}…`;
}

function handle(author: string): string {
  const clean = cleanText(author).replace(/^@+/, "").slice(0, 40).trim();
  if (!clean) return "a viewer";
  return /\s/.test(clean) ? clean : `@${clean}`;
}

/**
 * The comments worth quoting: spam, links, very short, shouting and repeated comments removed, the
 * rest ordered by likes (the source's order breaks ties) and shortened to about 220 characters.
 */
export function pickComments(comments: readonly VideoComment[] | null, max: number): PickedComment[] {
  if (!comments || max <= 0) return [];
  const seen = new Set<string>();
  const ranked = comments
    .map((comment, order) => ({ comment, order }))
    .filter(({ comment }) => commentProblem(comment) === null)
    .sort((a, b) => b.comment.likes - a.comment.likes || a.order - b.order);
  const out: PickedComment[] = [];
  for (const { comment } of ranked) {
    const clean = cleanText(comment.text);
    // Only a comment wrapped whole in quotes loses them; a quote inside it stays.
    const unwrapped = /^["“][^"“”]*["”]$/.test(clean) ? clean.slice(1, -1) : clean;
    const text = shorten(unwrapped, 220);
    const key = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, "")
      .slice(0, 60);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ author: handle(comment.author), text, likes: Math.max(0, Math.floor(comment.likes)) });
    if (out.length >= max) break;
  }
  return out;
}
