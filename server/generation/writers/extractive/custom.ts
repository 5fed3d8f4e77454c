import { analyseStyle, type StyleProfile } from "../style-profile";
import { BLOG_OPTIONS, type Composition, composeProse, type ProseOptions } from "./compose";
import { joinCap } from "./lengthen";
import type { Plan } from "./plan";

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * How a custom-style article is shaped from the measured profile of its reference articles:
 * headings only if they use them (at their level), a list only if they use lists (bullets or
 * numbers, near the top or the bottom as they do), paragraphs and sentences of their length,
 * their person (first, second or neutral), questions and exclamations if they use them, pull
 * quotes if they quote.
 */
export function optionsFromProfile(profile: StyleProfile): ProseOptions {
  const usesHeadings = profile.headingLevel !== null && profile.headingsPer1000 >= 1.5;
  const usesList = profile.bulletShare >= 0.08;
  return {
    headingLevel: usesHeadings ? profile.headingLevel : null,
    numberedHeadings: usesHeadings && profile.numberedHeadings,
    takeaways: usesList
      ? {
          marker: profile.listStyle === "numbered" ? "numbered" : "bullet",
          position: profile.listPosition < 0.4 ? "top" : "bottom",
        }
      : null,
    paragraphSentences: clamp(Math.round(profile.avgParagraphSentences || 3), 1, 6),
    pullQuotes: profile.quotesPer1000 >= 2,
    questions: profile.questionShare >= 0.06,
    voice: profile.firstPersonRate >= 1.5 ? "first" : profile.secondPersonRate >= 1.2 ? "second" : "neutral",
    exclaim: profile.exclamationShare >= 0.05,
    timestampLines: usesHeadings,
    transitions: true,
    sentenceTarget: profile.avgSentenceWords > 0 ? clamp(profile.avgSentenceWords, 3, 60) : null,
    paragraphWords: profile.avgParagraphWords > 0 ? clamp(paragraphWords(profile), 8, 200) : null,
    paragraphTarget: profile.avgParagraphWords > 0 ? clamp(profile.avgParagraphWords, 4, 300) : null,
    commentsAsList: usesList,
  };
}

// Words of its own the writer adds to a paragraph (who says it, a turn to the next topic, a link).
const WRITER_WORDS = 7;

/**
 * Words of chosen sentences a paragraph gets: the references' paragraph length less the writer's
 * own words, and no more than its sentences can carry when each is at most joinCap words
 * (an essay of one long sentence a paragraph gets paragraphs that join into one sentence each).
 */
function paragraphWords(profile: StyleProfile): number {
  const sentences = Math.max(1, Math.round(profile.avgParagraphSentences || 3));
  const own = Math.min(WRITER_WORDS, profile.avgParagraphWords * 0.25);
  return Math.min(profile.avgParagraphWords - own, sentences * joinCap(profile.avgSentenceWords) * 0.9);
}

/** Options for a custom article; blog options when no reference article has any text. */
export function customOptions(referenceArticles: readonly string[]): ProseOptions {
  const usable = referenceArticles.filter((a) => a.trim());
  if (usable.length === 0) return BLOG_OPTIONS;
  return optionsFromProfile(analyseStyle(usable));
}

// A written article within this share of the reference's sentence length is left as it is.
const NEAR_ENOUGH = 0.1;
// Times the aim moves before the nearest article is kept.
const MAX_AIMS = 2;

/**
 * A custom article's composer that lands on the reference's sentence length. What the writer can
 * make of a video depends on the video (a talk of long sentences cut at few clause boundaries, a
 * vlog quoted word for word), so the article is written once, its prose measured as a reader
 * counts it, and when it misses the reference by more than a tenth the aim moves by the miss:
 * shorter sentences chosen and cut more eagerly, or joined further (never past the run-on line of
 * the reference's own length, joinCap). The aim found on the first budget is kept for the others.
 */
export function aimedComposer(plan: Plan, options: ProseOptions): (budget: number) => Composition {
  const reference = options.sentenceTarget;
  if (!reference) return (budget) => composeProse(plan, options, budget);
  let aimed: ProseOptions | null = null;
  const miss = (words: number | null | undefined) => (words ? Math.abs(Math.log(words / reference)) : 0);
  return (budget) => {
    if (aimed) return composeProse(plan, aimed, budget);
    let current: ProseOptions = { ...options, sentenceReference: reference };
    let composition = composeProse(plan, current, budget);
    for (let round = 0; round < MAX_AIMS; round++) {
      const measured = composition.sentenceWords;
      const aim = current.sentenceTarget ?? reference;
      if (!measured || miss(measured) <= Math.log(1 + NEAR_ENOUGH)) break;
      const target = clamp(aim * (reference / measured), Math.max(2, reference / 2), Math.min(120, reference * 2));
      if (Math.abs(target - aim) < 0.5) break;
      const next: ProseOptions = { ...current, sentenceTarget: target };
      const tried = composeProse(plan, next, budget);
      if (miss(tried.sentenceWords) >= miss(measured)) break;
      current = next;
      composition = tried;
    }
    aimed = current;
    return composition;
  };
}
