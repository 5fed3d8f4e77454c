/**
 * What a run prints and writes when it is over: a line per scenario as it finishes, the tables
 * and findings, and the results (the stored files and docs/performance.md for a complete run,
 * bench/results/partial.json otherwise).
 */
import { join, relative } from "node:path";
import { projectRoot } from "../../server/lib/paths";
import type { ScenarioResult } from "./load";
import { BASE_ARTICLES, type BenchOptions } from "./options";
import {
  type BenchReport,
  DOC_FILE,
  formatWithBiome,
  kindName,
  PLANS_FILE,
  RESULTS_FILE,
  storedResultFile,
  writeFileEnsuringDir,
} from "./report";
import { findings } from "./report-findings";
import { renderMarkdown } from "./report-markdown";
import { formatFrontEnd, formatGeneration, formatScale, formatTable } from "./report-terminal";

const PARTIAL_FILE = join(projectRoot, "bench/results/partial.json");

export function line(result: ScenarioResult): string {
  return `  ${result.name}: ${result.rps.toLocaleString("en-US")} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms${result.non2xx ? `, ${result.non2xx} non-2xx` : ""}${result.errors ? `, ${result.errors} errors` : ""}`;
}

/** The run's tables, its database and load, the scale comparison and the findings, on the terminal. */
export function printSummary(report: BenchReport) {
  console.log(`\n${formatTable(report.scenarios)}\n`);
  if (report.frontEnd) console.log(`${formatFrontEnd(report.frontEnd)}\n`);
  if (report.generation) console.log(`${formatGeneration(report.generation)}\n`);
  if (report.throughput) {
    const t = report.throughput;
    console.log(
      `generation throughput: ${t.succeeded}/${t.users} articles with a ${t.llmDelayMs / 1000} s LLM on ${t.processes} processes: median ${t.medianSeconds} s, max ${t.maxSeconds} s (target 40 s: ${t.maxSeconds <= 40 && t.errors === 0 ? "met" : "MISSED"}), ${t.errors} errors, at most ${t.llmMaxInFlight} LLM calls at once, peak memory ${t.peakMemoryMb.map((mb) => `${mb ?? "?"} MB`).join(" + ")}\n`,
    );
  }
  console.log(
    `database: ${kindName(report.database.kind)}, ${report.database.server}; load generator: ${report.load.generator}; server peak memory: ${report.server.peakRssMb ?? "?"} MB${report.database.kind === "embedded" ? " (the embedded database included)" : ""}`,
  );
  if (report.options.articles !== BASE_ARTICLES) {
    if (report.scale) {
      const verdict = report.scale.meets === null ? "nothing to compare" : report.scale.meets ? "met" : "MISSED";
      console.log(
        `\np99 at ${report.options.articles.toLocaleString("en-US")} articles against the stored ${BASE_ARTICLES.toLocaleString("en-US")}-article run on ${kindName(report.database.kind)} (${report.scale.baseDate}); budget ≤ ×${report.scale.maxRatio}: ${verdict}\n${formatScale(report.scale)}\n`,
      );
    } else {
      console.log(
        `\nno stored ${BASE_ARTICLES.toLocaleString("en-US")}-article run on ${kindName(report.database.kind)} (${relative(projectRoot, storedResultFile(report.database.kind, BASE_ARTICLES))}) to compare this run's p99s with: run the benchmark at ${BASE_ARTICLES.toLocaleString("en-US")} articles first`,
      );
    }
  }
  for (const note of findings(report)) console.log(`- ${note.replace(/\*\*/g, "")}`);
}

/** Writes the results: all of them for a complete run, only partial.json for another. */
export function writeResults(report: BenchReport, options: BenchOptions, planText: string) {
  const complete = options.only.length === 0 && report.ok;
  const written: string[] = [];
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (complete) {
    const stored = storedResultFile(report.database.kind, options.articles);
    writeFileEnsuringDir(RESULTS_FILE, json);
    writeFileEnsuringDir(stored, json);
    writeFileEnsuringDir(PLANS_FILE, planText);
    // After the per-kind file, so the page's summary of stored results includes this run.
    writeFileEnsuringDir(DOC_FILE, renderMarkdown(report));
    written.push(RESULTS_FILE, stored, PLANS_FILE, DOC_FILE);
    formatWithBiome([RESULTS_FILE, stored, DOC_FILE]);
  } else {
    writeFileEnsuringDir(PARTIAL_FILE, json);
    written.push(PARTIAL_FILE);
    formatWithBiome([PARTIAL_FILE]);
  }
  console.log(
    `\nwrote ${written.map((f) => relative(projectRoot, f)).join(", ")}${complete ? "" : " (a partial or failed run leaves the stored results and docs/performance.md alone)"}; ${report.elapsedSeconds} s in all`,
  );
}
