import type { Plan } from "./plan";

/**
 * A product review's headline facts: what is reviewed (from the title: "Nimbus X2 Review: 3 Weeks
 * Later…", "My Honest Review of the Kettle Pro") and the score the reviewer gives it, when they
 * say one ("I'm giving them an eight out of ten"). English titles only; short bounded scans.
 */
export interface Review {
  /** The product as the title names it, without "the" ("Nimbus X2"). */
  product: string;
  /** The score as a headline writes it ("Eight Out of Ten", "8.5 Out of 10"), or null. */
  score: string | null;
}

// "Nimbus X2 Review", "Nimbus X2 Honest Review", "Nimbus X2 Long-Term Review".
const NAMED_BEFORE =
  /^(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}+.'’&-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}+.'’&-]*){0,4}?)\s+(?:(?:full|honest|quick|long[- ]term|in[- ]depth|detailed|final|hands[- ]on)\s+)?review\b/iu;
// "My Honest Review of the Kettle Pro", "A Review of the Nimbus X2".
const NAMED_AFTER =
  /\breview\s+of\s+(?:the\s+|my\s+|this\s+)?([\p{L}\p{N}][\p{L}\p{N}+.'’&-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}+.'’&-]*){0,4})/iu;
// Not one product: a comparison, or the reviewer's own words ("My", "Honest").
const NOT_A_PRODUCT = /\b(?:vs|versus|my|our|your|honest|review|i|we|this|why|how|what|should)\b/i;

const SCORE = /\b(one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2}(?:\.\d)?)\s+out\s+of\s+(ten|10|five|5)\b/i;
// A sentence that gives the score ("I'm giving them…", "I'd rate it…", "my score is…").
const GIVES = /\b(?:giv(?:e|es|ing)|gave|rat(?:e|es|ing)|scor(?:e|es|ing)|verdict)\b/i;

const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** The review the video is, when its title says so and names one product; null otherwise. */
export function reviewOf(plan: Plan): Review | null {
  if (plan.meta.lang !== "en") return null;
  const heading = plan.meta.headline.slice(0, 200);
  const named = [NAMED_BEFORE.exec(heading)?.[1], NAMED_AFTER.exec(heading)?.[1]].find(
    (n): n is string => n !== undefined && !NOT_A_PRODUCT.test(n),
  );
  if (!named) return null;
  const product = named.replace(/[.,:;'’-]+$/u, "").trim();
  if (!product || !/\p{Lu}|\p{N}/u.test(product)) return null;
  // The verdict comes late: the last sentence that gives a score.
  let score: string | null = null;
  for (const sentence of plan.analysis.sentences.slice(-400)) {
    const text = sentence.text.slice(0, 400);
    const m = SCORE.exec(text);
    if (m && GIVES.test(text)) score = `${title(m[1])} Out of ${title(m[2])}`;
  }
  return { product, score };
}

/** "a" or "an" before a score, as it is said ("an Eight", "an 8.5", "a Nine"). */
export function scoreArticle(score: string): string {
  return /^(?:eight|eleven|8|11|18|80)(?:\b|\.)/i.test(score) ? "an" : "a";
}

/** News: who gives the product what score ("Priya Raman Gives the Nimbus X2 an Eight Out of Ten"). */
export function reviewNewsHeadline(review: Review, who: string): string | null {
  if (!review.score || !who) return null;
  return `${who} Gives the ${review.product} ${scoreArticle(review.score)} ${review.score}`;
}

/** Blog: the promise a review keeps ("What the Nimbus X2 Gets Right, and Where It Falls Short"). */
export function reviewPromise(review: Review): string {
  return `What the ${review.product} Gets Right, and Where It Falls Short`;
}
