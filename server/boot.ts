import type { FastifyInstance } from "fastify";
import { shareForgetting } from "./articles/read-cache";
import { pruneViews } from "./articles/views";
import { deleteExpiredSessions } from "./auth/sessions";
import { pruneThrottle } from "./auth/throttle";
import { type AppConfig, ConfigError, loadConfig } from "./config";
import { type Database, type Db, openDatabase } from "./db/client";

const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

/**
 * What the database only needs to remember for a while: expired sessions, the reads that
 * tell a reload from a new read (30 minutes), and sign-in failures time has forgiven. Without it
 * these tables grow with every visitor. Every process may run it: deleting what is already gone
 * costs little (the sign-in failures table holds only recent keys).
 */
export async function keepDatabaseTidy(db: Db): Promise<void> {
  await deleteExpiredSessions(db);
  await pruneViews(db);
  await pruneThrottle(db);
}

/** Runs keepDatabaseTidy now and hourly; answers a function that stops it. */
async function startHousekeeping(db: Db, log: { warn(message: string): void }): Promise<() => void> {
  await keepDatabaseTidy(db);
  const timer = setInterval(() => {
    keepDatabaseTidy(db).catch((error: Error) => log.warn(`housekeeping failed: ${error.message}`));
  }, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Reads the configuration or exits with a message that names each bad variable. */
export function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Opens the database named by the configuration and runs the start-up chores. */
export async function openAppDatabase(config: AppConfig): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: "postgres", url: config.databaseUrl })
    : await openDatabase({ kind: "pglite", dataDir: config.dataDir });
  // ADMIN_EMAILS grants nothing here: an account with a listed email may have been registered by
  // anyone. Admins are made by proof (server/auth/admin-setup.ts).
  const stopHousekeeping = await startHousekeeping(database.db, console);
  const closeDatabase = database.close;
  database.close = async () => {
    stopHousekeeping();
    await closeDatabase();
  };
  if (database.kind === "postgres" && config.databaseUrl) {
    // Other processes on this database learn of article writes (read caches; see read-cache.ts).
    const stopSharing = await shareForgetting(database.db, config.databaseUrl, console);
    const close = database.close;
    database.close = async () => {
      await stopSharing();
      await close();
    };
  }
  return database;
}

/** Stops cleanly on SIGINT/SIGTERM: finish requests in flight, then close the database. */
export function closeOnSignals(
  app: FastifyInstance | undefined,
  database: Database,
  generation?: { stop(): Promise<void> },
) {
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app?.log.info({ signal }, "shutting down");
    await app?.close();
    await generation?.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void close("SIGINT"));
  process.on("SIGTERM", () => void close("SIGTERM"));
}
