import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "../../server/db/client";

/**
 * What the harness needs from a database session: one SQL statement with optional parameters,
 * answered with its rows. A node-postgres client and PGlite both fit, so the seed and the
 * harness's own queries are written once for the two kinds of database.
 */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** "postgres": a PostgreSQL server (DATABASE_URL); "embedded": the app's PGlite, in a data directory. */
export type DatabaseKind = "postgres" | "embedded";

export interface BenchDatabase {
  kind: DatabaseKind;
  /** The URL without its password, or the data directory. */
  location: string;
  /** The harness's own session. */
  client: Queryable;
  /**
   * Runs `work` on up to `count` sessions at once (each takes from a shared queue). PostgreSQL
   * opens that many connections, one core each; PGlite has a single session, so `work` runs
   * once on it and the queue is worked off in order.
   */
  withSessions(count: number, work: (session: Queryable) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

function fromPg(client: pg.Client | pg.PoolClient): Queryable {
  return {
    query: async <R>(text: string, params?: unknown[]) => {
      const result = await client.query(text, params);
      return { rows: result.rows as R[] };
    },
  };
}

export function fromPglite(client: PGlite): Queryable {
  return {
    query: async <R>(text: string, params?: unknown[]) => {
      const result = await client.query<R>(text, params);
      return { rows: result.rows };
    },
  };
}

/**
 * A PostgreSQL database for the benchmark: one connection for the harness, more on demand.
 * The schema is brought up to date first, exactly as the server does when it starts.
 */
export async function openPostgres(url: string): Promise<BenchDatabase> {
  const app = await openDatabase({ kind: "postgres", url, poolSize: 1 });
  await app.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    kind: "postgres",
    location: safeUrl(url),
    client: fromPg(client),
    async withSessions(count, work) {
      const clients = Array.from({ length: Math.max(1, count) }, () => new pg.Client({ connectionString: url }));
      try {
        await Promise.all(clients.map((c) => c.connect()));
        await Promise.all(
          clients.map(async (c) => {
            // The planner's cost estimates for generated rows are huge: JIT would compile for a second.
            await c.query("set jit = off");
            await c.query("set synchronous_commit = off");
            await work(fromPg(c));
          }),
        );
      } finally {
        await Promise.all(clients.map((c) => c.end().catch(() => {})));
      }
    },
    close: () => client.end(),
  };
}

/**
 * The embedded database in `dataDir`, opened the way the app opens it (server/db/client: the
 * pg_trgm extension, the migrations, the trigram threshold, and the pid lock on the directory
 * that keeps a second process out). Close it before starting a server on the same directory.
 */
export async function openEmbedded(dataDir: string): Promise<BenchDatabase & { pglite: PGlite }> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  // The app's drizzle instance wraps the PGlite it opened: the same session, settings included.
  const pglite = (database.db as unknown as { $client?: PGlite }).$client;
  if (!pglite || typeof pglite.query !== "function") {
    await database.close();
    throw new Error("could not reach the PGlite instance behind the app's database handle");
  }
  const client = fromPglite(pglite);
  return {
    kind: "embedded",
    location: dataDir,
    client,
    pglite,
    async withSessions(_count, work) {
      await client.query("set synchronous_commit = off");
      await work(client);
    },
    close: () => database.close(),
  };
}

/** The URL without a password. */
export function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
