import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../server/db/client";
import { projectRoot } from "../server/lib/paths";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL when the project runs with TEST_DB=postgres.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") return openPgliteFromTemplate();

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const base = new URL(baseUrl);
  const name = `${base.pathname.slice(1) || "test"}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      try {
        // pool.end() resolves before its sockets have closed; dropping "with (force)" at once
        // would kill backends mid-goodbye and their clients would raise unhandled errors.
        for (let i = 0; i < 50; i += 1) {
          const { rows } = await cleanup.query("select count(*)::int as n from pg_stat_activity where datname = $1", [
            name,
          ]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * An in-memory PGlite started from a migrated template: migrating takes a fresh PGlite about
 * 2.5 s, and every API test file needs one. The first file to ask migrates and dumps its files
 * to a tarball in the temp folder, named by a hash of the migrations (a new migration makes a new
 * template); the others load it. Written under a temporary name and renamed, so two workers
 * racing each write a whole file.
 */
async function openPgliteFromTemplate(): Promise<Database> {
  const template = join(tmpdir(), `vidscribe-pglite-template-${migrationsHash()}.tar.gz`);
  let blob: Blob | undefined;
  try {
    blob = new Blob([readFileSync(template)]);
  } catch {
    // No template yet: this file makes it.
  }
  if (blob) return openDatabase({ kind: "pglite", loadDataDir: blob });
  const database = await openDatabase({ kind: "pglite" });
  const dump = await database.dumpDataDir?.();
  if (dump) {
    const partial = `${template}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, template);
  }
  return database;
}

function migrationsHash(): string {
  const folder = join(projectRoot, "server/db/migrations");
  const hash = createHash("sha256");
  for (const name of readdirSync(folder).sort()) {
    if (name.endsWith(".sql")) hash.update(name).update(readFileSync(join(folder, name)));
  }
  return hash.digest("hex").slice(0, 16);
}
