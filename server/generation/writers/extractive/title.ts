import { cleanText } from "./markdown";
import { isKnownAcronym } from "./sentences";

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u200D|\u20E3/gu;

// Bracketed asides that are packaging, not content.
const NOISE =
  /\b(?:official|music video|lyric|lyrics|audio|visuali[sz]er|hd|hq|4k|8k|1080p|720p|full (?:video|episode|movie|album)|remaster(?:ed)?|explicit|clean version|must watch|gone wrong|not clickbait|new|free|live|reupload|re-upload|subtitles?|subs|eng sub|cc|shorts?|viral|trending|\d{4} update|updated?)\b/i;

const SMALL = new Set("a an the and or but of to in on at for with from by as vs via per is".split(" "));

function calmShouting(title: string): string {
  const tokens = title.split(/(\s+)/);
  const isShout = (word: string) => {
    const bare = word.replace(/[^\p{L}\p{N}]/gu, "");
    if (bare.length < 1 || /\d/.test(bare) || bare !== bare.toUpperCase() || !/\p{Lu}/u.test(bare)) return false;
    return !isKnownAcronym(bare.toLowerCase());
  };
  // Words in a run of three or more shouted words, or shouted words of four letters or more
  // (short ones on their own are probably acronyms: "UFC", "BBQ").
  const words = tokens.map((t, i) => ({ t, i })).filter(({ t }) => !/^\s*$/.test(t));
  const calm = new Set<number>();
  let run: number[] = [];
  const flush = () => {
    if (run.length >= 3) for (const i of run) calm.add(i);
    run = [];
  };
  for (const { t, i } of words) {
    const bare = t.replace(/[^\p{L}\p{N}]/gu, "");
    if (isShout(t) || (run.length > 0 && /^\p{N}/u.test(bare))) run.push(i);
    else flush();
    if (isShout(t) && bare.length >= 4) calm.add(i);
  }
  flush();
  let first = true;
  return tokens
    .map((token, i) => {
      if (/^\s*$/.test(token)) return token;
      const isFirst = first;
      first = false;
      if (!calm.has(i) || !isShout(token)) return token;
      const lower = token.toLowerCase();
      if (!isFirst && SMALL.has(lower.replace(/[^\p{L}]/gu, ""))) return lower;
      return lower.replace(/\p{L}/u, (c) => c.toUpperCase());
    })
    .join("");
}

/**
 * Text without HTML elements (a script's or style's content with it), markdown images and links,
 * script addresses or template syntax ("{{title}}", "[[Category]]"): a title or a channel's name
 * is plain words, and such text is never a headline.
 */
export function stripMarkup(text: string): string {
  return (
    text
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<\/?[a-z][^>]*>/gi, " ")
      // Markdown images go whole, and so does a link to a script ("[click](javascript:…)"); any
      // other link keeps its words.
      .replace(/!\[[^\]\n]{0,200}\]\((?:[^()\n]|\([^()\n]{0,100}\)){0,500}\)/g, " ")
      .replace(/\[[^\]\n]{0,200}\]\(\s*(?:javascript|data|vbscript):(?:[^()\n]|\([^()\n]{0,100}\)){0,500}\)/gi, " ")
      .replace(/\[([^\]\n]{1,200})\]\((?:[^()\n]|\([^()\n]{0,100}\)){0,500}\)/g, "$1")
      .replace(/\b(?:javascript|vbscript):\S*/gi, " ")
      .replace(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\[\[[\s\S]*?\]\]|\$\{[^}]*\}/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/**
 * A headline from a video title: emoji, hashtags and packaging asides ("(Official Video)",
 * "[4K]", "| Channel Name") removed, shouting calmed ("INSANE" -> "Insane", an all-caps title
 * -> Title Case with acronyms kept), runs of "!!!" and "???" cut to one. Falls back to the
 * original title (without emoji) when nothing is left.
 */
export function cleanTitle(title: string, channelName = ""): string {
  // An emoji between words usually separates two parts of the title.
  const original = cleanText(
    stripMarkup(title)
      .replace(/([\p{L}\p{N}])\s*(?:(?:\p{Extended_Pictographic}|\uFE0F|\u200D)\s*)+(?=\p{L})/gu, "$1 — ")
      .replace(EMOJI, " "),
  );
  let out = original.replace(/(^|\s)#[\p{L}\p{N}_]+/gu, " ");
  out = out.replace(/[([【{]([^)\]】}]*)[)\]】}]/g, (whole, inner: string) =>
    NOISE.test(inner) || !/[\p{L}\p{N}]/u.test(inner) ? " " : whole,
  );
  const channel = channelName.trim().toLowerCase();
  const parts = out
    .split(/\s+[|｜•]\s+|\s+\/\/\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const kept = parts.filter(
    (p) => p.toLowerCase() !== channel && !/^(?:podcast|ep(?:isode)?\.?\s*#?\d+|#?\d+)$/i.test(p),
  );
  out = kept.length > 0 ? kept[0] : (parts[0] ?? "");
  // "Title - Channel" loses the channel; a leading "Artist – Song" names the subject and stays.
  if (channel) {
    const escaped = channel.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    out = out.replace(new RegExp(`\\s+[-–—]\\s+${escaped}$`, "i"), "");
  }
  out = out
    .replace(/([!?])[!?]+/g, "$1")
    .replace(/\.{4,}/g, "…")
    .replace(/\s+([,.!?:;])/g, "$1")
    .replace(/\s+/g, " ")
    .replace(/^[\s\-–—:|,.]+|[\s\-–—:|,]+$/g, "")
    .trim();
  out = calmShouting(out);
  if (!/[\p{L}\p{N}]/u.test(out)) out = original;
  return out.slice(0, 200).trim() || "Untitled video";
}
