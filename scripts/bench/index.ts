/**
 * npm run bench: seeds PostgreSQL, starts the built server, loads the reader-facing endpoints
 * one at a time from this process (on loopback only) and reports throughput, latency, memory
 * and the hot queries' plans. See docs/performance.md, which each full run rewrites.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import pg from "pg";
import { projectRoot } from "../../server/lib/paths";
import { explainHotQueries, formatPlans, type ShapePlan } from "./explain";
import { probe, runScenario, type ScenarioResult, settle } from "./load";
import { type BenchOptions, parseOptions, USAGE } from "./options";
import {
  type BenchReport,
  DOC_FILE,
  describeMachine,
  findings,
  formatTable,
  formatWithBiome,
  gitState,
  MEMORY_TARGET_MB,
  PLANS_FILE,
  RESULTS_FILE,
  renderMarkdown,
  safeUrl,
  summarizePlans,
  writeFileEnsuringDir,
} from "./report";
import type { Probe } from "./scenarios";
import { buildScenarios, type Scenario, type ScenarioContext } from "./scenarios";
import { ensureDatabaseExists, migrate, seed } from "./seed";
import { processCpuMs, type RunningServer, startApp, startCeiling } from "./server";

const PARTIAL_FILE = join(projectRoot, "bench/results/partial.json");
const SAMPLE_ARTICLES = 1000;

class HarnessFailure extends Error {}

/** The hashed entry script the pages load first, as the static-asset scenario's path. */
function entryAsset(): string | null {
  try {
    const file = readdirSync(join(projectRoot, "dist/client/assets")).find((f) => /^index-.*\.js$/.test(f));
    return file ? `/assets/${file}` : null;
  } catch {
    return null;
  }
}

/** CPU used so far by each PostgreSQL backend serving the benchmark database (not this client's). */
async function databaseCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return cpu;
}

async function articleUpdates(client: pg.Client): Promise<{ updates: number; hot: number }> {
  const { rows } = await client.query<{ updates: string; hot: string }>(
    "select n_tup_upd as updates, n_tup_hot_upd as hot from pg_stat_user_tables where relname = 'articles'",
  );
  return { updates: Number(rows[0]?.updates ?? 0), hot: Number(rows[0]?.hot ?? 0) };
}

function line(result: ScenarioResult): string {
  return `  ${result.name}: ${result.rps.toLocaleString("en-US")} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms${result.non2xx ? `, ${result.non2xx} non-2xx` : ""}${result.errors ? `, ${result.errors} errors` : ""}`;
}

