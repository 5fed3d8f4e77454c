import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { feedQuery } from "../../contract/feed";
import { findFeatured, listFeed, platformStats } from "../../server/articles/feed";
import { findArticleById, findArticleBySlug } from "../../server/articles/repository";
import { viewCounter } from "../../server/articles/views";
import { type Db, openDatabase } from "../../server/db/client";
import * as schema from "../../server/db/schema";
import { fromPglite, type Queryable } from "./db-client";
import { BROAD_SEARCH_WORD, SEARCH_WORD, TYPO_WORD } from "./scenarios";

/** Sequential scans that read at most this many rows are left out of the report. */
const TINY_TABLE_ROWS = 10;
/**
 * The plans of the queries behind the hot endpoints. The SQL is not rewritten here: the app's
 * own query functions run against a connection that records what they send, and that exact
 * SQL (with its parameters) is explained, so the plans follow the code as it changes. On the
 * embedded database the same happens through PGlite, in this process, before the server
 * starts (PGlite allows one process per data directory).
 */

export interface StatementPlan {
  sql: string;
  /** Execution time the database reports (excludes sending and detoasting the returned columns). */
  planMs: number | null;
  /** Median time for the client to get the rows, over 5 runs (includes both). */
  clientMs: number | null;
  rows: number | null;
  /** Size of the returned rows as JSON: what the server reads from the database per request. */
  rowsKb: number | null;
  seqScans: string[];
  plan: string;
}

export interface ShapePlan {
  name: string;
  title: string;
  statements: StatementPlan[];
}

interface Shape {
  name: string;
  title: string;
  write?: boolean;
  run(db: Db): Promise<unknown>;
}

/** The feed as GET /api/articles runs it for a signed-out reader (sort defaults to latest). */
const feed = (db: Db, query: Record<string, string>) => {
  const filters = feedQuery.parse(query);
  filters.sortBy ??= "latest";
  return listFeed(db, filters, null);
};

