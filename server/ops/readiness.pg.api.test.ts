import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { READY_PATH } from "../../contract/ops";
import { createTestDatabase } from "../../test/database";
import { registerErrorHandling } from "../http/errors";
import { opsRoutes } from "./routes";

// /readyz against a real PostgreSQL going away and coming back (issue 20 item 4): the pool
// reconnects on its own, so readiness returns without restarting the app.

describe("GET /readyz on PostgreSQL", () => {
  it("turns 503 while PostgreSQL refuses connections and 200 again when it takes them, without a restart", async () => {
    const database = await createTestDatabase();
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(opsRoutes, { database, metricsToken: null });
    const name = new URL(database.url ?? "").pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      expect((await app.inject({ method: "GET", url: READY_PATH })).statusCode).toBe(200);
      // As if the server went away: no new connections, and the pool's ones are cut.
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
      const away = await app.inject({ method: "GET", url: READY_PATH });
      expect(away.statusCode).toBe(503);
      expect(away.json().checks.database).toMatch(/^unreachable/);
      await admin.query(`alter database "${name}" allow_connections true`);
      const back = await app.inject({ method: "GET", url: READY_PATH });
      expect(back.statusCode, back.body).toBe(200);
    } finally {
      await admin.query(`alter database "${name}" allow_connections true`).catch(() => {});
      await admin.end();
      await app.close();
      await database.close();
    }
  });
});
