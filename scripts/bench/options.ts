import { availableParallelism } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "../../server/lib/paths";

export interface BenchOptions {
  /** Articles to seed (and expect). */
  articles: number;
  authors: number;
  /** Seconds each scenario is measured for, after its warm-up. */
  duration: number;
  warmup: number;
  connections: number;
  /** Scenario names to run; empty runs them all. */
  only: string[];
  reseed: boolean;
  /** Print every query plan in full (the summary is always in the results). */
  explain: boolean;
  /** Seed (and explain) only: no server, no load. */
  seedOnly: boolean;
  /** Connections that insert articles at once while seeding (PostgreSQL; PGlite has one session). */
  seedJobs: number;
  database: BenchTarget;
  /** "auto": wrk when it is on PATH, else autocannon (in a child process). */
  generator: "auto" | "wrk" | "autocannon";
  /** wrk threads. */
  threads: number;
  /** No page weights and Lighthouse. */
  skipFrontend: boolean;
  /** No generation overhead and first progress. */
  skipGeneration: boolean;
  /** No generation throughput (N people generating at once against a slow fake LLM). */
  skipThroughput: boolean;
  /** People pressing Generate at once, and the fake LLM's time per call (ms). */
  throughputUsers: number;
  throughputDelayMs: number;
  /** The command line as typed, for the report. */
  command: string;
}

/**
 * Where the benchmark runs: the PostgreSQL database DATABASE_URL names (the production case;
 * BENCH_DATABASE_URL is read when DATABASE_URL is not set), else the app's embedded database
 * (PGlite) in a data directory of its own under data/.
 */
export type BenchTarget =
  | { kind: "postgres"; url: string; variable: "DATABASE_URL" | "BENCH_DATABASE_URL" }
  | { kind: "embedded"; dataDir: string };

/** The size the budgets are set for, and what a scale run is compared with. */
export const BASE_ARTICLES = 100_000;

/** The embedded database's directory for a seed of this size (data/ is git-ignored). */
export const embeddedDataDir = (articles: number) => join(projectRoot, "data", `bench-${articles}`);

export const USAGE = `npm run bench -- [options]

  --articles N      articles to seed (default 100000; 1000000 for the scale run, whose p99s are
                    compared with the stored 100,000-article run on the same kind of database)
  --authors N       authors to seed (default 2000)
  --duration S      seconds of load per scenario (default 10), after a warm-up
  --warmup S        seconds of warm-up per scenario (default 2)
  --connections N   concurrent connections (default 32)
  --only a,b        run only these scenarios (names as in the table); writes bench/results/partial.json only
  --reseed          seed again even when the database already holds this seed
  --explain         print the full EXPLAIN (ANALYZE, BUFFERS) of the hot queries
  --seed-only       seed and explain, start no server
  --seed-jobs N     PostgreSQL connections inserting at once while seeding (default: the number of cores)
  --generator G     auto (default: wrk when it is on PATH, else autocannon), wrk or autocannon;
                    either runs as a process of its own
  --threads N       wrk threads (default: 1 on a machine of up to 3 cores, else 2)
  --skip-frontend   no page weights and Lighthouse (landing, an article, home)
  --skip-generation no generation overhead (20 runs per fixture video) and first progress
                    (both are skipped with --only and --seed-only too)
  --skip-throughput no generation throughput (PostgreSQL only: N people press Generate at
                    once, against a fake LLM that answers each call after a fixed time, on two
                    server processes sharing the queue)
  --throughput-users N     people generating at once (default 40)
  --throughput-delay-ms N  the fake LLM's time per call (default 8000)

  Database: PostgreSQL when DATABASE_URL is set (BENCH_DATABASE_URL is read when it is not;
  the database is created when missing), else the embedded database (PGlite) in
  data/bench-<articles>, seeded in this process and reused by later runs.
  All load goes to 127.0.0.1.`;

function positiveInt(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`--${name} must be a whole number of at least ${min}`);
  return parsed;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions | "help" {
  const { values } = parseArgs({
    args: argv,
    options: {
      articles: { type: "string" },
      authors: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      connections: { type: "string" },
      only: { type: "string" },
      reseed: { type: "boolean", default: false },
      explain: { type: "boolean", default: false },
      "seed-only": { type: "boolean", default: false },
      "seed-jobs": { type: "string" },
      generator: { type: "string" },
      threads: { type: "string" },
      "skip-frontend": { type: "boolean", default: false },
      "skip-generation": { type: "boolean", default: false },
      "skip-throughput": { type: "boolean", default: false },
      "throughput-users": { type: "string" },
      "throughput-delay-ms": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return "help";
  const generator = values.generator ?? "auto";
  if (generator !== "auto" && generator !== "wrk" && generator !== "autocannon") {
    throw new Error("--generator must be auto, wrk or autocannon");
  }
  const articles = positiveInt("articles", values.articles, BASE_ARTICLES);
  const url = env.DATABASE_URL?.trim();
  const benchUrl = env.BENCH_DATABASE_URL?.trim();
  const database: BenchTarget = url
    ? { kind: "postgres", url, variable: "DATABASE_URL" }
    : benchUrl
      ? { kind: "postgres", url: benchUrl, variable: "BENCH_DATABASE_URL" }
      : { kind: "embedded", dataDir: embeddedDataDir(articles) };
  return {
    articles,
    authors: positiveInt("authors", values.authors, 2_000),
    duration: positiveInt("duration", values.duration, 10),
    warmup: positiveInt("warmup", values.warmup, 2, 0),
    connections: positiveInt("connections", values.connections, 32),
    only: (values.only ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    reseed: values.reseed ?? false,
    explain: values.explain ?? false,
    seedOnly: values["seed-only"] ?? false,
    seedJobs: positiveInt("seed-jobs", values["seed-jobs"], availableParallelism()),
    database,
    generator,
    threads: positiveInt("threads", values.threads, availableParallelism() <= 3 ? 1 : 2),
    skipFrontend: values["skip-frontend"] ?? false,
    skipGeneration: values["skip-generation"] ?? false,
    skipThroughput: values["skip-throughput"] ?? false,
    throughputUsers: positiveInt("throughput-users", values["throughput-users"], 40),
    throughputDelayMs: positiveInt("throughput-delay-ms", values["throughput-delay-ms"], 8_000, 0),
    command: ["npm run bench", ...(argv.length ? ["--", ...argv] : [])].join(" "),
  };
}
