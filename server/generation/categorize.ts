import { CREATE_CATEGORIES, type CreateCategory } from "../../contract/options";
import { LEXICON } from "./categorize-lexicon";
import type { VideoData } from "./types";
import { stem } from "./writers/extractive/tokens";

export type { CreateCategory };

/**
 * Infers one of the create categories from what a video says about itself.
 *
 * Approach: a small weighted lexicon per category (single words and short phrases; a specific
 * term such as "kubernetes" or "parliament" weighs more than a generic one such as "app" or
 * "report"). Every field is tokenised the same way (lowercase, light plural stemming) and each
 * lexicon entry scores `weight * log2(1 + occurrences)`, so a word repeated fifty times in a
 * transcript counts for a few mentions, not fifty. Field scores are then weighted by how much
 * the field says about the topic: the title most, then chapters, the channel's name ("Northfield
 * Evening News"), the description and the transcript (descriptions carry sponsor and link
 * boilerplate, and transcripts are long and chatty).
 *
 * Fallback: when no category has real evidence the answer is Education. Every article here
 * explains what somebody said in a video, and Education is the only one of the five that makes no
 * claim about the subject: Technology, Business and News would file a cooking or travel video
 * under a topic it is not about, and Entertainment is a genre claim. Ties go to the category
 * listed first in CREATE_CATEGORIES, so the answer is deterministic.
 *
 * The lexicon itself, a long table of data, is in categorize-lexicon.ts.
 */

const FIELD_WEIGHTS = { title: 4, channel: 2, chapters: 2.5, description: 1.5, transcript: 1 } as const;

/** Below this total no category is considered evidenced, and the fallback is used. */
const MIN_EVIDENCE = 3;

export const FALLBACK_CATEGORY: CreateCategory = "Education";

function tokenize(text: string): string[] {
  return (
    (
      text
        .toLowerCase()
        // French "j'ai", "n'ai" ("I have") is not "AI".
        .replace(/\b[jn]['’]ai\b/g, " ")
        // Portuguese "aí" ("there", "Explica Aí") is not "AI" once its accent goes.
        .replace(/(?<![\p{L}])aí(?![\p{L}])/gu, " ")
        .normalize("NFKD")
        .match(/[\p{L}\p{N}]+/gu) ?? []
    ).map(stem)
  );
}

/** Counts of every 1- to 4-word sequence in the text (enough for every lexicon phrase). */
function ngramCounts(text: string): Map<string, number> {
  const tokens = tokenize(text);
  const counts = new Map<string, number>();
  for (let i = 0; i < tokens.length; i++) {
    let gram = "";
    for (let n = 0; n < 4 && i + n < tokens.length; n++) {
      gram = n === 0 ? tokens[i] : `${gram} ${tokens[i + n]}`;
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
  }
  return counts;
}

const STEMMED_LEXICON: [CreateCategory, [string, number][]][] = CREATE_CATEGORIES.map((category) => [
  category,
  Object.entries(LEXICON[category]).map(([term, weight]) => [tokenize(term).join(" "), weight]),
]);

function fieldScores(text: string): Record<CreateCategory, number> {
  const counts = ngramCounts(text);
  const scores = {} as Record<CreateCategory, number>;
  for (const [category, terms] of STEMMED_LEXICON) {
    let score = 0;
    for (const [term, weight] of terms) {
      const count = counts.get(term);
      if (count) score += weight * Math.log2(1 + count);
    }
    scores[category] = score;
  }
  return scores;
}

/** Each create category's evidence score (for tests and debugging). */
export function categoryScores(video: VideoData, transcriptText?: string): Record<CreateCategory, number> {
  const transcript = transcriptText ?? video.transcript?.segments.map((s) => s.text).join(" ") ?? "";
  const fields: [keyof typeof FIELD_WEIGHTS, string][] = [
    ["title", video.title],
    ["channel", video.channel.name],
    ["chapters", video.chapters.map((c) => c.title).join(" . ")],
    ["description", video.description],
    ["transcript", transcript],
  ];
  const total = Object.fromEntries(CREATE_CATEGORIES.map((c) => [c, 0])) as Record<CreateCategory, number>;
  for (const [field, text] of fields) {
    if (!text) continue;
    const scores = fieldScores(text);
    for (const category of CREATE_CATEGORIES) total[category] += FIELD_WEIGHTS[field] * scores[category];
  }
  return total;
}

/** The create category a video most likely belongs to (see the approach above). */
export function inferCategory(video: VideoData, transcriptText?: string): CreateCategory {
  const scores = categoryScores(video, transcriptText);
  let best: CreateCategory = FALLBACK_CATEGORY;
  let bestScore = 0;
  for (const category of CREATE_CATEGORIES) {
    if (scores[category] > bestScore) {
      best = category;
      bestScore = scores[category];
    }
  }
  return bestScore >= MIN_EVIDENCE ? best : FALLBACK_CATEGORY;
}
