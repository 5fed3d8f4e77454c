import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

export interface BuiltServer {
  child: ChildProcess;
  /** What the server has written to stdout and stderr so far. */
  log: () => string;
  /** Resolves once `url` answers 200; throws (with the log) if the server exits or 60 s pass. */
  ready: (url: string) => Promise<void>;
  /** SIGTERM, then waits for the process to exit (at once when it already has). */
  stop: () => Promise<void>;
}

/**
 * Starts the built server (dist/server/main.js) as `npm start` does: on 127.0.0.1:port, answering
 * as http://localhost:port, with the embedded database in dataDir and the bundled fixture videos.
 * `env` adds to that (the writer, admin settings); nodeFlags go before the script.
 */
export function startBuiltServer({
  port,
  dataDir,
  env = {},
  nodeFlags = [],
}: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  nodeFlags?: readonly string[];
}): BuiltServer {
  let log = "";
  const child = spawn(process.execPath, [...nodeFlags, join(root, "dist/server/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      VIDEO_SOURCE: "fixtures",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const output = () => log;
  return { child, log: output, ready: (url) => waitForServer(url, child, output), stop: () => stopServer(child) };
}

async function waitForServer(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the app did not answer on ${url} within 60 s:\n${output()}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
