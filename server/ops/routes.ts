import { timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Gauge, Registry } from "prom-client";
import { z } from "zod";
import { errorResponse } from "../../contract/common";
import {
  HEALTH_PATH,
  healthResponse,
  METRICS_PATH,
  METRICS_UNAUTHORIZED,
  READY_PATH,
  type ReadyResponse,
  readyResponse,
} from "../../contract/ops";
import { type Database, migrationsFolder } from "../db/client";
import { HttpError } from "../http/errors";
import type { JobQueue } from "../jobs/queue";
import { httpDuration, httpRequests, registry } from "./telemetry";

/** A readiness check slower than this is a failed one: a load balancer should not wait on it. */
export const READY_TIMEOUT_MS = 2_000;

interface OpsOptions {
  database: Database;
  /** The job queue this process runs, if any (web-only tests build the app without one). */
  queue?: JobQueue;
  metricsToken: string | null;
}

/** How many migrations this build ships (their journal), read once. */
function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/** Whether a presented bearer token is the configured one (in constant time). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "");
  const expected = Buffer.from(token);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/**
 * Counts every HTTP answer by its route's pattern (never the raw address, which would make a
 * label per article; one matching no route is "unmatched"). Called before any route is added,
 * so it reaches them all.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const status = reply.statusCode;
    httpRequests.inc({ method: request.method, route, status: String(status) });
    httpDuration.observe(
      { method: request.method, route, status: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * GET /healthz (alive), GET /readyz (database, migrations, queue) and GET /metrics (Prometheus
 * text, behind METRICS_TOKEN when set).
 */
export const opsRoutes: FastifyPluginAsyncZod<OpsOptions> = async (app, { database, queue, metricsToken }) => {
  const shipped = shippedMigrations();

  app.get(HEALTH_PATH, { schema: { response: { 200: healthResponse } } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" as const };
  });

  app.get(READY_PATH, { schema: { response: { 200: readyResponse, 503: readyResponse } } }, async (_request, reply) => {
    const checks: ReadyResponse["checks"] = { database: "ok", migrations: "ok", queue: "ok" };
    try {
      const applied = await withTimeout(
        database.executeSql("select count(*)::int as n from drizzle.__drizzle_migrations"),
        READY_TIMEOUT_MS,
      );
      const n = Number((applied.rows[0] as { n?: number } | undefined)?.n ?? 0);
      if (n < shipped) checks.migrations = `${n} of ${shipped} migrations applied`;
    } catch (error) {
      checks.database = `unreachable: ${reason(error)}`;
      checks.migrations = "unknown while the database is unreachable";
    }
    if (!queue) checks.queue = "not used";
    else if (!queue.running()) checks.queue = "stopped";
    const ready = Object.values(checks).every((value) => value === "ok" || value === "not used");
    reply.header("cache-control", "no-store");
    return reply.status(ready ? 200 : 503).send({ status: ready ? "ready" : "unavailable", checks });
  });

  app.get(METRICS_PATH, { schema: { response: { 200: z.string(), 401: errorResponse } } }, async (request, reply) => {
    if (metricsToken && !tokenMatches(request.headers.authorization, metricsToken)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new HttpError(401, METRICS_UNAUTHORIZED);
    }
    // What is read at scrape time: queued and running generations, and the database pool.
    const now = new Registry();
    const depth = new Gauge({
      name: "generation_queue_depth",
      help: "Generations waiting (queued) or being written (running)",
      labelNames: ["status"] as const,
      registers: [now],
    });
    depth.set({ status: "queued" }, 0);
    depth.set({ status: "running" }, 0);
    try {
      const result = await withTimeout(
        database.executeSql(
          "select status, count(*)::int as n from generations where status in ('queued', 'running') group by status",
        ),
        READY_TIMEOUT_MS,
      );
      for (const row of result.rows as Array<{ status: string; n: number }>)
        depth.set({ status: row.status }, Number(row.n));
    } catch {
      // The database is away: the other metrics still tell the operator so.
    }
    const pool = database.poolStats?.();
    if (pool) {
      const connections = new Gauge({
        name: "db_pool_connections",
        help: "PostgreSQL pool connections by state (total, idle, waiting requests)",
        labelNames: ["state"] as const,
        registers: [now],
      });
      connections.set({ state: "total" }, pool.total);
      connections.set({ state: "idle" }, pool.idle);
      connections.set({ state: "waiting" }, pool.waiting);
    }
    const text = await Registry.merge([registry, now]).metrics();
    reply.header("cache-control", "no-store");
    return reply.type(registry.contentType).send(text);
  });
};
