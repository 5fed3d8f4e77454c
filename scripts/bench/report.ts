/**
 * The benchmark's report: its shape (BenchReport, schema 2), where runs are stored
 * (bench/results) and read back, and the facts about the machine and commit a run records.
 * Turning a report into words is elsewhere: report-terminal.ts (tables for the terminal),
 * report-markdown.ts (docs/performance.md) and report-findings.ts (what stands out).
 */

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, platform, release, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { projectRoot } from "../../server/lib/paths";
import type { DatabaseKind } from "./db-client";
import type { ShapePlan, StatementPlan } from "./explain";
import type { FrontEndReport } from "./frontend";
import type { GenerationReport } from "./generation-summary";
import type { GeneratorName } from "./generators";
import type { ScenarioResult } from "./load";
import type { BenchOptions } from "./options";
import { BASE_ARTICLES } from "./options";
import type { ScaleComparison } from "./scale";
import type { SeedResult } from "./seed";
import type { ThroughputResult } from "./throughput";

export const RESULTS_DIR = join(projectRoot, "bench/results");
export const RESULTS_FILE = join(RESULTS_DIR, "latest.json");
export const PLANS_FILE = join(projectRoot, "bench/results/explain.txt");
export const DOC_FILE = join(projectRoot, "docs/performance.md");

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  os: string;
  /** 1, 5 and 15 minute load averages when the run started: other work on a shared machine shows here. */
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[] | null;
}

export interface BenchReport {
  /** 2: the database kind (PostgreSQL or embedded), the load generator, the scale comparison. */
  schemaVersion: 2;
  date: string;
  command: string;
  ok: boolean;
  failures: string[];
  elapsedSeconds: number;
  git: { commit: string | null; dirty: boolean | null };
  machine: Machine;
  database: {
    /** "postgres": DATABASE_URL; "embedded": the app's PGlite in a data directory. */
    kind: DatabaseKind;
    /** The URL without its password, or the embedded database's directory (from the project root). */
    location: string;
    /** The engine and version, e.g. "PostgreSQL 15.20 (…)" or "PGlite 0.5.16 (PostgreSQL 17.5)". */
    server: string;
    articles: number;
    authors: number;
    seed: SeedResult;
    articlesSizeMb: number;
    /** Row versions written to articles while the load ran, and how many were HOT updates. */
    articleUpdatesDuringLoad: { updates: number; hot: number } | null;
  };
  options: Pick<BenchOptions, "connections" | "duration" | "warmup" | "only" | "articles" | "authors">;
  /** The process that sent the load, and its threads (wrk). */
  load: { generator: GeneratorName; threads: number | null };
  server: { peakRssMb: number | null; memoryTargetMb: number };
  scenarios: ScenarioResult[];
  /** The plans' figures; the SQL and the plans themselves are in bench/results/explain.txt. */
  explain: Array<{ name: string; title: string; statements: Array<Omit<StatementPlan, "plan" | "sql">> }>;
  /** Why there are no plans, when there are none. */
  explainSkipped: string | null;
  /** A run at another size than 100,000: its p99s against the stored 100,000-article run of the same kind. */
  scale: ScaleComparison | null;
  /** Page weights and Lighthouse on the landing page, an article and home (null when skipped: why in frontEndSkipped). */
  frontEnd: FrontEndReport | null;
  frontEndSkipped: string | null;
  /** Generation overhead and first progress (null when skipped: why in generationSkipped). */
  generation: GenerationReport | null;
  generationSkipped: string | null;
  /** Many people generating at once against a slow fake LLM (issue 20; absent in older reports). */
  throughput?: ThroughputResult | null;
  throughputSkipped?: string | null;
}

/** The last complete run of one kind of database at one size, e.g. bench/results/postgres-100000.json. */
export function storedResultFile(kind: DatabaseKind, articles: number): string {
  return join(RESULTS_DIR, `${kind}-${articles}.json`);
}

/** The stored per-kind, per-size results (this schema only), PostgreSQL first, smaller first. */
export function readStoredResults(dir = RESULTS_DIR): BenchReport[] {
  if (!existsSync(dir)) return [];
  const reports: BenchReport[] = [];
  for (const file of readdirSync(dir)) {
    if (!/^(postgres|embedded)-\d+\.json$/.test(file)) continue;
    try {
      const report = JSON.parse(readFileSync(join(dir, file), "utf8")) as BenchReport;
      if (report.schemaVersion === 2) reports.push(report);
    } catch {
      // A file that does not parse is not a result.
    }
  }
  const order = (r: BenchReport) => (r.database.kind === "postgres" ? 0 : 1);
  return reports.sort((a, b) => order(a) - order(b) || a.options.articles - b.options.articles);
}

/** The stored base-size run of this kind to compare a scale run with, or null. */
export function storedBase(kind: DatabaseKind, dir = RESULTS_DIR): BenchReport | null {
  return readStoredResults(dir).find((r) => r.database.kind === kind && r.options.articles === BASE_ARTICLES) ?? null;
}

export const kindName = (kind: DatabaseKind) => (kind === "postgres" ? "PostgreSQL" : "embedded (PGlite)");

/** Server memory under load must stay below this (issue 7). */
export const MEMORY_TARGET_MB = 300;

export function describeMachine(): Machine {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model.trim() ?? "unknown",
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    os: `${platform()} ${release()}`,
    loadAverageAtStart: loadavg().map((l) => Number(l.toFixed(2))),
    loadAverageAtEnd: null,
  };
}

export function gitState(): BenchReport["git"] {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: projectRoot, encoding: "utf8" }).trim();
  try {
    return { commit: git("rev-parse", "--short=12", "HEAD"), dirty: git("status", "--porcelain").length > 0 };
  } catch {
    return { commit: null, dirty: null };
  }
}

export { safeUrl } from "./db-client";

export function summarizePlans(plans: ShapePlan[]): BenchReport["explain"] {
  return plans.map((shape) => ({
    name: shape.name,
    title: shape.title,
    statements: shape.statements.map(({ plan: _plan, sql: _sql, ...rest }) => rest),
  }));
}

export function writeFileEnsuringDir(file: string, content: string) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Lays JSON out as the project's formatter does, so `biome check` passes on committed results. */
export function formatWithBiome(files: string[]) {
  try {
    execFileSync(join(projectRoot, "node_modules/.bin/biome"), ["format", "--write", ...files], {
      cwd: projectRoot,
      stdio: "ignore",
    });
  } catch {
    // Only the layout differs; the results are written either way.
  }
}
