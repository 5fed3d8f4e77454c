import type { FastifyInstance } from "fastify";
import { shareForgetting } from "./articles/read-cache";
import { type AppConfig, ConfigError, loadConfig } from "./config";
import { type Database, openDatabase } from "./db/client";

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

/**
 * Opens the database named by the configuration. Its periodic chores (housekeeping and the like)
 * run on the job queue: server/jobs/schedules.ts.
 */
export async function openAppDatabase(config: AppConfig): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: "postgres", url: config.databaseUrl })
    : await openDatabase({ kind: "pglite", dataDir: config.dataDir });
  // ADMIN_EMAILS grants nothing here: an account with a listed email may have been registered by
  // anyone. Admins are made by proof (server/auth/admin-setup.ts).
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
