/**
 * The run's results as fixed-width tables for the terminal: the scenarios, the front end,
 * generation overhead and the scale comparison.
 */
import type { FrontEndReport } from "./frontend";
import type { GenerationReport } from "./generation-summary";
import type { ScenarioResult } from "./load";
import {
  cpuText,
  FRONT_END_HEADER,
  frontEndRows,
  GENERATION_HEADER,
  generationRows,
  num,
  ofCeilingText,
  scaleRows,
  targetText,
  verdict,
} from "./report-rows";
import type { ScaleComparison } from "./scale";

const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width));

/** The results as a fixed-width table for the terminal. */
export function formatTable(results: ScenarioResult[]): string {
  const header = [
    "scenario",
    "req/s",
    "of ceiling",
    "p50 ms",
    "p99 ms",
    "max ms",
    "KB",
    "CPU ms/req srv+db",
    "non-2xx",
    "errors",
    "RSS MB",
  ];
  const rows = results.map((r) => [
    r.name,
    num(r.rps),
    ofCeilingText(r),
    String(r.latencyMs.p50),
    String(r.latencyMs.p99),
    String(r.latencyMs.max),
    String(r.responseKb),
    cpuText(r),
    num(r.non2xx),
    num(r.errors),
    r.peakRssMb === null ? "" : String(r.peakRssMb),
    targetText(r),
    verdict(r),
  ]);
  const full = [[...header, "target", "meets"], ...rows];
  const widths = full[0].map((_, i) => Math.max(...full.map((row) => row[i].length)));
  return full
    .map((row) => row.map((cell, i) => pad(cell, widths[i], i > 0 && i < header.length)).join("  "))
    .join("\n");
}

function fixedWidth(rows: string[][], rightAligned: number[]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => pad(cell, widths[i], rightAligned.includes(i)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** Page weights and Lighthouse as a fixed-width table for the terminal. */
export function formatFrontEnd(frontEnd: FrontEndReport): string {
  const table = fixedWidth([FRONT_END_HEADER, ...frontEndRows(frontEnd)], [2, 3, 4, 5, 6, 7]);
  return frontEnd.lighthouseSkipped ? `${table}\nLighthouse skipped: ${frontEnd.lighthouseSkipped}` : table;
}

/** Generation overhead as a fixed-width table for the terminal. */
export function formatGeneration(generation: GenerationReport): string {
  return fixedWidth([GENERATION_HEADER, ...generationRows(generation)], [2, 3, 4]);
}

/** The scale comparison as a fixed-width table for the terminal. */
export function formatScale(scale: ScaleComparison): string {
  const rows = scaleRows(scale, (r) => r.name, "-");
  const full = [
    [
      "scenario",
      `p99 ms at ${num(scale.articles)}`,
      `p99 ms at ${num(scale.baseArticles)}`,
      "ratio",
      `≤ ×${scale.maxRatio}`,
    ],
    ...rows,
  ];
  const widths = full[0].map((_, i) => Math.max(...full.map((row) => row[i].length)));
  return full.map((row) => row.map((cell, i) => pad(cell, widths[i], i > 0 && i < 4)).join("  ")).join("\n");
}
