import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { projectRoot } from "../lib/paths";
import { lockDataDir } from "./lock";

const children: ChildProcess[] = [];
const holders: number[] = [];
afterEach(() => {
  for (const pid of holders.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** Another process that takes the lock and keeps running; resolves with its id once it holds it. */
function holder(dataDir: string): Promise<number> {
  const script = `(async () => {
  const { lockDataDir } = await import(${JSON.stringify(join(projectRoot, "server/db/lock.ts"))});
  await lockDataDir(${JSON.stringify(dataDir)});
  console.log("locked " + process.pid);
  setInterval(() => {}, 1000);
})();`;
  const child = spawn(join(projectRoot, "node_modules/.bin/tsx"), ["--eval", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  // tsx runs the script in a node process of its own: that process, not tsx, holds the lock.
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      const pid = /locked (\d+)/.exec(String(chunk))?.[1];
      if (pid) {
        holders.push(Number(pid));
        resolve(Number(pid));
      }
    });
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}`)));
  });
}

describe("the embedded database's lock", () => {
  it("refuses a second owner while the first is alive, naming it", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "vidscribe-lock-")), "pgdata");
    const pid = await holder(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(`in use by process ${pid}`);
  }, 30_000);

  it("is taken over at once after its owner is killed with SIGKILL, before the owner is reaped", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "vidscribe-lock-")), "pgdata");
    const pid = await holder(dataDir);
    // Killed, and not yet waited for by its parent: its process id is still there (a zombie).
    process.kill(pid, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const release = await lockDataDir(dataDir);
    release();
  }, 30_000);

  it("is not fooled by a leftover pid file whose process id now belongs to a live process", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "vidscribe-lock-")), "pgdata");
    // Process 1 is always alive: an id reused after a crash looks just like this.
    writeFileSync(`${dataDir}.lock`, "1");
    const release = await lockDataDir(dataDir);
    release();
  });

  it("can be taken again by the same kind of start after a clean release", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "vidscribe-lock-")), "pgdata");
    const release = await lockDataDir(dataDir);
    release();
    const again = await lockDataDir(dataDir);
    again();
  });
});
