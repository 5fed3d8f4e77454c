import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cooperativeAnswer, type FakeLlmServer, hang, reply, startFakeLlmServer } from "../test/fakes/llm-server";
import { FIXTURES } from "../test/fixtures";
import { freePort, startBuiltServer } from "./built-server";

// kill -9 of the server in the middle of a job, then a restart: the job finishes once, within
// two minutes, and the guest's allowance counts it once. Runs the built server as npm start does.

describe("a server killed mid-job", () => {
  let llm: FakeLlmServer;
  let server: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "vidscribe-crash-"));
  afterAll(async () => {
    server?.kill("SIGKILL");
    await llm?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes the job exactly once after a restart", { timeout: 180_000 }, async () => {
    llm = await startFakeLlmServer();
    llm.enqueue(hang());
    llm.setDefault((request) => reply(cooperativeAnswer(request)));
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const start = () =>
      startBuiltServer({
        port,
        dataDir,
        env: { LLM_PROVIDER: "openai", LLM_BASE_URL: llm.url, LLM_API_KEY: "test-key", LLM_MODEL: "fake-model" },
      });
    const waitFor = async <T>(what: string, read: () => Promise<T | undefined>, ms: number): Promise<T> => {
      const deadline = Date.now() + ms;
      for (;;) {
        try {
          const value = await read();
          if (value !== undefined) return value;
        } catch {
          // not up yet
        }
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const api = (path: string, init: RequestInit = {}, cookie = "") =>
      fetch(`${base}${path}`, {
        ...init,
        headers: { origin: base, "content-type": "application/json", cookie, ...(init.headers ?? {}) },
      });

    const first = start();
    server = first.child;
    await waitFor("the first server", async () => ((await fetch(`${base}/login`)).ok ? true : undefined), 60_000);

    const registered = await api("/api/auth/register", {
      method: "POST",
      body: JSON.stringify({
        email: "crash@example.com",
        password: "s3cret-pass",
        firstName: "Kofi",
        lastName: "Annan",
      }),
    });
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.get("set-cookie") ?? "").split(";")[0];

    const key = "crash-test-key-0001";
    // The create request is left waiting; it dies with the server.
    api(
      "/api/articles",
      {
        method: "POST",
        headers: { "idempotency-key": key },
        body: JSON.stringify({ youtubeUrl: FIXTURES.rich(), length: "short" }),
      },
      cookie,
    ).catch(() => undefined);
    await waitFor(
      "the job to be writing",
      async () => {
        const status = await (await api(`/api/generations/${key}`, {}, cookie)).json();
        return status.stage === "writing" && llm.chatRequests.length > 0 ? status : undefined;
      },
      60_000,
    );

    server.kill("SIGKILL");
    await new Promise((r) => server?.once("exit", r));

    const restartedAt = Date.now();
    const second = start();
    server = second.child;
    await waitFor("the restarted server", async () => ((await fetch(`${base}/login`)).ok ? true : undefined), 60_000);
    const done = await waitFor(
      "the job to finish after the restart",
      async () => {
        const status = await (await api(`/api/generations/${key}`, {}, cookie)).json();
        return status.status === "succeeded" || status.status === "failed" ? status : undefined;
      },
      120_000,
    ).catch((error) => {
      throw new Error(`${error.message}\n${second.log()}`);
    });
    expect(done.status).toBe("succeeded");
    expect(Date.now() - restartedAt).toBeLessThan(120_000);

    const mine = await (await api("/api/user/articles", {}, cookie)).json();
    expect(mine).toHaveLength(1);
    const limits = await (await api("/api/user/limits", {}, cookie)).json();
    expect(limits).toEqual({ canCreate: true, remaining: 2, isGuest: true });
  });
});
