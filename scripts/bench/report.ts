import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, platform, release, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { SERVER_NODE_FLAGS } from "../../server/lib/node-flags";
import { projectRoot } from "../../server/lib/paths";
import type { DatabaseKind } from "./db-client";
import type { ShapePlan, StatementPlan } from "./explain";
import { budgetText, type FrontEndReport } from "./frontend";
import type { GenerationReport } from "./generation-summary";
import type { GeneratorName } from "./generators";
import type { ScenarioResult } from "./load";
import type { BenchOptions } from "./options";
import { BASE_ARTICLES } from "./options";
import { compareScale, type ScaleComparison } from "./scale";
import type { SeedResult } from "./seed";

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

function markdownTable(header: string[], rows: string[][], rightAligned: number[] = []): string {
  const align = header.map((_, i) => (rightAligned.includes(i) ? "---:" : "---"));
  return [header, align, ...rows].map((row) => `| ${row.join(" | ")} |`).join("\n");
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

const yesNo = (meets: boolean | null) => (meets === null ? "" : meets ? "yes" : "NO");

function frontEndRows(frontEnd: FrontEndReport): string[][] {
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

const FRONT_END_HEADER = [
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

/** Page weights and Lighthouse as a fixed-width table for the terminal. */
export function formatFrontEnd(frontEnd: FrontEndReport): string {
  const table = fixedWidth([FRONT_END_HEADER, ...frontEndRows(frontEnd)], [2, 3, 4, 5, 6, 7]);
  return frontEnd.lighthouseSkipped ? `${table}\nLighthouse skipped: ${frontEnd.lighthouseSkipped}` : table;
}

const GENERATION_HEADER = ["what", "video", "runs", "p50 ms", "p99 ms", "budget (p50)", "meets"];

function generationRows(generation: GenerationReport): string[][] {
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

/** Generation overhead as a fixed-width table for the terminal. */
export function formatGeneration(generation: GenerationReport): string {
  return fixedWidth([GENERATION_HEADER, ...generationRows(generation)], [2, 3, 4]);
}

/** The scale comparison as a fixed-width table for the terminal. */
export function formatScale(scale: ScaleComparison): string {
  const rows = scale.rows.map((r) => [
    r.name,
    String(r.p99Ms),
    r.baseP99Ms === null ? "-" : String(r.baseP99Ms),
    r.ratio === null ? "-" : `×${r.ratio}`,
    r.meets === null ? "" : r.meets ? "yes" : "NO",
  ]);
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

function scaleMarkdown(scale: ScaleComparison): string {
  return markdownTable(
    [
      "scenario",
      `p99 ms, ${num(scale.articles)} articles`,
      `p99 ms, ${num(scale.baseArticles)} articles`,
      "ratio",
      `meets (≤ ×${scale.maxRatio})`,
    ],
    scale.rows.map((r) => [
      r.title,
      String(r.p99Ms),
      r.baseP99Ms === null ? "" : String(r.baseP99Ms),
      r.ratio === null ? "" : `×${r.ratio}`,
      r.meets === null ? "" : r.meets ? "yes" : "NO",
    ]),
    [1, 2, 3],
  );
}

const runLabel = (r: BenchReport) => `${kindName(r.database.kind)}, ${num(r.options.articles)} articles`;

/**
 * One column per stored result (bench/results/<kind>-<articles>.json): requests per second and
 * p99 per scenario, so the kinds and sizes can be read side by side.
 */
function storedSummary(stored: BenchReport[]): string {
  const names: Array<{ name: string; title: string }> = [];
  for (const report of stored) {
    for (const s of report.scenarios) if (!names.some((n) => n.name === s.name)) names.push(s);
  }
  const info = (label: string, cell: (r: BenchReport) => string) => [label, ...stored.map(cell)];
  return markdownTable(
    ["", ...stored.map(runLabel)],
    [
      info("date", (r) => r.date.slice(0, 16).replace("T", " ")),
      info("commit", (r) => `${r.git.commit ?? "?"}${r.git.dirty ? " (+ changes)" : ""}`),
      info("load", (r) => `${r.load.generator}, ${r.options.connections} connections, ${r.options.duration} s`),
      info("server peak memory", (r) => (r.server.peakRssMb === null ? "?" : `${r.server.peakRssMb} MB`)),
      ...names.map(({ name, title }) =>
        info(title.replace(/ \(\d+ (ids|slugs)\)$/, ""), (r) => {
          const result = r.scenarios.find((s) => s.name === name);
          return result ? `${num(result.rps)}/s, p99 ${result.latencyMs.p99} ms` : "";
        }),
      ),
    ],
  );
}

/** Stored scale runs of each kind against the stored base run of the same kind (but `skip`, shown already). */
function storedScale(stored: BenchReport[], skip: BenchReport | null): string[] {
  const sections: string[] = [];
  for (const run of stored) {
    if (run.options.articles === BASE_ARTICLES) continue;
    if (skip && run.date === skip.date && run.database.kind === skip.database.kind) continue;
    const base = stored.find((r) => r.database.kind === run.database.kind && r.options.articles === BASE_ARTICLES);
    if (!base) {
      sections.push(
        `${runLabel(run)} (${run.date.slice(0, 10)}): no stored ${num(BASE_ARTICLES)}-article run on ${kindName(run.database.kind)} to compare with.`,
      );
      continue;
    }
    const scale = compareScale(run, base);
    const verdict =
      scale.meets === null ? "nothing to compare" : scale.meets ? "every p99 within the budget" : "budget missed";
    sections.push(
      `${kindName(run.database.kind)}: the run with ${num(run.options.articles)} articles (${run.date.slice(0, 16).replace("T", " ")}) against the one with ${num(base.options.articles)} (${base.date.slice(0, 16).replace("T", " ")}): ${verdict}.\n\n${scaleMarkdown(scale)}`,
    );
  }
  return sections;
}

export function renderMarkdown(report: BenchReport, stored: BenchReport[] = readStoredResults()): string {
  const m = report.machine;
  const seed = report.database.seed;
  const embedded = report.database.kind === "embedded";
  const engine = embedded ? "PGlite" : "PostgreSQL";
  const results = markdownTable(
    [
      "scenario",
      "path",
      "req/s",
      "of ceiling",
      "p50 ms",
      "p99 ms",
      "KB per answer",
      embedded ? "CPU ms per request (server, PGlite included)" : "CPU ms per request (server + PostgreSQL)",
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
  const plans = report.explainSkipped
    ? `Not explained in this run: ${report.explainSkipped}`
    : `What ${engine} does for each hot query (the app's SQL, captured as it runs${embedded ? "; PGlite in the benchmark's process, before the server started" : ""}). "In ${engine}" is
the execution time EXPLAIN ANALYZE reports; "at the client" is the median of five round trips,
which also pays for sending (and decompressing) the columns returned.

${markdownTable(
  ["query", "statement", `in ${engine} ms`, "at the client ms", "rows", "KB returned", "sequential scans"],
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
)}`;
  const notes = findings(report);
  const seedLine = seed.seeded
    ? `seeded in ${seed.seconds} s (${Object.entries(seed.steps)
        .map(([k, v]) => `${k} ${v} s`)
        .join(", ")})`
    : `seed reused (made ${seed.seededAt} in ${seed.seconds} s)`;
  const scaleSections = storedScale(stored, report.scale ? report : null);
  return `# Performance

\`npm run bench\` measures how fast the app answers readers, on the database the app would use:
**PostgreSQL** when \`DATABASE_URL\` is set (the production case; \`BENCH_DATABASE_URL\` is read when
it is not; the database is created when missing), else the **embedded database** (PGlite, as the
app runs without \`DATABASE_URL\`) in \`data/bench-<articles>\`. Every run says which. It builds the
app if the sources changed and seeds 100,000 articles by 2,000 authors, generated in SQL (on
PostgreSQL over several connections at once; on PGlite in the benchmark's own process, one chunk
after another). A seed is reused when the database already holds it (\`--reseed\` forces a new
one). Then it starts the built server as \`npm start\` does (\`node ${SERVER_NODE_FLAGS.join(" ")} dist/server/main.js\`, \`NODE_ENV=production\`,
\`ROLE=web\`, on 127.0.0.1 only; on the embedded database with \`DATA_DIR\` pointing at the seeded
directory, after the benchmark has closed it, since PGlite lets one process at a time open it) and
loads one endpoint at a time from a process of its own: [wrk](https://github.com/wg/wrk) when it is
on PATH (a Lua script cycles through the scenario's paths and counts the status codes), else
[autocannon](https://github.com/mcollina/autocannon) in a child Node process. Each scenario gets a
warm-up (a scenario with many paths, such as 1,000 articles, first has each path read once), then
a measured run with a fixed number of connections. For each it reports requests per
second, p50 and p99 latency, non-2xx answers and errors, the server's peak resident memory, the
throughput as a share of a bare \`node:http\` server loaded the same way in the same run, and the
CPU time each request costs the server process and the PostgreSQL backends (read from /proc; PGlite
runs inside the server process, so on the embedded database its CPU time is in the server's).
Requests per second drift with whatever else the machine runs; CPU per request hardly does, and on
this 2-core machine 2,000 ms divided by the server's and the database's CPU ms per request (less
the load generator's share) bounds what the endpoint can reach. It also runs
\`EXPLAIN (ANALYZE, BUFFERS)\` on the SQL the app's own query functions send for the hot endpoints
(on PGlite in the benchmark's process, before the server starts), so a sequential scan or a slow
plan shows up next to the numbers. After the load, on the same server and data, it weighs the JS
and CSS the landing page, an article page and a signed-in reader's home load first (gzipped) and
runs Lighthouse on them; with the server stopped, it measures generation overhead (the pipeline on
the fixture videos with the extractive writer and with an LLM that answers at once, 20 runs each)
and the first progress in the create dialog (\`--skip-frontend\`, \`--skip-generation\`; both are
left out of \`--only\` runs).

Results go to \`bench/results/latest.json\` (the last complete run, all figures),
\`bench/results/<kind>-<articles>.json\` (the last complete run of each kind of database at each
size: \`postgres-100000.json\`, \`embedded-100000.json\`, \`postgres-1000000.json\`…),
\`bench/results/explain.txt\` (the plans) and this page. \`--articles 1000000\` is the scale run: its
p99s are compared with the stored 100,000-article run on the same kind of database (the budget:
at most 1.5 times). A non-2xx answer, an error, or a server that does not start fails the run;
\`--only\` runs write \`bench/results/partial.json\` only; the budgets (issue 7) are reported, not
enforced.

Options: \`--articles N\` (default 100000), \`--duration S\` (10), \`--warmup S\` (2),
\`--connections N\` (32), \`--only feed,search\`, \`--reseed\`, \`--explain\` (print the plans),
\`--seed-only\`, \`--generator auto|wrk|autocannon\`, \`--threads N\` (wrk), \`--skip-frontend\`,
\`--skip-generation\`. Examples:
\`npm run bench -- --duration 5\` (embedded),
\`DATABASE_URL=postgres://postgres@127.0.0.1:5432/vidscribe_bench npm run bench\` (PostgreSQL),
\`DATABASE_URL=postgres://postgres@127.0.0.1:5432/vidscribe_bench_1m npm run bench -- --articles 1000000\`.

## Latest run

- Date: ${report.date}
- Command: \`${report.command}\`
- Commit: ${report.git.commit ?? "unknown"}${report.git.dirty ? " (with uncommitted changes)" : ""}
- Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ${m.os}, Node ${m.node}; load average ${m.loadAverageAtStart.join(" / ")} at the start${m.loadAverageAtEnd ? `, ${m.loadAverageAtEnd.join(" / ")} at the end` : ""} (the load generator, the server and the database share these cores)
- Database: **${kindName(report.database.kind)}**, ${report.database.server} (\`${report.database.location}\`); ${num(report.database.articles)} articles (${report.database.articlesSizeMb} MB with indexes and TOAST), ${num(report.database.authors)} authors; ${seedLine}
- Load: ${report.load.generator}${report.load.threads ? ` (${report.load.threads} thread${report.load.threads > 1 ? "s" : ""})` : ""} in a process of its own, ${report.options.connections} connections, ${report.options.warmup} s warm-up and ${report.options.duration} s measured per scenario
- Server peak memory: ${report.server.peakRssMb ?? "?"} MB (budget ${report.server.memoryTargetMb} MB${embedded ? "; the embedded database included" : ""})
- Outcome: ${report.ok ? "every scenario answered 2xx only" : `FAILED: ${report.failures.join("; ")}`}

${results}
${
  report.scale
    ? `
### Against ${num(report.scale.baseArticles)} articles

This run's p99s against the stored ${num(report.scale.baseArticles)}-article run on ${kindName(report.database.kind)} (${report.scale.baseDate}); the budget is at most ×${report.scale.maxRatio}: ${report.scale.meets === null ? "nothing to compare" : report.scale.meets ? "met" : "**missed**"}.

${scaleMarkdown(report.scale)}
`
    : ""
}
## Front end

${
  report.frontEnd
    ? `What each page makes the browser fetch first (module scripts, preloads and stylesheets its HTML names, gzipped at level 9 as the server's precompressed files are) and Lighthouse's performance category (Lighthouse 12 on the system Chromium: mobile emulation, simulated slow 4G, a 4× slower CPU, cold cache; the median of ${report.frontEnd.pages.find((p) => p.lighthouse)?.lighthouse?.runs ?? "several"} runs), on this run's server and data; home is a signed-in reader's feed.${report.frontEnd.lighthouseSkipped ? ` Lighthouse skipped: ${report.frontEnd.lighthouseSkipped}.` : ""}

${markdownTable(
  FRONT_END_HEADER,
  frontEndRows(report.frontEnd).map(([page, path, ...rest]) => [page, `\`${path}\``, ...rest]),
  [2, 3, 4, 5, 6, 7],
)}`
    : `Not measured in this run: ${report.frontEndSkipped ?? "skipped"}.`
}

## Generation overhead

${
  report.generation
    ? `Our own time to turn a fixture video into a stored article (scripts/bench/generation.ts): with the extractive writer, and with an LLM server that answers at once, so the LLM's thinking is not in it; p50 and p99 over ${report.generation.rows[0]?.runs ?? 20} runs each, on ${report.generation.database === "postgres" ? "a scratch PostgreSQL database beside the benchmark's" : "a temporary embedded database"}; then the first progress in the create dialog, in a browser${report.generation.note ? ` (${report.generation.note})` : ""}. ${report.generation.elapsedSeconds} s in all.

${markdownTable(GENERATION_HEADER, generationRows(report.generation), [2, 3, 4])}`
    : `Not measured in this run: ${report.generationSkipped ?? "skipped"}.`
}

## Query plans

${plans}

## Findings

${notes.length ? notes.map((n) => `- ${n}`).join("\n") : "- Nothing stands out: no sequential scans, every budget met."}

## Stored results

The last complete run of each kind of database at each size (\`bench/results/<kind>-<articles>.json\`): requests per second and p99.

${stored.length ? storedSummary(stored) : "None yet."}

### Scale (${num(BASE_ARTICLES)} → more articles)

${scaleSections.length ? scaleSections.join("\n\n") : report.scale ? "The latest run, above." : `No stored run at another size than ${num(BASE_ARTICLES)} articles yet (\`--articles 1000000\`).`}
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
