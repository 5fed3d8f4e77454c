import type { ArticleMeasure } from "./harness";

/**
 * The eval's figures per writer: shares of the articles or of their parts, so a quick run can be
 * read against the full baseline. Counts are in last-run.json.
 */

export interface MetricDef {
  key: string;
  label: string;
  /** Which way is better, for flagging a change as worse. */
  better: "higher" | "lower";
  unit: "%" | "ms" | "";
  /** A change smaller than this is noise (run times vary from run to run). */
  tolerance: number;
  compute(articles: readonly ArticleMeasure[]): number | null;
}

const share = (part: number, whole: number) => (whole === 0 ? null : round((100 * part) / whole));
const round = (n: number) => Math.round(n * 10) / 10;
const sum = (articles: readonly ArticleMeasure[], pick: (a: ArticleMeasure) => number) =>
  articles.reduce((total, a) => total + pick(a), 0);
const articleShare = (articles: readonly ArticleMeasure[], test: (a: ArticleMeasure) => boolean) =>
  share(articles.filter(test).length, articles.length);
const written = (articles: readonly ArticleMeasure[]) => articles.filter((a) => a.error === null);
/** Share of the custom-style articles (those measured against a reference) whose form passes `test`. */
const customShare = (
  articles: readonly ArticleMeasure[],
  test: (style: NonNullable<ArticleMeasure["style"]>) => boolean,
) =>
  articleShare(
    written(articles).filter((x) => x.style !== null),
    (x) => x.style !== null && test(x.style),
  );

