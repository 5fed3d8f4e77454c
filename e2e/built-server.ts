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
  return { child, log: () => log };
}
