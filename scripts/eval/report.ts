import { existsSync, readFileSync } from "node:fs";
import { type Figures, isWorse, METRICS } from "./aggregate";
import type { ArticleMeasure } from "./harness";
import { caseId, type EvalCase } from "./inputs";
import { THRESHOLD_RULES } from "./thresholds";

/** The committed reference a run is compared with (`--update-baseline` rewrites it). */
export interface Baseline {
  about: string;
  updated: string;
  grid: GridSummary;
  aggregates: Record<string, Figures>;
  samples: SampleArticle[];
}

export interface GridSummary {
  quick: boolean;
  allTones: boolean;
  videos: string[];
  writers: string[];
  articles: number;
}

export interface SampleArticle {
  id: string;
  case: EvalCase;
  title: string;
  words: number;
  markdown: string;
}

export function readBaseline(file: string): Baseline | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as Baseline;
}

export function sampleOf(measure: ArticleMeasure): SampleArticle {
  return { id: measure.id, case: measure.case, title: measure.title, words: measure.words, markdown: measure.markdown };
}

const SHORT_NAMES: Record<string, string> = {
  extractive: "extractive",
  faithful: "faithful",
  "invent-quotes": "inv-quotes",
  "invent-experts": "inv-experts",
  "paraphrase-in-quotes": "paraphrase",
  "bad-moments": "bad-moments",
  "no-links": "no-links",
  all: "all",
  overall: "OVERALL",
};

function cell(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined) return "–";
  return unit === "%" ? value.toFixed(1) : String(value);
}

/**
 * The figures of this run next to the baseline's: one row per metric, one column per writer,
 * "before→now" where they differ and "!" where now is worse.
 */
export function comparisonTable(now: Record<string, Figures>, before: Record<string, Figures> | null): string {
  const columns = Object.keys(now);
  const header = ["metric", ...columns.map((c) => SHORT_NAMES[c] ?? c)];
  const rows: string[][] = [
    ["articles", ...columns.map((c) => String(now[c].articles))],
    ...METRICS.map((metric) => [
      `${metric.label}${metric.unit === "%" ? " %" : ""}`,
      ...columns.map((c) => {
        const n = now[c][metric.key];
        const b = before?.[c]?.[metric.key];
        if (b === undefined || b === n) return cell(n, metric.unit);
        const flag = isWorse(metric, b, n) ? " !" : "";
        return `${cell(b, metric.unit)}→${cell(n, metric.unit)}${flag}`;
      }),
    ]),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
    ...rows.map(line),
  ].join("\n");
}

/** Headings of an article pushed down two levels, so it nests under the sample's own heading. */
const nest = (markdown: string) =>
  markdown.replace(
    /^(\s{0,3})(#{1,6})(?=\s)/gm,
    (_, indent: string, hashes: string) => `${indent}${"#".repeat(Math.min(6, hashes.length + 2))}`,
  );

function summary(measure: ArticleMeasure | undefined): string {
  if (!measure) return "not written in this run";
  if (measure.error) return `error: ${measure.error}`;
  const parts = [
    `${measure.words} words`,
    `quotes ${measure.verbatimQuotes}/${measure.quotes} verbatim`,
    `moments ${measure.realMoments}/${measure.moments} real`,
    `sections ${measure.linkedSections}/${measure.sections} linked`,
  ];
  if (measure.structure.length) parts.push(`structure: ${measure.structure.join("; ")}`);
  if (measure.brokenOpenings.length)
    parts.push(`broken openings: ${measure.brokenOpenings.map((o) => `“${o}”`).join(", ")}`);
  if (measure.leaks.length) parts.push(`leaked: ${measure.leaks.join(", ")}`);
  if (measure.inventedPublished.length) parts.push(`invented published: ${measure.inventedPublished.join(", ")}`);
  if (measure.staleMomentLabels.length)
    parts.push(`wrong moment labels left as text: ${measure.staleMomentLabels.join(", ")}`);
  return parts.join(" · ");
}

/**
 * samples.md: each sample article as the baseline has it, then as this run wrote it, for people
 * to read (the figures cannot tell whether an article reads well).
 */
export function samplesMarkdown(
  samples: readonly EvalCase[],
  measures: ReadonlyMap<string, ArticleMeasure>,
  baseline: Baseline | null,
): string {
  const out = [
    "# Sample articles: baseline and now",
    "",
    "Written by `npm run eval:articles` (scripts/eval). Each sample shows the article kept in",
    "`eval/baseline.json`, then the one this run wrote, with the audit's counts. Article headings",
    "are moved down two levels so they nest under the sample's heading.",
    "",
  ];
  samples.forEach((c, i) => {
    const id = caseId(c);
    const now = measures.get(id);
    const before = baseline?.samples.find((s) => s.id === id);
    out.push(`## ${i + 1}. ${c.video} · ${c.style} · ${c.length} · ${c.tone} · ${c.writer}`, "");
    out.push(`Now: ${summary(now)}`, "");
    if (before)
      out.push(`### Baseline: ${before.title}`, "", `${before.words} words`, "", nest(before.markdown.trim()), "");
    else out.push("### Baseline", "", "(not in the baseline)", "");
    if (!now || now.error) out.push("### Now", "", `(${summary(now)})`, "");
    else if (before && before.markdown.trim() === now.markdown.trim() && before.title === now.title)
      out.push(`### Now: ${now.title}`, "", "(unchanged from the baseline)", "");
    else out.push(`### Now: ${now.title}`, "", `${now.words} words`, "", nest(now.markdown.trim()), "");
  });
  return `${out.join("\n").trimEnd()}\n`;
}

/** The articles that broke a rule the thresholds hold, each with what the audit or the eval said. */
export function failureLines(measures: readonly ArticleMeasure[]): string[] {
  const lines: string[] = [];
  for (const m of measures) {
    const problems = THRESHOLD_RULES.flatMap((rule) => rule.violations(m));
    if (problems.length) lines.push(`${m.id}: ${problems.join(" | ")}`);
  }
  return lines;
}
