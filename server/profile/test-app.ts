import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../test/app";
import { createTestDatabase } from "../../test/database";
import { loadConfig } from "../config";
import { newUploadKey } from "../storage/keys";
import { insertUpload } from "../storage/repository";
import { profileRoutes } from "./routes";

export interface ProfileTestApp extends TestApp {
  /** The DATA_DIR of this app: a fresh folder, removed on close. */
  dataDir: string;
}

/** The same settings createTestApp uses (so either registration sees one configuration). */
const TEST_ENV = {
  NODE_ENV: "test",
  PUBLIC_URL: TEST_ORIGIN,
  APP_SECRET: "test-secret-test-secret-test-secret-0123456789",
  LOG_LEVEL: "silent",
  VIDEO_SOURCE: "fixtures",
};

/**
 * The test app with profile pictures served, on a DATA_DIR of its own. The routes are added
 * here only while server/app.ts does not register them itself, so the tests run either way.
 */
export async function createProfileTestApp(env: Record<string, string> = {}): Promise<ProfileTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "vidscribe-profile-"));
  const fullEnv = { ...TEST_ENV, DATA_DIR: dataDir, ...env };
  const config = loadConfig(fullEnv);
  const database = await createTestDatabase();
  try {
    const t = await createTestApp(fullEnv, {
      database,
      beforeReady: async (app) => {
        if (app.hasRoute({ method: "PUT", url: "/api/profile-picture" })) return;
        await app.register(profileRoutes, { db: database.db, config });
      },
    });
    return {
      ...t,
      dataDir,
      async close() {
        await t.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** POST /api/objects/upload as the account with this cookie: the answer, whatever it is. */
export function requestUploadUrl(t: TestApp, cookie: string) {
  return t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { origin: TEST_ORIGIN, cookie } });
}

/** A signed upload URL for the account with this cookie (the request must succeed). */
export async function uploadUrl(t: TestApp, cookie: string): Promise<string> {
  const response = await requestUploadUrl(t, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().uploadURL;
}

/** Records `count` uploads handed out to the user just now, as if they had asked for that many URLs. */
export async function recordUploads(t: TestApp, userId: string, count: number): Promise<void> {
  const now = new Date();
  for (let i = 0; i < count; i += 1) {
    await insertUpload(t.database.db, { key: newUploadKey(userId), userId, expiresAt: now, createdAt: now });
  }
}
