import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { CHROMIUM_PATH } from "../scripts/chromium";
import { adminSetupToken, adminSetupUrl } from "../server/auth/admin-setup";
import { SERVER_NODE_FLAGS } from "../server/lib/node-flags";
import { freePort, startBuiltServer } from "./built-server";

const root = join(import.meta.dirname, "..");
export const E2E_ADMIN_EMAIL = "admin@e2e.example.com";

// A fixed secret, so the journeys can sign the one-time admin setup link the server would log.
const E2E_APP_SECRET = "e2e-secret-e2e-secret-e2e-secret-0123456789";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string | null;
    /** Opened by a signed-in E2E_ADMIN_EMAIL account, it makes that account an admin. */
    adminSetupUrl: string;
    /** The server's DATA_DIR, whose mail/ folder is the dev mailbox (no SMTP_URL). */
    dataDir: string;
  }
}

/**
 * Builds the app and starts it as `npm start` would (the built server, embedded database in a
 * fresh DATA_DIR), then hands the journeys its URL. A missing Chromium fails in CI and is a
 * loud skip elsewhere.
 */
export default async function setup(project: TestProject) {
  let chromiumPath: string | null = CHROMIUM_PATH;
  if (!existsSync(CHROMIUM_PATH)) {
    if (process.env.CI) throw new Error(`Chromium is required in CI but ${CHROMIUM_PATH} does not exist`);
    console.warn(
      `\n!!! Browser journeys SKIPPED: no Chromium at ${CHROMIUM_PATH}. Install it with 'apt-get install -y chromium'.\n`,
    );
    chromiumPath = null;
  }

  execFileSync(process.execPath, [join(root, "scripts/build.mjs"), "--if-stale"], { stdio: "inherit" });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "vidscribe-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  const server = startBuiltServer({
    port,
    dataDir,
    nodeFlags: SERVER_NODE_FLAGS,
    env: { ADMIN_EMAILS: E2E_ADMIN_EMAIL, APP_SECRET: E2E_APP_SECRET, LLM_PROVIDER: "extractive" },
  });
  await server.ready(`${baseUrl}/login`);

  project.provide("baseUrl", baseUrl);
  project.provide("chromiumPath", chromiumPath);
  project.provide("adminSetupUrl", adminSetupUrl(new URL(baseUrl), adminSetupToken(E2E_APP_SECRET)));
  project.provide("dataDir", dataDir);

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (/"level":(50|60)/.test(server.log()))
      console.error(`server logged errors during the journeys:\n${server.log()}`);
  };
}
