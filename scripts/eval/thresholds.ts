import type { ArticleMeasure } from "./harness";

/**
 * The rules every article must keep whatever the writer did: what `npm test` holds at 100%
 * (thresholds.test.ts) and what the eval script lists as failures. Each rule names the articles
 * that break it with the audit's own words.
 */
export interface ThresholdRule {
  name: string;
  /** Why this article breaks the rule, or nothing when it keeps it. */
  violations(article: ArticleMeasure): string[];
}

const failuresLike = (article: ArticleMeasure, pattern: RegExp) => article.auditFailures.filter((f) => pattern.test(f));

export const THRESHOLD_RULES: readonly ThresholdRule[] = [
  {
    name: "every article is published",
    violations: (a) =>
      a.error
        ? [`error: ${a.error}`]
        : a.published
          ? []
          : [`only ${a.words} words (markdown ${a.markdown.length} chars)`],
  },
  {
    name: "every quotation is verbatim",
    violations: (a) =>
      a.verbatimQuotes === a.quotes
        ? []
        : [`${a.verbatimQuotes}/${a.quotes} verbatim`, ...failuresLike(a, /^Quotation not in the sources/)],
  },
  {
    name: "every moment link is real",
    violations: (a) =>
      a.realMoments === a.moments ? [] : [`${a.realMoments}/${a.moments} real`, ...failuresLike(a, /^Moment link/)],
  },
  {
    name: "no invented speakers",
    violations: (a) => a.inventedSpeakers.map((name) => `credits ${name}`),
  },
  {
    name: "every section is linked when the video has timings",
    violations: (a) =>
      a.linkedSections === a.sections
        ? []
        : [`${a.linkedSections}/${a.sections} linked`, ...failuresLike(a, /^Section /)],
  },
  {
    name: "nothing invented is published",
    violations: (a) => a.inventedPublished,
  },
  {
    // The offline writer restores auto captions' sentences itself (captions.ts); what a model
    // writes is its own prose, measured in the eval but not held here.
    name: "no run-on sentences from the offline writer",
    violations: (a) => (a.case.writer === "extractive" ? a.runOns : []),
  },
];

/** "<article id>: <why> | <why>" for every article breaking `rule`. */
export function violationLines(articles: readonly ArticleMeasure[], rule: ThresholdRule): string[] {
  return articles.flatMap((a) => {
    const why = rule.violations(a);
    return why.length ? [`${a.id}: ${why.join(" | ")}`] : [];
  });
}
