/**
 * What the browser measurements share: the system Chromium with the flags this machine needs, and
 * the built app started on its own embedded database (no PostgreSQL, no seed), on loopback.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { SERVER_NODE_FLAGS } from "../../server/lib/node-flags";
import { projectRoot } from "../../server/lib/paths";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium";
import { benchAppEnv, freePort, HOST, type RunningServer, track, waitUntilAnswering } from "./server";

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing (apt-get install chromium)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

export interface DebuggableChromium {
  /** The DevTools port, for tools that drive Chrome themselves (Lighthouse). */
  port: number;
  close(): Promise<void>;
}

/**
 * Chromium in new headless mode with a DevTools port and a throwaway profile, for a tool that
 * drives it itself: Lighthouse connects to the port and opens its own tab for each run.
 */
export async function launchDebuggableChromium(): Promise<DebuggableChromium> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing (apt-get install chromium)`);
  const profile = mkdtempSync(join(tmpdir(), "vidscribe-bench-chromium-"));
  const child = spawn(
    CHROMIUM_PATH,
    ["--headless=new", "--remote-debugging-port=0", `--user-data-dir=${profile}`, ...CHROMIUM_FLAGS, "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    // Chromium's helper processes can still be writing the profile after the browser exits:
    // removal is retried, and a profile left behind in the temporary folder never fails a run
    // whose measurements are done.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {}
  };
  try {
    // Chromium says where it listens on stderr once the port is open.
    const port = await new Promise<number>((resolve, reject) => {
      let said = "";
      const timer = setTimeout(() => reject(new Error(`Chromium did not open a DevTools port:\n${said}`)), 20_000);
      const listen = (chunk: Buffer) => {
        said += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(said);
        if (!match) return;
        clearTimeout(timer);
        // Keep draining stderr so Chromium never blocks on a full pipe.
        child.stderr?.off("data", listen).resume();
        resolve(Number(match[1]));
      };
      child.stderr?.on("data", listen);
      child.once("exit", (code) => reject(new Error(`Chromium exited (${code}):\n${said}`)));
    });
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export type BuiltServer = RunningServer;

/**
 * The built app (dist/server/main.js) as `npm start` runs it in production: web and workers in
 * one process (ROLE=all), the fixture videos, the embedded database in a temporary DATA_DIR
 * that stop() removes. `env` adds to or overrides that (DATABASE_URL, LLM_PROVIDER, ...).
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const main = join(projectRoot, "dist/server/main.js");
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "vidscribe-bench-browser-"));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...benchAppEnv(),
      DATABASE_URL: "",
      ROLE: "all",
      HOST,
      PORT: String(port),
      PUBLIC_URL: `http://${HOST}:${port}`,
      DATA_DIR: dataDir,
      VIDEO_SOURCE: "fixtures",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server = track(child, port, () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    // The embedded database migrates on first start: allow it a while.
    await waitUntilAnswering(child, server, "/api/stats", 60_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

let accounts = 0;

/**
 * Registers a fresh guest through the real API and answers its session as a Cookie header
 * value ("sid=..."). Interests make the signed-in home a personal feed, as for a real reader.
 */
export async function signUp(
  baseUrl: string,
  interests: { preferredCategories: string[]; preferredTopics: string[] } = {
    preferredCategories: [],
    preferredTopics: [],
  },
): Promise<string> {
  accounts += 1;
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `bench.${process.pid}.${Date.now()}.${accounts}@example.com`,
      password: randomBytes(12).toString("base64url"),
      firstName: "Bench",
      lastName: "Reader",
      ...interests,
    }),
  });
  const body = await response.text();
  if (response.status !== 201) throw new Error(`registering answered ${response.status}: ${body}`);
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((pair) => pair.startsWith("sid="));
  if (!session) throw new Error("registering set no session cookie");
  return session;
}

/** Writes an article from a fixture video through POST /api/articles; answers its slug. */
export async function createArticle(baseUrl: string, cookie: string, videoId: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/articles`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ youtubeUrl: `https://www.youtube.com/watch?v=${videoId}` }),
  });
  const body = await response.text();
  if (response.status !== 201)
    throw new Error(`creating an article from ${videoId} answered ${response.status}: ${body}`);
  return (JSON.parse(body) as { slug: string }).slug;
}
