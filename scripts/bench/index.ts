/**
 * npm run bench: seeds the database (PostgreSQL when DATABASE_URL is set, else the embedded
 * PGlite), starts the built server, loads the reader-facing endpoints one at a time from a
 * separate process (wrk, else autocannon; on loopback only) and reports throughput, latency,
 * memory and the hot queries' plans. See docs/performance.md, which each full run rewrites.
 *
 * This file is the run, step by step; what it prints and writes at the end is in outcome.ts, the
 * report's shape and stored files in report.ts.
 */
import { relative } from "node:path";
import { projectRoot } from "../../server/lib/paths";
import { buildStamp, entryAsset } from "./build-output";
import { type BenchDatabase, openEmbedded, openPostgres } from "./db-client";
import { articleUpdates, databaseCpu } from "./db-stats";
import { type ExplainSource, explainHotQueries, formatPlans, type ShapePlan } from "./explain";
import { type FrontEndReport, measureFrontEnd } from "./frontend";
import { measureGeneration } from "./generation";
import { type GenerationReport, summarizeGeneration } from "./generation-summary";
import { signUpForBench } from "./lighthouse";
import { measureThroughput, type ThroughputResult } from "./throughput";

/** GENERATION_CONCURRENCY of each of the throughput scenario's two processes (the app's default). */
const THROUGHPUT_GENERATION_CONCURRENCY = 16;

import { chooseGenerator } from "./generators";
import { type LoadOptions, probe, runScenario, type ScenarioResult, settle } from "./load";
import { BASE_ARTICLES, type BenchOptions, parseOptions, USAGE } from "./options";
import { line, printSummary, writeResults } from "./outcome";
import {
  type BenchReport,
  describeMachine,
  gitState,
  kindName,
  MEMORY_TARGET_MB,
  safeUrl,
  storedBase,
  summarizePlans,
} from "./report";
import { compareScale } from "./scale";
import type { Probe } from "./scenarios";
import { buildScenarios, type Scenario, type ScenarioContext } from "./scenarios";
import { ensureDatabaseExists, seed } from "./seed";
import { type AppDatabase, type RunningServer, startApp, startCeiling } from "./server";

const SAMPLE_ARTICLES = 2000;
/** Generations per fixture video (issue 7: p50 and p99 over 20 runs). */
const GENERATION_RUNS = 20;

class HarnessFailure extends Error {}

