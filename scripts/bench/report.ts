import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, platform, release, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { projectRoot } from "../../server/lib/paths";
import type { ShapePlan, StatementPlan } from "./explain";
import type { ScenarioResult } from "./load";
import type { BenchOptions } from "./options";
import type { SeedResult } from "./seed";

export const RESULTS_FILE = join(projectRoot, "bench/results/latest.json");
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
  schemaVersion: 1;
  date: string;
  command: string;
  ok: boolean;
  failures: string[];
  elapsedSeconds: number;
  git: { commit: string | null; dirty: boolean | null };
  machine: Machine;
  database: {
    kind: "postgres";
    url: string;
    server: string;
    articles: number;
    authors: number;
    seed: SeedResult;
    articlesSizeMb: number;
    /** Row versions written to articles while the load ran, and how many were HOT updates. */
    articleUpdatesDuringLoad: { updates: number; hot: number } | null;
  };
  options: Pick<BenchOptions, "connections" | "duration" | "warmup" | "only" | "articles" | "authors">;
  server: { peakRssMb: number | null; memoryTargetMb: number };
  scenarios: ScenarioResult[];
  /** The plans' figures; the SQL and the plans themselves are in bench/results/explain.txt. */
  explain: Array<{ name: string; title: string; statements: Array<Omit<StatementPlan, "plan" | "sql">> }>;
}

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

/** The URL without a password. */
export function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

const num = (n: number) => n.toLocaleString("en-US");
const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width));

function targetText(result: ScenarioResult): string {
  return result.target ? `≥${num(result.target.minRps)}/s, p99<${result.target.maxP99Ms}ms` : "";
}

function cpuText(result: ScenarioResult): string {
  const { server, database } = result.cpuMsPerRequest;
  if (server === null) return "";
  return database === null ? server.toFixed(2) : `${server.toFixed(2)} + ${database.toFixed(2)}`;
}

function verdict(result: ScenarioResult): string {
  if (result.meetsTarget === null) return "";
  return result.meetsTarget ? "yes" : "NO";
}

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
    r.ofCeiling === null ? "" : `${Math.round(r.ofCeiling * 100)}%`,
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

export function summarizePlans(plans: ShapePlan[]): BenchReport["explain"] {
  return plans.map((shape) => ({
    name: shape.name,
    title: shape.title,
    statements: shape.statements.map(({ plan: _plan, sql: _sql, ...rest }) => rest),
  }));
}

