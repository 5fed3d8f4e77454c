import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEALTH_PATH, METRICS_PATH, METRICS_UNAUTHORIZED, READY_PATH } from "../../contract/ops";
import { ADMIN_EMAIL, registerAdmin } from "../../test/admin";
import { createTestApp, expectMessage, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { type FakeLlmServer, startFakeLlmServer } from "../../test/fakes/llm-server";
import { FIXTURES } from "../../test/fixtures";
import type { Database } from "../db/client";
import { createLlmWriter } from "../generation/writers/llm";
import { registerErrorHandling } from "../http/errors";
import type { JobQueue } from "../jobs/queue";
import { opsRoutes } from "./routes";

// Operating the service (issue 20 item 4): /healthz, /readyz and /metrics.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { generation: { worker: false } });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

/** The value of one series in Prometheus text ('name{labels} value'), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** opsRoutes alone over a database and a queue a test controls. */
async function opsApp(database: Partial<Database>, queue?: Partial<JobQueue>) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(opsRoutes, {
    database: database as Database,
    queue: queue as JobQueue | undefined,
    metricsToken: null,
  });
  return app;
}

describe("GET /healthz and /readyz", () => {
  it("says the process is alive, and ready when database, migrations and queue are", async () => {
    const health = await get(HEALTH_PATH);
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    const ready = await get(READY_PATH);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", queue: "ok" } });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 with the reason when the database does not answer, a migration is missing or the queue stopped", async () => {
    const down = await opsApp({ executeSql: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")) });
    const answer = await down.inject({ method: "GET", url: READY_PATH });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().status).toBe("unavailable");
    expect(answer.json().checks.database).toMatch(/unreachable: connect ECONNREFUSED/);
    await down.close();

    const behind = await opsApp({ executeSql: async () => ({ rows: [{ n: 3 }] }) });
    const partly = await behind.inject({ method: "GET", url: READY_PATH });
    expect(partly.statusCode).toBe(503);
    expect(partly.json().checks.migrations).toMatch(/^3 of \d+ migrations applied$/);
    await behind.close();

    const stopped = await opsApp({ executeSql: async () => ({ rows: [{ n: 1000 }] }) }, { running: () => false });
    const noQueue = await stopped.inject({ method: "GET", url: READY_PATH });
    expect(noQueue.statusCode).toBe(503);
    expect(noQueue.json().checks).toEqual({ database: "ok", migrations: "ok", queue: "stopped" });
    await stopped.close();
  });
});

describe("GET /metrics", () => {
  it("counts answers by route pattern and status, and reports the process, the queue and the event loop", async () => {
    const before =
      sample(
        (await get(METRICS_PATH)).body,
        'http_requests_total{method="GET",route="/api/articles/:id",status="404"}',
      ) ?? 0;
    for (let k = 0; k < 3; k++) expect((await get(`/api/articles/${900_000 + k}`)).statusCode).toBe(404);
    const scrape = await get(METRICS_PATH);
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers["content-type"]).toMatch(/^text\/plain/);
    const text = scrape.body;
    expect(sample(text, 'http_requests_total{method="GET",route="/api/articles/:id",status="404"}')).toBe(before + 3);
    // A label per route, never per address.
    expect(text).not.toContain("/api/articles/900000");
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/articles\/:id",status="4xx"\}/,
    );
    expect(sample(text, 'generation_queue_depth{status="queued"}')).toBe(0);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("# TYPE generation_jobs_total counter");
    expect(text).toContain("# TYPE llm_calls_total counter");
  });

  it("counts finished generations with their duration, and the LLM's calls and tokens", async () => {
    const llm: FakeLlmServer = await startFakeLlmServer();
    const writer = createLlmWriter({
      provider: "openai",
      baseUrl: llm.url,
      apiKey: "test-key",
      model: "fake-model",
      timeoutMs: 2_000,
      maxRetries: 2,
      retryBaseDelayMs: 10,
    });
    const writing = await createTestApp({}, { generation: { writer } });
    try {
      const scrape = async () => (await writing.app.inject({ method: "GET", url: METRICS_PATH })).body;
      const series = [
        'generation_jobs_total{state="completed"}',
        'generation_job_duration_seconds_count{state="completed"}',
        'llm_calls_total{outcome="ok"}',
        'llm_tokens_total{kind="output"}',
      ];
      const before = await scrape();
      const { cookie } = await registerUser(writing.app);
      const created = await writing.app.inject({
        method: "POST",
        url: "/api/articles",
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { youtubeUrl: `https://www.youtube.com/watch?v=${FIXTURES.rich()}`, length: "short" },
      });
      expect(created.statusCode, created.body).toBe(201);
      const after = await scrape();
      const grew = (name: string) => (sample(after, name) ?? 0) - (sample(before, name) ?? 0);
      expect(grew(series[0])).toBe(1);
      expect(grew(series[1])).toBe(1);
      expect(grew(series[2])).toBeGreaterThanOrEqual(1);
      expect(grew(series[3])).toBeGreaterThan(0);
    } finally {
      await writing.close();
      await llm.close();
    }
  });

  it("asks for the bearer token when METRICS_TOKEN is set", async () => {
    const guarded = await createTestApp({ METRICS_TOKEN: "s3cret-metrics-token" });
    try {
      const ask = (authorization?: string) =>
        guarded.app.inject({ method: "GET", url: METRICS_PATH, headers: authorization ? { authorization } : {} });
      expect(expectMessage(await ask(), 401)).toBe(METRICS_UNAUTHORIZED);
      expect((await ask()).headers["www-authenticate"]).toMatch(/^Bearer/);
      expect((await ask("Bearer wrong-token")).statusCode).toBe(401);
      expect((await ask("Bearer s3cret-metrics-token")).statusCode).toBe(200);
      // Health and readiness stay open: a load balancer has no token.
      expect((await guarded.app.inject({ method: "GET", url: READY_PATH })).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it("is in the access matrix: the same answers signed out, as a user and as an admin", async () => {
    const user = await registerUser(t.app);
    const admin = await registerAdmin(t, { email: ADMIN_EMAIL });
    for (const path of [HEALTH_PATH, READY_PATH, METRICS_PATH]) {
      const statuses = [];
      for (const cookie of [undefined, user.cookie, admin.cookie]) {
        statuses.push((await get(path, cookie ? { cookie } : {})).statusCode);
      }
      expect(statuses, path).toEqual([200, 200, 200]);
    }
  });
});