async function run(options: BenchOptions): Promise<number> {
  const started = performance.now();
  const machine = describeMachine();
  const target = options.database;
  const generator = chooseGenerator(options.generator);
  const threads = generator.name === "wrk" ? options.threads : null;
  if (target.kind === "postgres") {
    console.log(`database: PostgreSQL at ${safeUrl(target.url)} (${target.variable})`);
  } else {
    console.log(
      `database: embedded (PGlite) in ${relative(projectRoot, target.dataDir)} (set DATABASE_URL to run against PostgreSQL)`,
    );
  }
  console.log(
    generator.name === "wrk"
      ? `load generator: wrk (${generator.binary}, ${threads} thread${threads === 1 ? "" : "s"})`
      : `load generator: autocannon in a child process${options.generator === "auto" ? " (wrk is not on PATH)" : ""}`,
  );

  let database: BenchDatabase | null;
  if (target.kind === "postgres") {
    await ensureDatabaseExists(target.url);
    database = await openPostgres(target.url);
  } else {
    const opening = performance.now();
    database = await openEmbedded(target.dataDir);
    console.log(`opened the embedded database in ${((performance.now() - opening) / 1000).toFixed(1)} s`);
  }
  const closeDatabase = async () => {
    const open = database;
    database = null;
    await open?.close();
  };
  let app: RunningServer | undefined;
  try {
    const db = database;
    const seeded = await seed(db, {
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

    // Each run starts from the same state: no reads remembered, no dead rows from the last run,
    // no readers the front-end measurement signed up (scripts/bench/browser.ts names them so).
    await db.client.query("truncate article_views");
    await db.client.query("delete from users where email like 'bench.%@example.com'");
    await db.client.query("vacuum (analyze) articles");
    // "PostgreSQL 15.20 (Debian …)", or on the embedded database "PostgreSQL 18.6 (PGlite 0.5.16)".
    const serverVersion = (await db.client.query<{ v: string }>("select version() as v")).rows[0].v.split(" on ")[0];
    const size = await db.client.query<{ mb: number }>(
      "select round(pg_total_relation_size('articles') / 1048576.0)::int as mb",
    );
    // Every step-th article, by primary key: no scan of the whole table, whatever its size.
    const step = Math.max(1, Math.floor(options.articles / SAMPLE_ARTICLES));
    const samples = (
      await db.client.query<{ id: number; slug: string }>(
        "select id, slug from articles where id in (select g * $1::int from generate_series(1, $2::int) g) order by id",
        [step, SAMPLE_ARTICLES],
      )
    ).rows;
    if (samples.length === 0) throw new HarnessFailure("the database has no articles to read");

    // The plans: on PostgreSQL over connections of their own; on PGlite through the instance
    // this process holds, before the server takes the directory over.
    const explainStarted = performance.now();
    let plans: ShapePlan[] = [];
    let explainSkipped: string | null = null;
    const source: ExplainSource =
      target.kind === "postgres"
        ? { kind: "postgres", url: target.url }
        : { kind: "embedded", pglite: (db as Awaited<ReturnType<typeof openEmbedded>>).pglite };
    try {
      plans = await explainHotQueries(source, samples[Math.floor(samples.length / 2)]);
    } catch (error) {
      explainSkipped = `EXPLAIN failed on ${kindName(db.kind)}: ${(error as Error).message.split("\n")[0]}`;
      console.log(`query plans skipped: ${explainSkipped}`);
    }
    const planText = formatPlans(plans);
    if (options.explain) console.log(`\n${planText}`);
    if (!explainSkipped) {
      const seqScans = plans.flatMap((p) => p.statements.filter((s) => s.seqScans.length).map(() => p.name));
      console.log(
        `explained ${plans.length} hot queries in ${((performance.now() - explainStarted) / 1000).toFixed(1)} s on ${kindName(db.kind)}; sequential scans in: ${seqScans.length ? [...new Set(seqScans)].join(", ") : "none"}${options.explain ? "" : " (--explain prints the plans)"}`,
      );
    }
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
    const load: LoadOptions = {
      connections: options.connections,
      duration: options.duration,
      warmup: options.warmup,
      generator,
      threads: options.threads,
    };
    const perScenario = options.warmup + options.duration;
    console.log(
      `load: ${chosen.length} scenarios × (${options.warmup} s warm-up + ${options.duration} s), ${options.connections} connections, ~${Math.ceil((chosen.length * (perScenario + 1)) / 60)} min`,
    );

    // PostgreSQL: updates counted by the server's statistics. PGlite reports none (its
    // statistics are not flushed in a single-process engine), so there is no figure for it.
    const before = db.kind === "postgres" ? await articleUpdates(db.client) : null;
    // PGlite admits one process per directory: the server gets it now.
    if (db.kind === "embedded") await closeDatabase();

    const results: ScenarioResult[] = [];
    const failures: string[] = [];
    const partial = options.only.length > 0;
    let frontEnd: FrontEndReport | null = null;
    let frontEndSkipped: string | null = options.skipFrontend
      ? "--skip-frontend"
      : partial
        ? "--only (a partial run)"
        : null;
    let generation: GenerationReport | null = null;
    let generationSkipped: string | null = options.skipGeneration
      ? "--skip-generation"
      : partial
        ? "--only (a partial run)"
        : null;
    let throughput: ThroughputResult | null = null;
    let throughputSkipped: string | null = options.skipThroughput
      ? "--skip-throughput"
      : partial
        ? "--only (a partial run)"
        : target.kind !== "postgres"
          ? "needs PostgreSQL (two server processes share its queue)"
          : null;
    // Taken again when the app starts: the node:http ceiling does not depend on the build.
    let stamp = buildStamp();
    let rebuilt = false;
    const measure = async (server: RunningServer, scenario: Scenario, answer: Probe) => {
      const result = await runScenario(server, scenario, load, answer, () =>
        scenario.server === "app" && db.kind === "postgres" ? databaseCpu(db.client) : Promise.resolve(new Map()),
      );
      results.push(result);
      console.log(line(result));
      if (!rebuilt && scenario.server === "app" && buildStamp() !== stamp) {
        rebuilt = true;
        failures.push(
          `dist was rebuilt by another process while ${scenario.name} ran: the server's assets and pages changed under it, so the figures from here on are not of one build (run again)`,
        );
        console.log(`  ! ${failures.at(-1)}`);
      }
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
      const appDatabase: AppDatabase =
        target.kind === "postgres"
          ? { kind: "postgres", url: target.url }
          : { kind: "embedded", dataDir: target.dataDir };
      const starting = performance.now();
      stamp = buildStamp();
      app = await startApp(appDatabase);
      console.log(
        `server: pid ${app.pid} at ${app.baseUrl}, answering after ${((performance.now() - starting) / 1000).toFixed(1)} s`,
      );
      // Signed-in scenarios read as one reader, signed up through the API like anyone else.
      if (appScenarios.some((s) => s.signedIn)) {
        const cookie = await signUpForBench(app.baseUrl);
        for (const scenario of appScenarios) if (scenario.signedIn) scenario.headers = { cookie };
      }
      // Every scenario is checked before any is loaded: a wrong answer fails the run at once.
      const answers = new Map<string, Probe>();
      for (const scenario of appScenarios) answers.set(scenario.name, await probe(app, scenario, context));
      for (const scenario of appScenarios) {
        await settle(app, "/api/articles");
        await measure(app, scenario, answers.get(scenario.name)!);
      }
      // The pages a reader meets first, on the same server and data, once the load is over.
      if (frontEndSkipped === null) {
        const started = performance.now();
        const article = samples[Math.floor(samples.length / 2)];
        try {
          frontEnd = await measureFrontEnd(app.baseUrl, `/article/${encodeURIComponent(article.slug)}`, {
            log: (text) => console.log(`  ${text}`),
          });
          console.log(`  front end measured in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        } catch (error) {
          frontEndSkipped = `failed: ${(error as Error).message.split("\n")[0]}`;
          failures.push(`front end: ${(error as Error).message.split("\n")[0]}`);
          console.log(`  ! front end ${frontEndSkipped}`);
        }
      }
      await app.stop();
      app = undefined;
      if (before && database) {
        // A backend's table statistics reach pg_stat when it exits: read them once the server is gone.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const after = await articleUpdates(database.client);
        writes = { updates: after.updates - before.updates, hot: after.hot - before.hot };
      }
    }

    // Generation overhead runs its own servers (on a scratch database beside the benchmark's
    // PostgreSQL, or a temporary embedded one): after the load, with the app stopped.
    if (generationSkipped === null) {
      console.log("generation overhead: 20 runs per fixture video, then the first progress in a browser");
      try {
        generation = summarizeGeneration(
          await measureGeneration({
            runs: GENERATION_RUNS,
            databaseUrl: target.kind === "postgres" ? target.url : undefined,
            log: (text) => console.log(`  ${text}`),
          }),
        );
      } catch (error) {
        generationSkipped = `failed: ${(error as Error).message.split("\n")[0]}`;
        failures.push(`generation: ${(error as Error).message.split("\n")[0]}`);
        console.log(`  ! generation ${generationSkipped}`);
      }
    }

    // Generation throughput: two server processes on a scratch database share the queue while
    // everyone presses Generate at once against a fake LLM with a fixed time per call.
    if (throughputSkipped === null && target.kind === "postgres") {
      console.log(
        `generation throughput: ${options.throughputUsers} people at once, the LLM answering after ${options.throughputDelayMs} ms`,
      );
      try {
        throughput = await measureThroughput({
          databaseUrl: target.url,
          users: options.throughputUsers,
          delayMs: options.throughputDelayMs,
          processes: 2,
          generationConcurrency: THROUGHPUT_GENERATION_CONCURRENCY,
          llmConcurrency: options.throughputUsers,
          log: (text) => console.log(`  ${text}`),
        });
        if (throughput.errors > 0) failures.push(`throughput: ${throughput.errors} generations failed`);
      } catch (error) {
        throughputSkipped = `failed: ${(error as Error).message.split("\n")[0]}`;
        failures.push(`throughput: ${(error as Error).message.split("\n")[0]}`);
        console.log(`  ! throughput ${throughputSkipped}`);
      }
    }

    const ceilingRps = results.find((r) => r.name === "ceiling")?.rps;
    if (ceilingRps) {
      for (const r of results) if (r.name !== "ceiling") r.ofCeiling = Number((r.rps / ceilingRps).toFixed(3));
    }
    const appResults = results.filter((r) => r.name !== "ceiling");
    const rss = appResults.map((r) => r.peakRssMb).filter((v): v is number => v !== null);
    machine.loadAverageAtEnd = describeMachine().loadAverageAtStart;
    const report: BenchReport = {
      schemaVersion: 2,
      date: new Date().toISOString(),
      command: target.kind === "postgres" ? `${target.variable}=${db.location} ${options.command}` : options.command,
      ok: failures.length === 0,
      failures,
      elapsedSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      git: gitState(),
      machine,
      database: {
        kind: db.kind,
        location: target.kind === "postgres" ? db.location : relative(projectRoot, target.dataDir),
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
      load: { generator: generator.name, threads },
      server: { peakRssMb: rss.length ? Math.max(...rss) : null, memoryTargetMb: MEMORY_TARGET_MB },
      scenarios: results,
      explain: summarizePlans(plans),
      explainSkipped,
      scale: null,
      frontEnd,
      frontEndSkipped,
      generation,
      generationSkipped,
      throughput,
      throughputSkipped,
    };
    if (options.articles !== BASE_ARTICLES) {
      const base = storedBase(db.kind);
      report.scale = base ? compareScale(report, base) : null;
    }

    printSummary(report);
    writeResults(report, options, planText);
    if (!report.ok) {
      console.error(`\nbenchmark FAILED:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
      return 1;
    }
    return 0;
  } finally {
    await app?.stop();
    await closeDatabase();
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
