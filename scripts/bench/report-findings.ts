/**
 * What stands out in a run, in words: sequential scans on hot paths, over-fetching, missed
 * budgets, writes on reads. Printed after the run and listed on the performance page.
 */
import type { BenchReport } from "./report";
import { num } from "./report-rows";

/** What stands out, in words: sequential scans on hot paths, over-fetching, missed budgets, writes on reads. */
export function findings(report: BenchReport): string[] {
  const notes: string[] = [];
  const minor: string[] = [];
  const engine = report.database.kind === "postgres" ? "PostgreSQL" : "PGlite";
  for (const shape of report.explain) {
    for (const statement of shape.statements) {
      if (statement.seqScans.some((scan) => scan.startsWith("articles "))) {
        notes.push(
          `Seq Scan on ${statement.seqScans.join(", ")} in **${shape.name}** (${shape.title}): ${statement.planMs ?? "?"} ms in ${engine}.`,
        );
      } else if (statement.seqScans.length > 0) {
        minor.push(`${shape.name}: ${statement.seqScans.join(", ")}`);
      }
    }
  }
  if (minor.length > 0) {
    notes.push(
      `Sequential scans of smaller tables (hash-join builds over every author, paid on each request): ${minor.join("; ")}.`,
    );
  }
  // What the server reads from the database per request against what it answers.
  const scenarioFor: Record<string, string> = { "article-by-id": "article-json" };
  const overFetch: string[] = [];
  for (const shape of report.explain) {
    const result = report.scenarios.find((r) => r.name === (scenarioFor[shape.name] ?? shape.name));
    const read = shape.statements.reduce((sum, s) => sum + (s.rowsKb ?? 0), 0);
    if (result && result.responseKb > 0 && read > 3 * result.responseKb) {
      overFetch.push(`${shape.name} ${read.toFixed(0)} KB for a ${result.responseKb} KB answer`);
    }
  }
  if (overFetch.length > 0) {
    notes.push(
      `The queries select every article column (the three bodies and search_vector included) and the answers drop most of it: ${overFetch.join(", ")}.`,
    );
  }
  const uncompressed = report.scenarios.filter((r) => r.responseKb >= 20 && !r.contentEncoding);
  if (uncompressed.length > 0) {
    notes.push(
      `Answered uncompressed although the client accepts gzip and br: ${uncompressed.map((r) => `${r.name} (${r.responseKb} KB)`).join(", ")}.`,
    );
  }
  const missed = report.scenarios.filter((r) => r.meetsTarget === false);
  if (missed.length > 0) {
    notes.push(
      `${missed.length} of ${report.scenarios.filter((r) => r.target).length} budgets missed: ${missed.map((r) => `${r.name} (${num(r.rps)} req/s, p99 ${r.latencyMs.p99} ms)`).join(", ")}.`,
    );
  }
  const scaleMissed = report.scale?.rows.filter((r) => r.meets === false) ?? [];
  if (scaleMissed.length > 0 && report.scale) {
    notes.push(
      `At ${num(report.scale.articles)} articles, ${scaleMissed.length} p99s grew more than ${report.scale.maxRatio} times their ${num(report.scale.baseArticles)}-article figure: ${scaleMissed.map((r) => `${r.name} (${r.baseP99Ms} → ${r.p99Ms} ms, ×${r.ratio})`).join(", ")}.`,
    );
  }
  if (report.frontEnd?.lighthouseSkipped)
    notes.push(`Lighthouse did not measure: ${report.frontEnd.lighthouseSkipped}.`);
  for (const page of report.frontEnd?.pages ?? []) {
    if (page.misses.length > 0)
      notes.push(`The ${page.page} page (\`${page.path}\`) misses its budget: ${page.misses.join(", ")}.`);
  }
  const slow = report.generation?.rows.filter((r) => r.meets === false) ?? [];
  if (slow.length > 0) {
    notes.push(
      `Generation over budget: ${slow.map((r) => `${r.kind} ${r.label.split(" ")[0]} p50 ${r.p50Ms} ms (under ${r.maxP50Ms})`).join(", ")}.`,
    );
  }
  if (report.server.peakRssMb !== null && report.server.peakRssMb >= report.server.memoryTargetMb) {
    notes.push(
      `The server peaked at ${report.server.peakRssMb} MB, over the ${report.server.memoryTargetMb} MB budget.`,
    );
  }
  const writes = report.database.articleUpdatesDuringLoad;
  if (writes && writes.updates > 0) {
    const hot = Math.round((writes.hot / writes.updates) * 100);
    notes.push(
      `Counting reads wrote ${num(writes.updates)} new versions of article rows during the load (${hot}% HOT; an update that is not HOT also writes an entry in every index of the table).`,
    );
  }
  return notes;
}
