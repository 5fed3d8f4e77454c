/**
 * The scale budget (issue 7): with 1,000,000 articles, every p99 at most 1.5 times its
 * 100,000-article figure, on the same kind of database. A scale run is compared with the stored
 * result of the base size (bench/results/<kind>-100000.json).
 */

export const SCALE_MAX_RATIO = 1.5;

/** The part of a run the comparison reads (a BenchReport has it). */
export interface ScaleInput {
  date: string;
  git: { commit: string | null };
  options: { articles: number };
  scenarios: Array<{ name: string; title: string; latencyMs: { p99: number } }>;
}

export interface ScaleRow {
  name: string;
  title: string;
  p99Ms: number;
  /** The base run's p99, or null when it did not measure this scenario. */
  baseP99Ms: number | null;
  ratio: number | null;
  /** Null when there is nothing to compare with. */
  meets: boolean | null;
}

export interface ScaleComparison {
  articles: number;
  baseArticles: number;
  baseDate: string;
  baseCommit: string | null;
  maxRatio: number;
  rows: ScaleRow[];
  /** Every compared scenario within the ratio (null when none could be compared). */
  meets: boolean | null;
}

/** p99 of each app scenario (the node:http ceiling is not the app) against the base run's. */
export function compareScale(run: ScaleInput, base: ScaleInput, maxRatio = SCALE_MAX_RATIO): ScaleComparison {
  const rows = run.scenarios
    .filter((s) => s.name !== "ceiling")
    .map((s): ScaleRow => {
      const before = base.scenarios.find((b) => b.name === s.name);
      const baseP99Ms = before ? before.latencyMs.p99 : null;
      // A base p99 of 0 (whole milliseconds, from autocannon) gives no ratio.
      const ratio = baseP99Ms ? Number((s.latencyMs.p99 / baseP99Ms).toFixed(2)) : null;
      return {
        name: s.name,
        title: s.title,
        p99Ms: s.latencyMs.p99,
        baseP99Ms,
        ratio,
        meets: ratio === null ? null : ratio <= maxRatio,
      };
    });
  const compared = rows.filter((r) => r.meets !== null);
  return {
    articles: run.options.articles,
    baseArticles: base.options.articles,
    baseDate: base.date,
    baseCommit: base.git.commit,
    maxRatio,
    rows,
    meets: compared.length === 0 ? null : compared.every((r) => r.meets),
  };
}
