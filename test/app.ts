import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pino from "pino";
import { expect } from "vitest";
import { buildApp, type HttpTimeouts } from "../server/app";
import { type AppConfig, loadConfig } from "../server/config";
import type { Database } from "../server/db/client";
import {
  type GenerationRuntime,
  type GenerationRuntimeOptions,
  startGenerationRuntime,
} from "../server/generation/runtime";
import type { PageRenderer } from "../server/pages/routes";
import { createTestDatabase } from "./database";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  generation?: GenerationRuntime;
  close(): Promise<void>;
}

export const TEST_ORIGIN = "http://localhost:5000";

export interface TestAppOptions {
  /** Runs before the feature routes are added: a test can add an onRoute hook here to see them all. */
  beforeRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** Runs after the app is built and before it is ready: a test can add routes of its own here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Serves HTML pages through this renderer (API tests use a stub; e2e tests the real one). */
  pages?: PageRenderer;
  /** Starts article generation (job queue, workers) with these overrides. */
  generation?: Omit<GenerationRuntimeOptions, "worker"> & { worker?: boolean };
  /** Shorter request timeouts than production's, to see them work in a test. */
  timeouts?: HttpTimeouts;
  /** Share a database with another test app (two processes on one database); the caller closes it. */
  database?: Database;
}

/** The real app on a fresh database, configured as a test run would be. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  // A DATA_DIR of its own unless the test names one: the dev mailbox (server/mail) writes there.
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), "vidscribe-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    APP_SECRET: "test-secret-test-secret-test-secret-0123456789",
    LOG_LEVEL: "silent",
    VIDEO_SOURCE: "fixtures",
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...env,
  });
  const database = options.database ?? (await createTestDatabase());
  const generation = options.generation
    ? await startGenerationRuntime(config, database, pino({ level: "silent" }), {
        worker: true,
        ...options.generation,
      })
    : undefined;
  const app = await buildApp({
    config,
    database,
    logger: false,
    pages: options.pages,
    generation,
    timeouts: options.timeouts,
    beforeRoutes: options.beforeRoutes && (async (app) => options.beforeRoutes?.(app)),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    generation,
    async close() {
      await app.close();
      await generation?.stop();
      if (!options.database) await database.close();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/** Reads the session cookie a response set, as "sid=..." ready for a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "sid");
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `sid=${cookie.value}`;
}

let counter = 0;
/** Registration input that is valid and unique within the test file. */
export function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `reader${counter}.${Date.now()}@example.com`,
    password: "s3cret-pass",
    firstName: "Ama",
    lastName: "Mensah",
    preferredCategories: ["Technology"],
    preferredTopics: ["Startups"],
    preferredAuthors: [],
    ...overrides,
  };
}

/** An account registered by registerUser: what was sent, its session cookie and the user answered. */
export type RegisteredUser = Awaited<ReturnType<typeof registerUser>>;

/** Registers a new account through the API and answers its cookie and user. */
export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const account = newAccount(overrides);
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    headers: { origin: TEST_ORIGIN },
    payload: account,
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { account, cookie: sessionCookie(response), user: response.json() };
}

/**
 * A source of client addresses in one private /16 (10.<subnet>.x.y). Rate limits count per
 * address, so tests that must not trip them, or must trip them alone, take addresses of their own.
 */
export function addressPool(subnet: number): () => string {
  let host = 0;
  return () => {
    host += 1;
    return `10.${subnet}.${Math.floor(host / 250)}.${(host % 250) + 1}`;
  };
}

/** An error answer as the API gives it: JSON `{ message }` with a non-empty sentence; returns the message. */
export function expectMessage(response: LightMyRequestResponse, status: number, message?: RegExp): string {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json();
  expect(Object.keys(body)).toEqual(["message"]);
  expect(typeof body.message).toBe("string");
  expect(body.message.trim()).not.toBe("");
  if (message) expect(body.message).toMatch(message);
  return body.message as string;
}