async function run(options: BenchOptions): Promise<number> {
  const started = performance.now();
  const machine = describeMachine();
  const url = options.databaseUrl;
  console.log(`database: ${safeUrl(url)} (PostgreSQL)`);

  await ensureDatabaseExists(url);
  await migrate(url);
  const seeded = await seed(url, {
    articles: options.articles,
    authors: options.authors,
    reseed: options.reseed,
    jobs: options.seedJobs,
  });
  console.log(
    seeded.seeded
      ? `seeded ${seeded.articles.toLocaleString("en-US")} articles and ${seeded.authors} authors in ${seeded.seconds} s (${Object.entries(
          seeded.steps,
        )
          .map(([k, v]) => `${k} ${v} s`)
          .join(", ")})`
      : `reusing the seed of ${seeded.articles.toLocaleString("en-US")} articles made ${seeded.seededAt} in ${seeded.seconds} s (--reseed to seed again)`,
  );

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let app: RunningServer | undefined;
  try {
    // Each run starts from the same state: no reads remembered, no dead rows from the last run.
    await client.query("truncate article_views");
    await client.query("vacuum (analyze) articles");
    const serverVersion = (await client.query<{ v: string }>("select version() as v")).rows[0].v.split(" on ")[0];
    const size = await client.query<{ mb: number }>(
      "select round(pg_total_relation_size('articles') / 1048576.0)::int as mb",
    );
    const step = Math.max(1, Math.floor(options.articles / SAMPLE_ARTICLES));
    const samples = (
      await client.query<{ id: number; slug: string }>(
        "select id, slug from articles where id % $1 = 0 order by id limit $2",
        [step, SAMPLE_ARTICLES],
      )
    ).rows;
    if (samples.length === 0) throw new HarnessFailure("the database has no articles to read");

    const explainStarted = performance.now();
    const plans: ShapePlan[] = await explainHotQueries(url, samples[Math.floor(samples.length / 2)]);
    const planText = formatPlans(plans);
    if (options.explain) console.log(`\n${planText}`);
    const seqScans = plans.flatMap((p) => p.statements.filter((s) => s.seqScans.length).map(() => p.name));
    console.log(
      `explained ${plans.length} hot queries in ${((performance.now() - explainStarted) / 1000).toFixed(1)} s; sequential scans in: ${seqScans.length ? [...new Set(seqScans)].join(", ") : "none"}${options.explain ? "" : " (--explain prints the plans)"}`,
    );
    if (options.seedOnly) return 0;

    const context: ScenarioContext = { articles: options.articles, samples, asset: entryAsset() };
    const all = buildScenarios(context);
    const unknown = options.only.filter((name) => !all.some((s) => s.name === name));
    if (unknown.length) {
      throw new HarnessFailure(
        `unknown scenario ${unknown.join(", ")}; there are: ${all.map((s) => s.name).join(", ")}`,
      );
    }
    const chosen = options.only.length ? all.filter((s) => options.only.includes(s.name)) : all;
    const load = { connections: options.connections, duration: options.duration, warmup: options.warmup };
    const perScenario = options.warmup + options.duration;
    console.log(
      `load: ${chosen.length} scenarios × (${options.warmup} s warm-up + ${options.duration} s), ${options.connections} connections, ~${Math.ceil((chosen.length * (perScenario + 1)) / 60)} min`,
    );

    const results: ScenarioResult[] = [];
    const failures: string[] = [];
    const measure = async (server: RunningServer, scenario: Scenario, answer: Probe) => {
      const result = await runScenario(server, scenario, load, answer, () =>
        scenario.server === "app" ? databaseCpu(client) : Promise.resolve(new Map()),
      );
      results.push(result);
      console.log(line(result));
      if (result.non2xx > 0) {
        failures.push(`${scenario.name}: ${result.non2xx} non-2xx answers (${JSON.stringify(result.statusCodes)})`);
      }
      if (result.errors > 0) failures.push(`${scenario.name}: ${result.errors} errors (${result.timeouts} timeouts)`);
    };

    const ceiling = chosen.find((s) => s.server === "ceiling");
    if (ceiling) {
      const server = await startCeiling();
      try {
        await measure(server, ceiling, await probe(server, ceiling, context));
      } finally {
        await server.stop();
      }
    }

    const appScenarios = chosen.filter((s) => s.server === "app");
    let writes: { updates: number; hot: number } | null = null;
    if (appScenarios.length) {
      app = await startApp(url);
      console.log(`server: pid ${app.pid} at ${app.baseUrl}`);
      // Every scenario is checked before any is loaded: a wrong answer fails the run at once.
      const answers = new Map<string, Probe>();
      for (const scenario of appScenarios) answers.set(scenario.name, await probe(app, scenario, context));
      const before = await articleUpdates(client);
      for (const scenario of appScenarios) {
        await settle(app, "/api/articles");
        await measure(app, scenario, answers.get(scenario.name)!);
      }
      await app.stop();
      app = undefined;
      // A backend's table statistics reach pg_stat when it exits: read them once the server is gone.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = await articleUpdates(client);
      writes = { updates: after.updates - before.updates, hot: after.hot - before.hot };
    }

    const ceilingRps = results.find((r) => r.name === "ceiling")?.rps;
    if (ceilingRps) {
      for (const r of results) if (r.name !== "ceiling") r.ofCeiling = Number((r.rps / ceilingRps).toFixed(3));
    }
    const appResults = results.filter((r) => r.name !== "ceiling");
    const rss = appResults.map((r) => r.peakRssMb).filter((v): v is number => v !== null);
    machine.loadAverageAtEnd = describeMachine().loadAverageAtStart;
    const report: BenchReport = {
      schemaVersion: 1,
      date: new Date().toISOString(),
      command: options.command,
      ok: failures.length === 0,
      failures,
      elapsedSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      git: gitState(),
      machine,
      database: {
        kind: "postgres",
        url: safeUrl(url),
        server: serverVersion,
        articles: options.articles,
        authors: options.authors,
        seed: seeded,
        articlesSizeMb: size.rows[0].mb,
        articleUpdatesDuringLoad: writes,
      },
      options: {
        articles: options.articles,
        authors: options.authors,
        connections: options.connections,
        duration: options.duration,
        warmup: options.warmup,
        only: options.only,
      },
      server: { peakRssMb: rss.length ? Math.max(...rss) : null, memoryTargetMb: MEMORY_TARGET_MB },
      scenarios: results,
      explain: summarizePlans(plans),
    };

    console.log(`\n${formatTable(results)}\n`);
    console.log(`server peak memory: ${report.server.peakRssMb ?? "?"} MB`);
    for (const note of findings(report)) console.log(`- ${note.replace(/\*\*/g, "")}`);

    const complete = options.only.length === 0 && report.ok;
    const resultsFile = complete ? RESULTS_FILE : PARTIAL_FILE;
    writeFileEnsuringDir(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
    if (complete) {
      writeFileEnsuringDir(PLANS_FILE, planText);
      writeFileEnsuringDir(DOC_FILE, renderMarkdown(report));
    }
    formatWithBiome(complete ? [resultsFile, DOC_FILE] : [resultsFile]);
    const written = complete ? [resultsFile, PLANS_FILE, DOC_FILE] : [resultsFile];
    console.log(
      `\nwrote ${written.map((f) => relative(projectRoot, f)).join(", ")}${complete ? "" : " (a partial or failed run leaves latest.json and docs/performance.md alone)"}; ${report.elapsedSeconds} s in all`,
    );
    if (!report.ok) {
      console.error(`\nbenchmark FAILED:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
      return 1;
    }
    return 0;
  } finally {
    await app?.stop();
    await client.end();
  }
}

async function main() {
  let options: BenchOptions | "help";
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options === "help") {
    console.log(USAGE);
    return 0;
  }
  try {
    return await run(options);
  } catch (error) {
    console.error(`\nbenchmark FAILED: ${error instanceof HarnessFailure ? error.message : (error as Error).stack}`);
    return 1;
  }
}

process.exitCode = await main();
