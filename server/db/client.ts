import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { projectRoot } from "../lib/paths";
import { lockDataDir } from "./lock";
import * as schema from "./schema";
import { registerWriteWatch, WriteWatch } from "./write-watch";

/**
 * One query API for both engines. PGlite's drizzle instance has the same query builder as the
 * node-postgres one; only the driver underneath differs, so the app sees a single type.
 */
export type Db = NodePgDatabase<typeof schema>;

/** Plain SQL for tools that bring their own queries (pg-boss): one statement with values, or several without. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL's connection URL (for connections of their own, such as LISTEN). */
  url?: string;
  executeSql: ExecuteSql;
  /** The PostgreSQL pool's connections now (metrics); the embedded database has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /** The embedded database's files as a gzipped tarball (PGlite only; tests copy a migrated template). */
  dumpDataDir?: () => Promise<Blob | File>;
}

export const migrationsFolder = join(projectRoot, "server/db/migrations");
/**
 * How close a search must be to a title, tag or author for a typo to still match (pg_trgm's
 * `<%`): 0.45 lets "pricng" find "pricing" without "the" matching everything. Set per
 * connection so the trigram index answers the query.
 */
const WORD_SIMILARITY_THRESHOLD = 0.45;
const EMBEDDED_SHARED_BUFFERS = "32MB";
/**
 * Memory a query may sort or build a bitmap in. A search for a common word matches tens of
 * thousands of articles; past PostgreSQL's default 4 MB the bitmap of their pages turns lossy
 * and every row on those pages is checked again, reading each one's out-of-line search vector
 * (the body's words): seen at a million articles, 254,000 rows rechecked and 1.3 s for one
 * search.
 */
const WORK_MEM = "16MB";
// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_KEY = 727_001;

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | {
      kind: "pglite";
      dataDir?: string;
      /** Starts from a copy of another database's files (tests: a migrated template, see test/database.ts). */
      loadDataDir?: Blob;
    };

/** Opens the database and brings its schema up to date before anything else touches it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      idleTimeoutMillis: 30_000,
      // JIT compiling pays off for long analytical queries; this app's queries take milliseconds
      // and a compile took ~10 ms of a search's time.
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} -c work_mem=${WORK_MEM} -c jit=off`,
    });
    // An idle connection the server closes (a restart, a failover) must not crash the process:
    // the pool drops it and opens another on the next query.
    pool.on("error", (error) => {
      console.warn(`database connection lost: ${error.message}`);
    });
    // Several processes (ROLE=web and ROLE=worker) may start together: one migrates at a time.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
    const watch = new WriteWatch();
    const db = drizzlePg(pool, { schema, logger: watch });
    registerWriteWatch(db, watch);
    return {
      db,
      kind: "postgres",
      url: options.url,
      executeSql: (text, values) => pool.query(text, values),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }

  let dataDir: string | undefined;
  let releaseLock = () => {};
  if (options.dataDir) {
    dataDir = join(options.dataDir, "pgdata");
    mkdirSync(dataDir, { recursive: true });
    releaseLock = await lockDataDir(dataDir);
  }
  try {
    // Loaded only here: a process on PostgreSQL does not carry the embedded database's code.
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    const client = new PGlite({
      dataDir,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
      // PGlite keeps PostgreSQL's 128 MB of shared buffers inside the process, touched at start;
      // the operating system caches the data files as well, so 32 MB serves as fast and leaves
      // the server ~100 MB lighter (docs/performance.md).
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    });
    await client.waitReady;
    // work_mem stays at its default here: the embedded database's memory is the server's own.
    await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
    const watch = new WriteWatch();
    const db = drizzlePglite(client, { schema, logger: watch });
    registerWriteWatch(db as unknown as Db, watch);
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      // PGlite's query() takes one statement with parameters; exec() takes a script without.
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
      dumpDataDir: () => client.dumpDataDir("gzip"),
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
