/**
 * The rows and cells the terminal tables and the markdown page share: scenario targets and CPU,
 * the front-end pages and the generation timings, and number formatting.
 */
import { budgetText, type FrontEndReport } from "./frontend";
import type { GenerationReport } from "./generation-summary";
import type { ScenarioResult } from "./load";
import type { ScaleComparison, ScaleRow } from "./scale";

export const num = (n: number) => n.toLocaleString("en-US");

export function targetText(result: ScenarioResult): string {
  return result.target ? `≥${num(result.target.minRps)}/s, p99<${result.target.maxP99Ms}ms` : "";
}

/** Throughput as a share of the bare node:http server's in the same run. */
export function ofCeilingText(result: ScenarioResult): string {
  return result.ofCeiling === null ? "" : `${Math.round(result.ofCeiling * 100)}%`;
}

export function cpuText(result: ScenarioResult): string {
  const { server, database } = result.cpuMsPerRequest;
  if (server === null) return "";
  return database === null ? server.toFixed(2) : `${server.toFixed(2)} + ${database.toFixed(2)}`;
}

export function verdict(result: ScenarioResult): string {
  if (result.meetsTarget === null) return "";
  return result.meetsTarget ? "yes" : "NO";
}

export const yesNo = (meets: boolean | null) => (meets === null ? "" : meets ? "yes" : "NO");

export function frontEndRows(frontEnd: FrontEndReport): string[][] {
  return frontEnd.pages.map((p) => {
    const lh = p.lighthouse;
    return [
      p.signedIn ? `${p.page} (signed in)` : p.page,
      p.path,
      String(p.jsGzipKb),
      String(p.cssGzipKb),
      lh ? String(lh.score) : "",
      lh ? num(lh.lcpMs) : "",
      lh ? num(lh.tbtMs) : "",
      lh ? String(lh.cls) : "",
      budgetText(p.budget),
      // Without Lighthouse only a miss (of the JS weight) is known.
      lh ? yesNo(p.misses.length === 0) : p.misses.length > 0 ? "NO" : "",
    ];
  });
}

export const FRONT_END_HEADER = [
  "page",
  "path",
  "JS KB gz",
  "CSS KB gz",
  "performance",
  "LCP ms",
  "TBT ms",
  "CLS",
  "budget",
  "meets",
];

export const GENERATION_HEADER = ["what", "video", "runs", "p50 ms", "p99 ms", "budget (p50)", "meets"];

export function generationRows(generation: GenerationReport): string[][] {
  return generation.rows.map((r) => [
    r.kind,
    r.label,
    String(r.runs),
    String(r.p50Ms),
    String(r.p99Ms),
    r.maxP50Ms === null ? "" : `<${num(r.maxP50Ms)} ms`,
    yesNo(r.meets),
  ]);
}

/**
 * A scale comparison's rows: the scenario (by `label`), its p99 in this run and in the base run,
 * the ratio and whether it meets the budget; `missing` stands where the base run has no figure.
 */
export function scaleRows(scale: ScaleComparison, label: (row: ScaleRow) => string, missing: string): string[][] {
  return scale.rows.map((r) => [
    label(r),
    String(r.p99Ms),
    r.baseP99Ms === null ? missing : String(r.baseP99Ms),
    r.ratio === null ? missing : `×${r.ratio}`,
    yesNo(r.meets),
  ]);
}