function shapes(sample: { id: number; slug: string }): Shape[] {
  return [
    { name: "feed", title: "Default feed (latest, page 1)", run: (db) => feed(db, {}) },
    {
      name: "feed-filtered",
      title: "Business + nyt + minRating 3 + 3 months, popular",
      run: (db) => feed(db, { category: "Business", style: "nyt", minRating: "3", dateRange: "3m", sortBy: "popular" }),
    },
    { name: "feed-deep", title: "Latest, page 500", run: (db) => feed(db, { page: "500" }) },
    { name: "feed-popular", title: "Most popular, page 1", run: (db) => feed(db, { sortBy: "popular" }) },
    { name: "feed-rating", title: "Highest rated, page 1", run: (db) => feed(db, { sortBy: "rating" }) },
    { name: "feed-category", title: "Category Technology, latest", run: (db) => feed(db, { category: "Technology" }) },
    { name: "search", title: `Search "${SEARCH_WORD}" (relevance)`, run: (db) => feed(db, { search: SEARCH_WORD }) },
    { name: "search-typo", title: `Typo search "${TYPO_WORD}"`, run: (db) => feed(db, { search: TYPO_WORD }) },
    {
      name: "search-broad",
      title: `Search "${BROAD_SEARCH_WORD}" (relevance; ~8% of articles match)`,
      run: (db) => feed(db, { search: BROAD_SEARCH_WORD }),
    },
    {
      name: "search-popular",
      title: `Search "${SEARCH_WORD}", most popular`,
      run: (db) => feed(db, { search: SEARCH_WORD, sortBy: "popular" }),
    },
    { name: "featured", title: "Featured (pinned, else best of 30 days)", run: (db) => findFeatured(db) },
    { name: "stats", title: "Platform stats", run: (db) => platformStats(db) },
    { name: "article-by-id", title: "Article by id", run: (db) => findArticleById(db, sample.id) },
    { name: "article-by-slug", title: "Article by slug", run: (db) => findArticleBySlug(db, sample.slug) },
    {
      name: "record-view",
      title: "Counting a read (a batch of one; rolled back here)",
      write: true,
      run: async (db) => {
        // The app batches reads; the batch of this one read is written at once.
        const counter = viewCounter(db);
        counter.count({ id: sample.id, viewCount: 0 }, { key: "v:bench-explain", address: "bench-explain" });
        await counter.settled();
      },
    },
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Where to explain: a PostgreSQL URL, or the embedded database's open PGlite instance. */
export type ExplainSource = { kind: "postgres"; url: string } | { kind: "embedded"; pglite: PGlite };

type Captured = Array<{ sql: string; params: unknown[] }>;

export async function explainHotQueries(
  source: ExplainSource,
  sample: { id: number; slug: string },
): Promise<ShapePlan[]> {
  const captured: Captured = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => captured.push({ sql, params }) };
  if (source.kind === "embedded") {
    // The app opened this PGlite and set its trigram threshold: one session, shared.
    const db = drizzlePglite(source.pglite, { schema, logger }) as unknown as Db;
    return explainShapes(db, fromPglite(source.pglite), captured, sample);
  }
  // The app's pool sets the trigram threshold per connection; read it from one so ours matches.
  const app = await openDatabase({ kind: "postgres", url: source.url, poolSize: 1 });
  const { rows } = await app.executeSql("select current_setting('pg_trgm.word_similarity_threshold') as threshold");
  await app.close();
  const threshold = (rows[0] as { threshold: string }).threshold;

  const options = `-c pg_trgm.word_similarity_threshold=${threshold}`;
  const pool = new pg.Pool({ connectionString: source.url, max: 2, options });
  const db = drizzle(pool, { schema, logger }) as unknown as Db;
  const client = new pg.Client({ connectionString: source.url, options });
  await client.connect();
  try {
    return await explainShapes(db, client, captured, sample);
  } finally {
    await client.end();
    await pool.end();
  }
}

async function explainShapes(
  db: Db,
  client: Queryable,
  captured: Captured,
  sample: { id: number; slug: string },
): Promise<ShapePlan[]> {
  const results: ShapePlan[] = [];
  for (const shape of shapes(sample)) {
    captured.length = 0;
    if (shape.write) {
      // Record the statement without counting a view: run it in a transaction undone at once.
      await db
        .transaction(async (tx) => {
          await shape.run(tx as unknown as Db);
          tx.rollback();
        })
        .catch(() => {});
    } else {
      await shape.run(db);
    }
    const statements = captured.filter((c) => /^\s*(select|with|insert|update|delete)\b/i.test(c.sql));
    const plans: StatementPlan[] = [];
    for (const statement of statements) plans.push(await explainStatement(client, statement, shape.write ?? false));
    results.push({ name: shape.name, title: shape.title, statements: plans });
  }
  return results;
}

/** JSON size of rows as read: PGlite answers bigint for int8 columns, which JSON cannot hold. */
const rowsJson = (rows: unknown[]) =>
  JSON.stringify(rows, (_key, value) => (typeof value === "bigint" ? value.toString() : value));

async function explainStatement(
  client: Queryable,
  statement: { sql: string; params: unknown[] },
  write: boolean,
): Promise<StatementPlan> {
  let clientMs: number | null = null;
  let rows: number | null = null;
  let rowsKb: number | null = null;
  if (!write) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const result = await client.query(statement.sql, statement.params);
      times.push(performance.now() - started);
      rows = result.rows.length;
      rowsKb = Number((Buffer.byteLength(rowsJson(result.rows)) / 1024).toFixed(1));
    }
    clientMs = Number(median(times).toFixed(2));
  }
  if (write) await client.query("begin");
  let lines: string[];
  try {
    const explained = await client.query<{ "QUERY PLAN": string }>(
      `explain (analyze, buffers) ${statement.sql}`,
      statement.params,
    );
    lines = explained.rows.map((r) => r["QUERY PLAN"]);
  } finally {
    if (write) await client.query("rollback");
  }
  const plan = lines.join("\n");
  const execution = /Execution Time: ([\d.]+) ms/.exec(plan);
  // Each sequential scan with the rows it produced, e.g. "articles (100000 rows)". A table of a
  // few rows (the one-row platform counters) is best read whole: not worth a line.
  const seqScans = [
    ...plan.matchAll(
      /(?:Parallel )?Seq Scan on (\w+)[^\n]*?actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)\)(?:\n(?![^\n]*->)[^\n]*)*/g,
    ),
  ]
    .map((m) => {
      const produced = Number(m[2]) * Number(m[3]);
      const removed = Number(/Rows Removed by Filter: (\d+)/.exec(m[0])?.[1] ?? 0) * Number(m[3]);
      return { table: m[1], produced, scanned: produced + removed };
    })
    .filter((scan) => scan.scanned > TINY_TABLE_ROWS)
    .map((scan) => `${scan.table} (${scan.produced} rows)`);
  return {
    sql: statement.sql.replace(/\s+/g, " ").trim(),
    planMs: execution ? Number(execution[1]) : null,
    clientMs,
    rows,
    rowsKb,
    seqScans,
    plan,
  };
}

/** The plans as text, one block per statement, for bench/results/explain.txt and --explain. */
export function formatPlans(plans: ShapePlan[]): string {
  const blocks: string[] = [];
  for (const shape of plans) {
    shape.statements.forEach((statement, i) => {
      const label = shape.statements.length > 1 ? ` (${i + 1}/${shape.statements.length})` : "";
      blocks.push(
        [
          `=== ${shape.name}: ${shape.title}${label}`,
          `client ${statement.clientMs ?? "-"} ms, ${statement.rows ?? "-"} rows, ${statement.rowsKb ?? "-"} KB returned`,
          statement.sql,
          "",
          statement.plan,
        ].join("\n"),
      );
    });
  }
  return `${blocks.join("\n\n")}\n`;
}
