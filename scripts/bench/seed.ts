/**
 * The benchmark's seed: authors and articles made in the database, reused when the database
 * already holds this exact seed, else loaded in bulk (indexes dropped, several connections,
 * indexes rebuilt). The SQL that generates the rows is in seed-data.ts.
 */
import pg from "pg";
import type { BenchDatabase } from "./db-client";
import { AUTHOR_EMAIL_LIKE, articlesInsert, createTextPool, textArray, verifyAgainstTrigger } from "./seed-data";
import { FIRST_NAMES, LAST_NAMES } from "./words";

/**
 * Bump when the generated data changes shape: a database seeded by an older version is then
 * seeded again instead of being reused.
 */
export const SEED_VERSION = 3;

/** article_terms' indexes (server/db/schema.ts), dropped during the load and built after it. */
const POSTINGS_INDEX_DEFINITIONS = [
  "CREATE INDEX article_terms_term_created_idx ON article_terms USING btree (term, created_at DESC NULLS LAST, article_id DESC NULLS LAST)",
  "CREATE INDEX article_terms_article_idx ON article_terms USING btree (article_id)",
];
const POSTINGS_INDEXES = ["article_terms_term_created_idx", "article_terms_article_idx"];
/** Articles per INSERT: small enough to show progress and share out between connections. */
const CHUNK = 5000;

export interface SeedOptions {
  articles: number;
  authors: number;
  reseed: boolean;
  /** Connections inserting at once (PostgreSQL uses one core per connection). */
  jobs: number;
}

export interface SeedResult {
  /** False when the database already held this seed and was reused. */
  seeded: boolean;
  articles: number;
  authors: number;
  /** Wall time of the seed (when reused: of the run that made it). */
  seconds: number;
  /** When the seed in use was made. */
  seededAt: string;
  /** Seconds per step, for the report. */
  steps: Record<string, number>;
}

interface SeedState {
  version: number;
  articles: number;
  authors: number;
  state: "loading" | "ready";
  indexes: Array<{ name: string; definition: string }>;
}

