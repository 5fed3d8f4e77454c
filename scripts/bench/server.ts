import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../../server/lib/node-flags";
import { projectRoot } from "../../server/lib/paths";

export const HOST = "127.0.0.1";

export interface RunningServer {
  pid: number;
  baseUrl: string;
  /** The last lines the process printed, for a failure message. */
  output(): string;
  stop(): Promise<void>;
}

/** A port nothing listens on right now (on loopback). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A started server process: its last output lines, and a stop that ends it and then cleans up. */
export function track(child: ChildProcess, port: number, cleanup: () => void): RunningServer {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  return {
    pid: child.pid ?? 0,
    baseUrl: `http://${HOST}:${port}`,
    output: () => lines.join("\n"),
    async stop() {
      if (!exited) {
        child.kill("SIGTERM");
        // The embedded database checkpoints as it closes: give it time before forcing.
        const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
        await exit;
        clearTimeout(timer);
      }
      cleanup();
    },
  };
}

/** Polls until the server answers `path` with a 2xx, or fails when it exits or takes too long. */
export async function waitUntilAnswering(child: ChildProcess, server: RunningServer, path: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${server.output()}`,
      );
    }
    try {
      const response = await fetch(`${server.baseUrl}${path}`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`the server did not answer ${path} within ${timeoutMs / 1000}s (${last}):\n${server.output()}`);
}

/** The database the server runs on: a PostgreSQL URL, or the embedded database's DATA_DIR. */
export type AppDatabase = { kind: "postgres"; url: string } | { kind: "embedded"; dataDir: string };

/** What every app the benchmark starts runs with: production mode, the payment sandbox, quiet logs, a fresh secret. */
export function benchAppEnv(): Record<string, string> {
  return {
    NODE_ENV: "production",
    PAYMENTS: "sandbox",
    LOG_LEVEL: "warn",
    APP_SECRET: randomBytes(32).toString("base64url"),
  };
}

/**
 * The built app (what `npm start` runs), web role unless told otherwise, in production mode,
 * listening on loopback only: on PostgreSQL with DATABASE_URL (uploads in a temporary DATA_DIR),
 * or on the embedded database with DATA_DIR pointing at the given directory and no DATABASE_URL.
 * `env` adds to the app's environment; `unset` names variables it must not inherit.
 */
export async function startApp(
  database: AppDatabase,
  options: { role?: "web" | "all"; env?: Record<string, string>; unset?: string[] } = {},
): Promise<RunningServer> {
  const main = join(projectRoot, "dist/server/main.js");
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build (npm run bench builds first)`);
  const port = await freePort();
  const dataDir = database.kind === "embedded" ? database.dataDir : mkdtempSync(join(tmpdir(), "vidscribe-bench-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...benchAppEnv(),
    PORT: String(port),
    HOST,
    PUBLIC_URL: `http://${HOST}:${port}`,
    ROLE: options.role ?? "web",
    DATA_DIR: dataDir,
    ...options.env,
  };
  for (const name of options.unset ?? []) delete env[name];
  delete env.DATABASE_URL;
  if (database.kind === "postgres") env.DATABASE_URL = database.url;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], {
    cwd: projectRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server = track(child, port, () => {
    if (database.kind === "postgres") rmSync(dataDir, { recursive: true, force: true });
  });
  // Opening a large embedded database takes a while.
  await waitUntilAnswering(child, server, "/api/stats", database.kind === "embedded" ? 180_000 : 60_000);
  return server;
}

/** node:http answering "hello" to everything: the most this machine and load generator can do. */
export async function startCeiling(): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(projectRoot, "scripts/bench/ceiling-server.mjs")], {
    env: { ...process.env, PORT: String(port), HOST },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server = track(child, port, () => {});
  await waitUntilAnswering(child, server, "/", 10_000);
  return server;
}

/** Resident memory of a process in MB (Linux /proc), or null where that cannot be read. */
export function residentMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

let ticksPerSecond: number | undefined;

/** CPU time (user + system) a process has used so far, in ms (Linux /proc), or null. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which is in parentheses and may hold spaces): utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Samples a process's resident memory every 200 ms until stopped; answers the peak. */
export function sampleMemory(pid: number): { stop(): number | null } {
  let peak: number | null = residentMb(pid);
  const timer = setInterval(() => {
    const now = residentMb(pid);
    if (now !== null) peak = Math.max(peak ?? 0, now);
  }, 200);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
