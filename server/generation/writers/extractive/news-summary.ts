import { isAside, isInstruction } from "./filters";
import { APPEARS_WITH, isAuxiliary, isPastForm, presentBeforeObject } from "./headline-sentence";
import type { Plan } from "./plan";
import { isCleanStatement } from "./story";

/*
 * The creator's own summary of what happened, at the head of the description: the news a story
 * leads with (nyt.ts) and a headline states (headline.ts), when the video's words take it for
 * granted (a match's commentary never says the score).
 */

// Words a tagline's noun phrase goes on with before any verb ("A fast curry with crispy roasted…").
const PHRASE_GOES_ON = /^(?:with|for|from|in|on|of|about|to|at|by|and|or|after|before|during|into|through)$/i;
// Who appears with whom beyond a headline's APPEARS_WITH: "speaks with", "interviews", "shows".
const MORE_APPEARANCE = /\bspeaks?\s+(?:with|to)\b|\b(?:interviews|welcomes|hosts|shows|walks\s+(?:you\s+)?through)\b/i;

/**
 * The description's first sentence when it states the news in the third person ("A burst water
 * main flooded the Old Station Market in Osuben early Tuesday, closing the market and two
 * roads."), for an English lede the transcript cannot give: a subject and then its verb, before
 * any preposition (not a tagline: "A fast weeknight curry with crispy roasted chickpeas"), and no
 * question, quotation, plug or first person.
 */
export function newsSummary(plan: Plan, lang: string | undefined): string | null {
  const summary = plan.description[0]?.trim();
  if (!summary || plan.source !== "transcript" || (lang !== undefined && !/^en\b/i.test(lang))) return null;
  const words = summary.split(/\s+/);
  // Not a list ("…the whole repair: wheel off, tire off…") nor who appears with whom ("Host … is
  // joined by…"): neither is news a video reports.
  if (words.length < 8 || words.length > 35 || /[?:;"“”]/.test(summary)) return null;
  if (APPEARS_WITH.test(summary) || MORE_APPEARANCE.test(summary)) return null;
  if (!isCleanStatement(summary, lang) || isAside(summary, "en") || isInstruction(summary)) return null;
  for (let i = 1; i < Math.min(8, words.length - 1); i++) {
    const w = words[i].replace(/[,;:]$/, "");
    if (PHRASE_GOES_ON.test(w) || /[,;:]$/.test(words[i - 1])) return null;
    if (isAuxiliary(w) || isPastForm(w) || presentBeforeObject(words, i)) return summary;
  }
  return null;
}

/**
 * Whether a summary tells of something that happened, with a past verb of its own in its opening
 * ("Eastbrook United came from behind to beat…"), not of what is or will be ("Indexes are…",
 * "The bridge will stay closed…", which the video's own opening says as well).
 */
export function reportsEvent(summary: string | null): boolean {
  if (summary === null) return false;
  const words = summary.split(/\s+/).slice(1, 8);
  for (const word of words) {
    const w = word.replace(/[,;:]$/, "");
    if (isAuxiliary(w)) return false;
    if (isPastForm(w)) return true;
  }
  return false;
}
