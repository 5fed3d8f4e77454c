/**
 * Generation overhead (scripts/bench/generation.ts) against issue 7's budget: the pipeline with
 * an LLM that answers at once, p50 under 200 ms; the extractive writer on the 2-hour transcript
 * under 1.5 s; the first progress in the create dialog under 300 ms after Generate.
 */
import type { GenerationOverheadResult, TimingSummary } from "./generation";

export const GENERATION_BUDGETS = {
  /** Our own time around an instant LLM, per video. */
  llmP50Ms: 200,
  /** The extractive writer on the longest (2-hour) transcript. */
  longExtractiveMs: 1500,
  firstProgressMs: 300,
} as const;

export interface GenerationRow {
  /** "instant LLM", "extractive" or "first progress". */
  kind: string;
  /** The video, or what was measured. */
  label: string;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  /** The budget on the p50, when this row has one. */
  maxP50Ms: number | null;
  meets: boolean | null;
}

export interface GenerationReport {
  /** Where the generations stored their work ("pglite" or "postgres"). */
  database: string;
  rows: GenerationRow[];
  elapsedSeconds: number;
  /** Why the first-progress figure is missing, when it is. */
  note: string | null;
}

function row(kind: string, label: string, timing: TimingSummary, maxP50Ms: number | null): GenerationRow {
  return {
    kind,
    label,
    runs: timing.runs,
    p50Ms: timing.p50Ms,
    p99Ms: timing.p99Ms,
    maxP50Ms,
    meets: maxP50Ms === null ? null : timing.p50Ms < maxP50Ms,
  };
}

export function summarizeGeneration(result: GenerationOverheadResult): GenerationReport {
  const longest = result.extractive.reduce<(typeof result.extractive)[number] | null>(
    (max, v) => (max === null || v.transcriptWords > max.transcriptWords ? v : max),
    null,
  );
  const rows: GenerationRow[] = [
    ...result.llm.map((v) => row("instant LLM", `${v.videoId} (${v.label})`, v.timing, GENERATION_BUDGETS.llmP50Ms)),
    ...result.extractive.map((v) =>
      row(
        "extractive",
        `${v.videoId} (${v.label})`,
        v.timing,
        v === longest ? GENERATION_BUDGETS.longExtractiveMs : null,
      ),
    ),
  ];
  if (result.firstProgress) {
    rows.push(
      row(
        "first progress",
        "click on Generate to the first progress on screen",
        result.firstProgress.timing,
        GENERATION_BUDGETS.firstProgressMs,
      ),
    );
  }
  const elapsed = result.elapsedSeconds;
  return {
    database: result.database,
    rows,
    elapsedSeconds: Number((elapsed.extractive + elapsed.llm + elapsed.firstProgress).toFixed(1)),
    note: result.firstProgress ? (result.firstProgress.note ?? null) : "first progress not measured (no browser)",
  };
}