/** What stands out, in words: sequential scans on hot paths, over-fetching, missed budgets, writes on reads. */
export function findings(report: BenchReport): string[] {
  const notes: string[] = [];
  const minor: string[] = [];
  for (const shape of report.explain) {
    for (const statement of shape.statements) {
      if (statement.seqScans.some((scan) => scan.startsWith("articles "))) {
        notes.push(
          `Seq Scan on ${statement.seqScans.join(", ")} in **${shape.name}** (${shape.title}): ${statement.planMs ?? "?"} ms in PostgreSQL.`,
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
  // What the server reads from PostgreSQL per request against what it answers.
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
  if (report.server.peakRssMb !== null && report.server.peakRssMb >= report.server.memoryTargetMb) {
    notes.push(
      `The server peaked at ${report.server.peakRssMb} MB, over the ${report.server.memoryTargetMb} MB budget.`,
    );
  }
  const writes = report.database.articleUpdatesDuringLoad;
  if (writes && writes.updates > 0) {
    const hot = Math.round((writes.hot / writes.updates) * 100);
    notes.push(
      `Reading articles wrote ${num(writes.updates)} new versions of article rows during the load (${hot}% HOT): every article read runs the view-count UPDATE, even when the view is not counted.`,
    );
  }
  return notes;
}

function markdownTable(header: string[], rows: string[][], rightAligned: number[] = []): string {
  const align = header.map((_, i) => (rightAligned.includes(i) ? "---:" : "---"));
  return [header, align, ...rows].map((row) => `| ${row.join(" | ")} |`).join("\n");
}

export function renderMarkdown(report: BenchReport): string {
  const m = report.machine;
  const seed = report.database.seed;
  const results = markdownTable(
    [
      "scenario",
      "path",
      "req/s",
      "of ceiling",
      "p50 ms",
      "p99 ms",
      "KB per answer",
      "CPU ms per request (server + PostgreSQL)",
      "non-2xx",
      "errors",
      "target",
      "meets",
    ],
    report.scenarios.map((r) => [
      r.title,
      `\`${r.path}\``,
      num(r.rps),
      r.ofCeiling === null ? "" : `${Math.round(r.ofCeiling * 100)}%`,
      String(r.latencyMs.p50),
      String(r.latencyMs.p99),
      String(r.responseKb),
      cpuText(r),
      num(r.non2xx),
      num(r.errors),
      targetText(r),
      verdict(r),
    ]),
    [2, 3, 4, 5, 6, 7, 8, 9],
  );
  const plans = markdownTable(
    ["query", "statement", "in PostgreSQL ms", "at the client ms", "rows", "KB returned", "sequential scans"],
    report.explain.flatMap((shape) =>
      shape.statements.map((s, i) => [
        shape.statements.length > 1 ? `${shape.title} (${i + 1})` : shape.title,
        `\`${shape.name}\``,
        String(s.planMs ?? ""),
        String(s.clientMs ?? "(write)"),
        String(s.rows ?? ""),
        String(s.rowsKb ?? ""),
        s.seqScans.length ? `**${s.seqScans.join(", ")}**` : "none",
      ]),
    ),
    [2, 3, 4, 5],
  );
  const notes = findings(report);
  const seedLine = seed.seeded
    ? `seeded in ${seed.seconds} s (${Object.entries(seed.steps)
        .map(([k, v]) => `${k} ${v} s`)
        .join(", ")})`
    : `seed reused (made ${seed.seededAt} in ${seed.seconds} s)`;
  return `# Performance

\`npm run bench\` measures how fast the app answers readers. It builds the app if the sources
changed, seeds a PostgreSQL database (\`BENCH_DATABASE_URL\`, else \`vidscribe_bench\` on the local
server, created when missing) with 100,000 articles by 2,000 authors, generated in SQL (the seed is
reused when the database already holds it; \`--reseed\` forces a new one), then starts the built
server (\`node dist/server/main.js\`, \`NODE_ENV=production\`, \`ROLE=web\`, on 127.0.0.1 only) and
loads one endpoint at a time with [autocannon](https://github.com/mcollina/autocannon) from the
benchmark's own process: a warm-up, then a measured run with a fixed number of connections. For
each scenario it reports requests per second (the mean of one-second samples), p50 and p99
latency, non-2xx answers and errors, the server's peak resident memory, the throughput as a
share of a bare \`node:http\` server measured the same way in the same run, and the CPU time each
request costs the server process and the PostgreSQL backends (read from /proc). Requests per
second drift with whatever else the machine runs; CPU per request hardly does, and on this 2-core
machine 2,000 ms divided by the server's and PostgreSQL's CPU ms per request (less the load
generator's share) bounds what the endpoint can reach. It also runs \`EXPLAIN (ANALYZE, BUFFERS)\` on the SQL
the app's own query functions send for the hot endpoints, so a sequential scan or a slow plan
shows up next to the numbers. Results go to \`bench/results/latest.json\` (all figures),
\`bench/results/explain.txt\` (the plans) and this page. A non-2xx answer, an error, or a server
that does not start fails the run; the budgets (issue 7) are reported, not enforced.

Options: \`--articles N\` (default 100000), \`--duration S\` (10), \`--warmup S\` (2),
\`--connections N\` (32), \`--only feed,search\`, \`--reseed\`, \`--explain\` (print the plans),
\`--seed-only\`. Example: \`npm run bench -- --duration 5\`.

## Latest run

- Date: ${report.date}
- Command: \`${report.command}\`
- Commit: ${report.git.commit ?? "unknown"}${report.git.dirty ? " (with uncommitted changes)" : ""}
- Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ${m.os}, Node ${m.node}; load average ${m.loadAverageAtStart.join(" / ")} at the start${m.loadAverageAtEnd ? `, ${m.loadAverageAtEnd.join(" / ")} at the end` : ""} (the load generator, the server and PostgreSQL share these cores)
- Database: ${report.database.server}; ${num(report.database.articles)} articles (${report.database.articlesSizeMb} MB with indexes and TOAST), ${num(report.database.authors)} authors; ${seedLine}
- Load: ${report.options.connections} connections, ${report.options.warmup} s warm-up and ${report.options.duration} s measured per scenario
- Server peak memory: ${report.server.peakRssMb ?? "?"} MB (budget ${report.server.memoryTargetMb} MB)
- Outcome: ${report.ok ? "every scenario answered 2xx only" : `FAILED: ${report.failures.join("; ")}`}

${results}

## Query plans

What PostgreSQL does for each hot query (the app's SQL, captured as it runs). "In PostgreSQL" is
the execution time EXPLAIN ANALYZE reports; "at the client" is the median of five round trips,
which also pays for sending (and decompressing) the columns returned.

${plans}

## Findings

${notes.length ? notes.map((n) => `- ${n}`).join("\n") : "- Nothing stands out: no sequential scans, every budget met."}
`;
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
