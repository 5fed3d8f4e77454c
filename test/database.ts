import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../server/db/client";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL when the project runs with TEST_DB=postgres.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") return openDatabase({ kind: "pglite" });

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
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
