import { cleanText, stripUrls } from "./markdown";
import { splitProse } from "./sentences";

// What the extractive writer takes from a video's description: its prose sentences and its lists.

export const DESCRIPTION_NOISE =
  /\b(?:subscribe|follow (?:me|us)|patreon|sponsor|affiliate|discount|promo|coupon|merch|instagram|twitter|tiktok|facebook|linkedin|discord|newsletter|business inquiries|contact|email me|support the channel|buy me a coffee|#ad|music by|licensed|copyright|all rights reserved|chapters?|timestamps?)\b/i;

/** The sentences of a description worth using: no links, chapter lists, hashtags or plugs. */
export function descriptionSentences(description: string): string[] {
  const out: string[] = [];
  for (const line of description.replace(/\r\n?/g, "\n").split(/\n+/)) {
    const text = cleanText(line);
    if (!text) continue;
    if (/^(?:\d{1,2}:)?\d{1,2}:\d{2}\b/.test(text)) continue;
    if (/https?:\/\/|www\./i.test(text) || DESCRIPTION_NOISE.test(text)) continue;
    if (/^(?:#[\p{L}\p{N}_]+\s*)+$/u.test(text)) continue;
    // Hashtags ending a line go; one inside a sentence is a word of it ("a #sourdough loaf").
    const tagless = text.replace(/(?:\s*#[\p{L}\p{N}_]+)+\s*$/u, "").replace(/(^|\s)#(\p{L}[\p{L}\p{N}_]*)/gu, "$1$2");
    for (const sentence of splitProse(stripUrls(tagless))) {
      const words = sentence.split(/\s+/).length;
      if (words < 5 || words > 50) continue;
      if (!/[.!?…]["”’)]*$/.test(sentence) && words < 12) continue;
      if (!/^["“'‘(]?[\p{Lu}\p{N}]/u.test(sentence)) continue;
      out.push(/[.!?…]["”’)]*$/.test(sentence) ? sentence : `${sentence}.`);
      if (out.length >= 14) return out;
    }
  }
  return out;
}

/** A list in a description: a recipe, a line-up, a setlist, with the line that introduces it. */
export interface DescriptionList {
  label: string | null;
  items: string[];
}

/**
 * Lists in a description: blocks of at least three short lines (no links, no timestamps, no
 * plugs), with a short or colon-ended first line as their label ("RECIPE (control loaf)",
 * "The band is:"). Chapter lists are left out: chapters are used directly.
 */
export function descriptionLists(description: string): DescriptionList[] {
  const out: DescriptionList[] = [];
  for (const block of description.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = block
      .split("\n")
      .map((l) => cleanText(l.replace(/^[-*•]\s*/, "")))
      .filter(Boolean);
    if (lines.length < 3) continue;
    let label: string | null = null;
    const first = lines[0];
    if (/:$/.test(first) || (first.split(/\s+/).length <= 4 && !/[.!?]$/.test(first))) {
      label = first.replace(/:$/, "");
      lines.shift();
    }
    if (
      label &&
      (DESCRIPTION_NOISE.test(label) ||
        (/^(?:setlist|tracklist|track list)$/i.test(label) === false &&
          /\b(?:gear|links?|socials?|follow|support|credits?)\b/i.test(label)))
    )
      continue;
    const items = lines.filter(
      (l) =>
        !/https?:\/\/|www\./i.test(l) &&
        !/^(?:\d{1,2}:)?\d{1,2}:\d{2}\b/.test(l) &&
        !DESCRIPTION_NOISE.test(l) &&
        l.split(/\s+/).length <= 14,
    );
    if (items.length < 3 || items.length < lines.length * 0.7) continue;
    out.push({ label, items: items.slice(0, 12) });
  }
  return out;
}