export const METRICS: readonly MetricDef[] = [
  {
    key: "published",
    label: "published",
    better: "higher",
    unit: "%",
    tolerance: 0,
    compute: (a) => articleShare(a, (x) => x.published),
  },
  {
    key: "inRange",
    label: "in word range",
    better: "higher",
    unit: "%",
    tolerance: 0,
    compute: (a) => articleShare(written(a), (x) => x.inRange),
  },
  {
    key: "quoteVerbatim",
    label: "quotes verbatim",
    better: "higher",
    unit: "%",
    tolerance: 0,
    compute: (a) =>
      share(
        sum(a, (x) => x.verbatimQuotes),
        sum(a, (x) => x.quotes),
      ),
  },
  {
    key: "momentAccuracy",
    label: "moment links real",
    better: "higher",
    unit: "%",
    tolerance: 0,
    compute: (a) =>
      share(
        sum(a, (x) => x.realMoments),
        sum(a, (x) => x.moments),
      ),
  },
  {
    key: "sectionsLinked",
    label: "sections linked",
    better: "higher",
    unit: "%",
    tolerance: 0,
    compute: (a) =>
      share(
        sum(a, (x) => x.linkedSections),
        sum(a, (x) => x.sections),
      ),
  },
  {
    key: "structure",
    label: "style structure ok",
    better: "higher",
    unit: "%",
    tolerance: 0,
    compute: (a) => articleShare(written(a), (x) => x.structure.length === 0),
  },
  {
    key: "languagePurity",
    label: "language purity",
    better: "higher",
    unit: "%",
    tolerance: 0,
    compute: (a) =>
      share(
        sum(a, (x) => x.language?.matching ?? 0),
        sum(a, (x) => x.language?.judged ?? 0),
      ),
  },
  {
    key: "speakerErrors",
    label: "invented speakers",
    better: "lower",
    unit: "",
    tolerance: 0,
    compute: (a) => sum(a, (x) => x.inventedSpeakers.length),
  },
  {
    key: "brokenOpenings",
    label: "articles with broken openings",
    better: "lower",
    unit: "%",
    tolerance: 0,
    compute: (a) => articleShare(written(a), (x) => x.brokenOpenings.length > 0),
  },
  {
    key: "runOnSentences",
    label: "run-on sentences",
    better: "lower",
    unit: "",
    tolerance: 0,
    compute: (a) => sum(written(a), (x) => x.runOns.length),
  },
  {
    key: "runOnArticles",
    label: "articles with run-ons",
    better: "lower",
    unit: "%",
    tolerance: 0,
    compute: (a) => articleShare(written(a), (x) => x.runOns.length > 0),
  },
  {
    // Automatic captions made from a script: the share of article sentences running two of the
    // script's sentences into one (the run-on measure above cannot see a glued pair of short ones).
    key: "gluedSentences",
    label: "auto captions: sentences gluing two together",
    better: "lower",
    unit: "%",
    tolerance: 0.5,
    compute: (a) => {
      const measured = written(a).filter((x) => x.glued);
      return share(
        sum(measured, (x) => x.glued?.glued.length ?? 0),
        sum(measured, (x) => x.glued?.sentences ?? 0),
      );
    },
  },
  {
    // The check: a custom article's mean sentence length within 30% of its reference's.
    key: "customSentenceLength",
    label: "custom: sentence length within 30% of reference",
    better: "higher",
    unit: "%",
    tolerance: 0,
    compute: (a) => customShare(a, (style) => Math.abs(style.sentenceRatio - 1) <= 0.3),
  },
  {
    key: "customParagraphs",
    label: "custom: paragraph length within 30% of reference",
    better: "higher",
    unit: "%",
    tolerance: 0,
    compute: (a) => customShare(a, (style) => Math.abs(style.paragraphRatio - 1) <= 0.3),
  },
  {
    key: "customStructure",
    label: "custom: headings and lists as in reference",
    better: "higher",
    unit: "%",
    tolerance: 0,
    compute: (a) => customShare(a, (style) => style.headingsAgree && style.listsAgree),
  },
  {
    key: "leakedMarkup",
    label: "articles with leaked markup",
    better: "lower",
    unit: "%",
    tolerance: 0,
    compute: (a) => articleShare(written(a), (x) => x.leaks.length > 0),
  },
  {
    key: "inventedPublished",
    label: "invented published",
    better: "lower",
    unit: "",
    tolerance: 0,
    compute: (a) => sum(a, (x) => x.inventedPublished.length),
  },
  {
    key: "staleMomentLabels",
    label: "wrong moment labels left as text",
    better: "lower",
    unit: "",
    tolerance: 0,
    compute: (a) => sum(a, (x) => x.staleMomentLabels.length),
  },
  {
    key: "errors",
    label: "pipeline errors",
    better: "lower",
    unit: "",
    tolerance: 0,
    compute: (a) => a.filter((x) => x.error !== null).length,
  },
  {
    key: "msMean",
    label: "ms per article (mean)",
    better: "lower",
    unit: "ms",
    tolerance: 0.25,
    compute: (a) => (a.length ? Math.round(sum(a, (x) => x.ms) / a.length) : null),
  },
  {
    key: "msP95",
    label: "ms per article (p95)",
    better: "lower",
    unit: "ms",
    tolerance: 0.25,
    compute: (a) => {
      if (!a.length) return null;
      const sorted = a.map((x) => x.ms).sort((x, y) => x - y);
      return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]);
    },
  },
];

export type Figures = Record<string, number | null> & { articles: number };

export function figuresOf(articles: readonly ArticleMeasure[]): Figures {
  const out: Figures = { articles: articles.length };
  for (const metric of METRICS) out[metric.key] = metric.compute(articles);
  return out;
}

/** Figures per writer, in the order given, then "overall". */
export function aggregate(articles: readonly ArticleMeasure[], writers: readonly string[]): Record<string, Figures> {
  const out: Record<string, Figures> = {};
  for (const writer of writers) {
    const mine = articles.filter((a) => a.case.writer === writer);
    if (mine.length) out[writer] = figuresOf(mine);
  }
  out.overall = figuresOf(articles);
  return out;
}

/** True when `now` is worse than `before` by more than the metric's noise. */
export function isWorse(metric: MetricDef, before: number | null, now: number | null): boolean {
  if (before === null || now === null) return false;
  const slack = metric.unit === "ms" ? Math.max(20, before * metric.tolerance) : metric.tolerance;
  return metric.better === "higher" ? now < before - slack : now > before + slack;
}
