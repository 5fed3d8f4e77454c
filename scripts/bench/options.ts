import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";

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
  /** Connections that insert articles at once while seeding. */
  seedJobs: number;
  databaseUrl: string;
  /** The command line as typed, for the report. */
  command: string;
}

export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/vidscribe_bench";

export const USAGE = `npm run bench -- [options]

  --articles N      articles to seed (default 100000); the database is reused when it already holds them
  --authors N       authors to seed (default 2000)
  --duration S      seconds of load per scenario (default 10), after a warm-up
  --warmup S        seconds of warm-up per scenario (default 2)
  --connections N   concurrent connections (default 32)
  --only a,b        run only these scenarios (names as in the table)
  --reseed          seed again even when the database already holds this seed
  --explain         print the full EXPLAIN (ANALYZE, BUFFERS) of the hot queries
  --seed-only       seed and explain, start no server
  --seed-jobs N     connections inserting at once while seeding (default: the number of cores)

  The database is BENCH_DATABASE_URL, else ${DEFAULT_DATABASE_URL} (created when missing).
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
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return "help";
  return {
    articles: positiveInt("articles", values.articles, 100_000),
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
    databaseUrl: env.BENCH_DATABASE_URL?.trim() || DEFAULT_DATABASE_URL,
    command: ["npm run bench", ...(argv.length ? ["--", ...argv] : [])].join(" "),
  };
}
