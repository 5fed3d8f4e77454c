import { isAside, isInstruction, isUntrusted } from "./filters";
import { cleanText, stripUrls } from "./markdown";
import { splitProse } from "./sentences";

// What the extractive writer takes from a video's description: its prose sentences and its lists.

export const DESCRIPTION_NOISE =
  /\b(?:subscribe|follow (?:me|us)|patreon|sponsor|affiliate|discount|promo|coupon|merch|instagram|twitter|tiktok|facebook|linkedin|discord|newsletter|business inquiries|contact|email me|support the channel|buy me a coffee|#ad|music by|licensed|copyright|all rights reserved|chapters?|timestamps?)\b/i;

// A line about the channel rather than the video: when it airs, whether comments are open.
const HOUSEKEEPING =
  /\b(?:comments?|comment section)\s+(?:are|is|have been|has been)?\s*(?:turned off|switched off|disabled|closed|off)\b|\b(?:weeknights|weekdays|weekends|nightly|every (?:day|night|week|weekday|weeknight|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b[^.]{0,40}?\b(?:at|from)\s+\d|\bnew (?:videos?|episodes?) (?:every|each)\b|\b(?:comentarios|commentaires|kommentare|comentários)\b[^.]{0,30}?\b(?:desactivad|désactivé|deaktiviert|desativad|cerrad|fermé|geschlossen)/iu;

/** The sentences of a description worth using: no links, chapter lists, hashtags or plugs. */
export function descriptionSentences(description: string): string[] {
  const out: string[] = [];
  for (const line of description.replace(/\r\n?/g, "\n").split(/\n+/)) {
    const text = cleanText(line);
    if (!text) continue;
    if (/^(?:\d{1,2}:)?\d{1,2}:\d{2}\b/.test(text)) continue;
    // A list's line (a step, an ingredient) belongs to its list, not to the prose.
    if (STEP_MARKER.test(text) || BULLET.test(text)) continue;
    if (/https?:\/\/|www\./i.test(text) || DESCRIPTION_NOISE.test(text)) continue;
    if (/^(?:#[\p{L}\p{N}_]+\s*)+$/u.test(text)) continue;
    // Hashtags ending a line go; one inside a sentence is a word of it ("a #sourdough loaf").
    const tagless = text.replace(/(?:\s*#[\p{L}\p{N}_]+)+\s*$/u, "").replace(/(^|\s)#(\p{L}[\p{L}\p{N}_]*)/gu, "$1$2");
    for (const [k, sentence] of splitProse(stripUrls(tagless)).entries()) {
      const words = sentence.split(/\s+/).length;
      if (words < 5 || words > 50) continue;
      if (!/[.!?…]["”’)]*$/.test(sentence) && words < 12) continue;
      // A line written in lower case ("git switch dash is the fastest way to…") is still the
      // creator's sentence when it opens the line and ends as one (kept as written: it may be quoted).
      const lower = k === 0 && words >= 8 && /^\p{Ll}/u.test(sentence) && /[.!?]$/.test(sentence);
      if (!lower && !/^["“'‘(]?[\p{Lu}\p{N}]/u.test(sentence)) continue;
      if (HOUSEKEEPING.test(sentence)) continue;
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
  /**
   * "steps" for a method (numbered lines, "Step 1…", or a "Method"/"Instructions" label), shown as
   * a numbered list with every step; "ingredients" for what a recipe needs, with quantities;
   * "plain" for any other list (a line-up, a setlist).
   */
  kind: "steps" | "ingredients" | "plain";
}

// Most items and words a list item keeps: a method's steps are kept whole, every one of them.
const MAX_ITEMS = 40;
const MAX_STEP_WORDS = 80;
const MAX_ITEM_WORDS = 20;

const STEP_MARKER =
  /^(?:(?:step|paso|étape|etape|schritt|passo)\s*(\d{1,2})\s*[:.)–—-]?|(\d{1,2})\s*[.)](?!\d)|(\d{1,2})\s*[:–—-](?!\d))\s*/iu;
const BULLET = /^[-*•–—·▪►✓✔]\s*/u;
const STEPS_LABEL =
  /\b(?:method|steps?|instructions?|directions?|how to make( it)?|preparation|procedure|méthode|préparation|étapes|instrucciones|preparación|pasos|elaboración|zubereitung|anleitung|schritte|modo de (?:preparo|fazer)|preparo|passos)\b/iu;
const INGREDIENTS_LABEL =
  /\b(?:ingredients?|ingrédients|ingredientes|zutaten|you(?:'ll| will)? need|what you need|shopping list)\b/iu;
// A quantity: a number or fraction, with or without a unit ("500 g", "2 tbsp", "½ cup", "a pinch").
const QUANTITY = /(?:^|\s)(?:\d+(?:[.,/]\d+)?|[½¼¾⅓⅔⅛])\s*(?:[a-zA-Zµ%°]{0,12}\b)|\b(?:a pinch|a handful|to taste)\b/iu;

const isNoiseLine = (line: string) =>
  /https?:\/\/|www\./i.test(line) ||
  /^(?:\d{1,2}:)?\d{1,2}:\d{2}\b/.test(line) ||
  DESCRIPTION_NOISE.test(line) ||
  isUntrusted(line) ||
  isInstruction(line) ||
  isAside(line);

/** Whether a line introduces a list ("INGREDIENTS", "Method:", "The band is:"). */
function isLabel(line: string): boolean {
  if (STEP_MARKER.test(line) || BULLET.test(line)) return false;
  const words = line.split(/\s+/).length;
  if ((/:$/.test(line) && words <= 8) || (words <= 4 && !/[.!?]$/.test(line))) return true;
  // "INGRÉDIENTS (moule de 26 cm)", "Ingredients (serves 4)": a list's name and a note in brackets.
  const named = line.replace(/\s*\([^()]{0,60}\)\s*$/, "");
  return named !== line && named.split(/\s+/).length <= 4 && !/[.!?]$/.test(named);
}

/**
 * Lists in a description: blocks of at least three short lines (no links, no timestamps, no
 * plugs, nothing untrusted), with a short or colon-ended first line as their label ("RECIPE
 * (control loaf)", "Method:"). A label inside a block starts a new list, so "Ingredients" and
 * "Method" written without a blank line between them are two lists. A method keeps every step
 * whole, with its quantities; other items stay short. Chapter lists are left out: chapters are
 * used directly.
 */
export function descriptionLists(description: string): DescriptionList[] {
  const out: DescriptionList[] = [];
  const lines = description
    .replace(/\r\n?/g, "\n")
    .slice(0, 20_000)
    .split("\n")
    .map((l) => cleanText(l));
  // Groups of lines: a blank line or a label line ends one.
  const groups: Array<{ label: string | null; lines: string[] }> = [];
  let current: { label: string | null; lines: string[] } | null = null;
  for (const [k, line] of lines.entries()) {
    if (!line) {
      current = null;
      continue;
    }
    const next = lines[k + 1] ?? "";
    const startsList =
      isLabel(line) && (current === null || /:$/.test(line) || STEP_MARKER.test(next) || BULLET.test(next));
    if (startsList) {
      current = { label: line.replace(/:$/, "").trim(), lines: [] };
      groups.push(current);
      continue;
    }
    if (!current) {
      current = { label: null, lines: [] };
      groups.push(current);
    }
    current.lines.push(line);
  }
  for (const group of groups) {
    const { label } = group;
    if (
      label &&
      (isNoiseLine(label) ||
        (!/^(?:setlist|tracklist|track list)$/i.test(label) &&
          /\b(?:gear|links?|socials?|follow|support|credits?)\b/i.test(label)))
    ) {
      continue;
    }
    const numbered = group.lines.filter((l) => STEP_MARKER.test(l)).length;
    const labelSays =
      label === null ? null : STEPS_LABEL.test(label) ? "steps" : INGREDIENTS_LABEL.test(label) ? "ingredients" : null;
    const steps =
      labelSays === "steps" || (labelSays === null && numbered >= 2 && numbered >= group.lines.length * 0.6);
    const ingredients =
      !steps &&
      (labelSays === "ingredients" ||
        group.lines.filter((l) => QUANTITY.test(l.replace(BULLET, ""))).length >= group.lines.length * 0.6);
    const items: string[] = [];
    for (const raw of group.lines) {
      const text = raw
        .replace(BULLET, "")
        .replace(steps ? STEP_MARKER : /^$/, "")
        .trim();
      if (!text || isNoiseLine(raw) || isNoiseLine(text)) continue;
      const words = text.split(/\s+/).length;
      // A method's step and a line under an ingredients label ("Pâte sablée : 250 g de farine,
      // 125 g de beurre…") are kept whole, however long; other items stay short (a description's
      // prose lines with figures in them are no list).
      if (words > (steps || labelSays === "ingredients" ? MAX_STEP_WORDS : MAX_ITEM_WORDS)) continue;
      items.push(text);
    }
    // A method may be as short as two steps; anything else needs three lines, most of them kept.
    const least = steps ? 2 : 3;
    if (items.length < least || items.length < group.lines.length * 0.7) continue;
    out.push({
      label,
      items: items.slice(0, MAX_ITEMS),
      kind: steps ? "steps" : ingredients ? "ingredients" : "plain",
    });
  }
  return out;
}

// "Isla MacRae – vocals, fiddle", "Ana Ruiz: producer": a name, a dash or colon, what they do.
const CREDIT = /^([^–—:()]{1,60}?)\s+[–—-]\s+(.{1,80})$|^([^–—:()]{1,60}?):\s+(.{1,80})$/u;

/**
 * A plain list's items as they read inside one sentence: a line-up of "Name – role" lines
 * becomes "Name (role)", and items that hold commas of their own are parted by semicolons, so
 * "Isla MacRae – vocals, fiddle" and the next name cannot run together. Linear in the items.
 */
export function inlineItems(items: readonly string[], and: string): string {
  const credits = items.map((item) => CREDIT.exec(item));
  const lineUp = credits.filter(Boolean).length >= Math.max(2, items.length * 0.7);
  const shown = items.map((item, k) => {
    const credit = lineUp ? credits[k] : null;
    if (!credit) return item;
    const name = (credit[1] ?? credit[3]).trim();
    // "accordion and keys (touring)": no brackets inside brackets.
    const role = (credit[2] ?? credit[4]).replace(/\s*\(([^()]{1,40})\)/g, ", $1").trim();
    return `${name} (${role})`;
  });
  const commas = shown.some((item) => item.replace(/\([^()]*\)/g, "").includes(","));
  if (shown.length <= 1) return shown[0] ?? "";
  const separator = commas ? "; " : ", ";
  return `${shown.slice(0, -1).join(separator)}${commas ? ";" : ""} ${and} ${shown[shown.length - 1]}`;
}
