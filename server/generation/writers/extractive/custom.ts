import { analyseStyle, type StyleProfile } from "../style-profile";
import { BLOG_OPTIONS, type ProseOptions } from "./compose";
import { joinCap } from "./lengthen";

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