/** Creates the benchmark database when the server has no database of that name yet. */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  if (!name) throw new Error(`the database URL names no database: ${url}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** Seeds authors and articles unless the database already holds this exact seed. */
export async function seed(database: BenchDatabase, options: SeedOptions): Promise<SeedResult> {
  const client = database.client;
  await client.query(`create table if not exists bench_seed (
      id int primary key default 1 check (id = 1),
      version int not null,
      articles int not null,
      authors int not null,
      state text not null,
      indexes jsonb not null,
      seconds double precision,
      seeded_at timestamptz not null default now())`);
  const { rows: foreign } = await client.query<{ n: number }>(
    "select count(*)::int as n from articles a join users u on u.id = a.user_id where u.email not like $1",
    [AUTHOR_EMAIL_LIKE],
  );
  if (foreign[0].n > 0) {
    throw new Error(
      `the database holds ${foreign[0].n} articles the benchmark did not write; it replaces every article, so point DATABASE_URL at a database of its own`,
    );
  }
  const { rows } = await client.query<SeedState & { n: number; seconds: number | null; seeded_at: Date }>(
    "select version, articles, authors, state, indexes, seconds, seeded_at, (select count(*)::int from articles) as n from bench_seed",
  );
  const state = rows[0];
  if (
    !options.reseed &&
    state?.state === "ready" &&
    state.version === SEED_VERSION &&
    state.articles === options.articles &&
    state.authors === options.authors &&
    state.n === options.articles
  ) {
    return {
      seeded: false,
      articles: state.n,
      authors: state.authors,
      seconds: state.seconds ?? 0,
      seededAt: state.seeded_at.toISOString(),
      steps: {},
    };
  }
  return await seedNow(database, options, state?.state === "loading" ? state.indexes : null);
}

/**
 * The bulk load: indexes dropped and the search trigger off while articles are inserted by
 * several connections at once, then every index built once. The insert computes search_vector
 * and search_text with the trigger function's own expressions. Index definitions are kept in
 * bench_seed meanwhile, so a run that dies half way is repaired by the next one.
 */
async function seedNow(
  database: BenchDatabase,
  options: SeedOptions,
  interruptedIndexes: SeedState["indexes"] | null,
): Promise<SeedResult> {
  const client = database.client;
  const started = performance.now();
  const steps: Record<string, number> = {};
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    const result = await run();
    steps[name] = Number(((performance.now() - at) / 1000).toFixed(2));
    return result;
  };
  const { articles: n, authors } = options;
  const jobs = Math.max(1, Math.min(options.jobs, Math.ceil(n / CHUNK)));

  const indexes = await step("prepare", async () => {
    await client.query("begin");
    try {
      // What the schema has now, or, after an interrupted seed, what it had before.
      const current = await client.query<{ name: string; definition: string }>(
        `select indexname as name, indexdef as definition from pg_indexes
         where schemaname = current_schema() and tablename = 'articles'
           and indexname not in (select conname from pg_constraint where conrelid = 'articles'::regclass)`,
      );
      const defs = interruptedIndexes ?? current.rows;
      await client.query("truncate articles, article_views, ratings, bookmarks restart identity cascade");
      await client.query("delete from users where email like $1", [AUTHOR_EMAIL_LIKE]);
      await client.query("delete from bench_seed");
      await client.query(
        "insert into bench_seed (version, articles, authors, state, indexes) values ($1, $2, $3, 'loading', $4)",
        [SEED_VERSION, n, authors, JSON.stringify(defs)],
      );
      for (const index of current.rows) await client.query(`drop index ${pg.escapeIdentifier(index.name)}`);
      await client.query("alter table articles disable trigger articles_search");
      // The search postings are filled in one pass after the load, with their indexes built after.
      await client.query("alter table articles disable trigger article_terms_insert");
      for (const name of POSTINGS_INDEXES) await client.query(`drop index if exists ${name}`);
      await client.query("select setseed(0.2024)");
      await client.query(
        `insert into users (email, password_hash, first_name, last_name, profile_image_url, user_type, created_at, updated_at)
         select 'bench-author-' || i || '@bench.invalid',
                'bench: cannot sign in',
                f[1 + i % cardinality(f)],
                l[1 + (i / cardinality(f)) % cardinality(l)],
                case when i % 3 = 0 then null else 'https://images.example.com/avatars/' || i || '.jpg' end,
                case when i % 5 = 0 then 'premium' else 'guest' end,
                now() - interval '800 days' + i * interval '1 hour',
                now() - interval '800 days' + i * interval '1 hour'
         from generate_series(1, $1::int) i,
              (select ${textArray(FIRST_NAMES)} as f, ${textArray(LAST_NAMES)} as l) names`,
        [authors],
      );
      await createTextPool(client);
      await client.query("commit");
      return defs;
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
  });

  await step("articles", async () => {
    const chunks: Array<[number, number]> = [];
    for (let lo = 1; lo <= n; lo += CHUNK) chunks.push([lo, Math.min(n, lo + CHUNK - 1)]);
    const chunkCount = chunks.length;
    let done = 0;
    await database.withSessions(jobs, async (connection) => {
      await connection.query(
        "create or replace aggregate pg_temp.tsvector_agg(tsvector) (sfunc = tsvector_concat, stype = tsvector, initcond = '')",
      );
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        await connection.query(articlesInsert(chunk[0], chunk[1], n));
        done += chunk[1] - chunk[0] + 1;
        if (process.stdout.isTTY) {
          process.stdout.write(`\r  seeding: ${done.toLocaleString("en-US")} / ${n.toLocaleString("en-US")} articles`);
        } else if (
          chunkCount >= 20 &&
          Math.floor((done * 10) / n) > Math.floor(((done - (chunk[1] - chunk[0] + 1)) * 10) / n)
        ) {
          // Into a log: a line at each tenth, so a long seed shows it is moving.
          console.log(`  seeding: ${done.toLocaleString("en-US")} / ${n.toLocaleString("en-US")} articles`);
        }
      }
    });
    if (process.stdout.isTTY) process.stdout.write("\n");
    await client.query("select setval(pg_get_serial_sequence('articles', 'id'), $1::int)", [n]);
  });

  await step("postings", async () => {
    // What the article_terms_insert trigger would have written (migration 0018), a range of
    // articles per connection.
    const ranges: Array<[number, number]> = [];
    for (let lo = 1; lo <= n; lo += CHUNK * 4) ranges.push([lo, Math.min(n, lo + CHUNK * 4 - 1)]);
    await database.withSessions(jobs, async (connection) => {
      for (let range = ranges.shift(); range; range = ranges.shift()) {
        await connection.query(
          `insert into article_terms (term, created_at, article_id)
           select w.lexeme, a.created_at, a.id from articles a, unnest(a.rank_vector) w
           where a.id between $1 and $2`,
          range,
        );
      }
    });
  });

  await step("indexes", async () => {
    // The full-text GIN index takes longest: it starts first, the others share the rest.
    const queue = [...indexes, ...POSTINGS_INDEX_DEFINITIONS.map((definition) => ({ definition }))].sort(
      (a, b) => weight(b.definition) - weight(a.definition),
    );
    await database.withSessions(jobs, async (connection) => {
      await connection.query(`set maintenance_work_mem = '${database.kind === "embedded" ? 256 : 512}MB'`);
      for (let index = queue.shift(); index; index = queue.shift()) {
        await connection.query(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, "CREATE $1INDEX IF NOT EXISTS "));
      }
    });
    await client.query("alter table articles enable trigger articles_search");
    await client.query("alter table articles enable trigger article_terms_insert");
    await client.query("drop table if exists bench_sentence, bench_paragraph");
    await client.query("update bench_seed set state = 'ready'");
  });

  // A live table would have been vacuumed by now: the visibility map lets index-only scans
  // skip the heap, and fresh statistics let the planner choose as it would in production.
  await step("vacuum analyze", () => client.query("vacuum (analyze) articles, users, article_terms"));
  await verifyAgainstTrigger(client);

  const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
  await client.query("update bench_seed set seconds = $1, seeded_at = now()", [seconds]);
  return { seeded: true, articles: n, authors, seconds, seededAt: new Date().toISOString(), steps };
}

function weight(definition: string): number {
  if (/search_vector|article_terms_term/.test(definition)) return 3;
  if (/gin/i.test(definition)) return 2;
  return 1;
}
