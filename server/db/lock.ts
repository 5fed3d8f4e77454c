import { createHash } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { resolve as absolute, join } from "node:path";

/**
 * The embedded database belongs to one process: two opening the same files would corrupt them.
 * The owner holds a local socket open (a Unix socket, a named pipe on Windows) and answers on it;
 * the operating system closes it the moment the owner dies, even by kill -9, so a lock nobody
 * answers on is stale and is taken over at once. A process id alone cannot tell that: a killed
 * process lingers until reaped, and its id may be reused by another program.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const address = lockAddress(dataDir);
  const pidFile = `${dataDir}.lock`;
  const server = createServer((socket) => socket.end(String(process.pid)));
  server.unref();
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(address, () => {
        server.off("error", reject);
        resolve();
      });
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    const owner = await ownerOf(address);
    if (owner !== null) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner}. Stop that process first, or set DATABASE_URL to use a PostgreSQL server.`,
      );
    }
    // Nobody answers: the socket file of a process that died. Take it over.
    if (process.platform !== "win32") rmSync(address, { force: true });
    await listen();
  }
  writeFileSync(pidFile, String(process.pid));
  return () => {
    server.close();
    rmSync(pidFile, { force: true });
  };
}

/** Where the lock of a data directory listens: short, since socket paths are limited to ~100 bytes. */
function lockAddress(dataDir: string): string {
  const key = createHash("sha256").update(absolute(dataDir)).digest("hex").slice(0, 20);
  return process.platform === "win32" ? `\\\\.\\pipe\\vidscribe-${key}` : join(tmpdir(), `vidscribe-${key}.lock`);
}

/** The process id the lock's owner answers with, or null when nobody holds it. */
function ownerOf(address: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect(address);
    let answer = "";
    const done = (owner: string | null) => {
      socket.destroy();
      resolve(owner);
    };
    socket.setTimeout(2_000, () => done("unknown (it does not answer)"));
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("end", () => done(answer.trim() || "unknown"));
    socket.on("error", () => done(null));
  });
}
