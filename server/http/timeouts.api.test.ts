import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { HTTP_TIMEOUTS } from "../app";

// Production's limits scaled down, so the test sees them act in seconds rather than half a minute.
const TIMEOUTS = { requestMs: 1_500, headersMs: 1_000, checkEveryMs: 250, idleMs: 5_000, keepAliveMs: 1_000 };

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({}, { timeouts: TIMEOUTS });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** Sends `text` on a fresh connection and resolves with what came back and when the server closed it. */
function trickle(text: string, waitMs: number): Promise<{ closedAfterMs: number | null; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ closedAfterMs: null, answer });
    }, waitMs);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    socket.on("error", () => {});
  });
}

describe("slow clients", () => {
  it("cuts off a body that never arrives (Content-Length 100, one byte sent)", async () => {
    const { closedAfterMs, answer } = await trickle(
      "POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
      6_000,
    );
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(TIMEOUTS.requestMs + 3 * TIMEOUTS.checkEveryMs + 1_000);
    // Node answers 408 when it gives up on the request.
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("cuts off headers that never end", async () => {
    const { closedAfterMs } = await trickle("GET /api/stats HTTP/1.1\r\nHost: localhost\r\nX-Slow: a", 6_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(TIMEOUTS.requestMs + 3 * TIMEOUTS.checkEveryMs + 1_000);
  });

  it("still answers a client that sends its request promptly", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/stats`);
    expect(response.status).toBe(200);
  });

  it("closes an incomplete request within 30 s in production", () => {
    // The worst case: the request limit plus one check interval.
    expect(HTTP_TIMEOUTS.requestMs + HTTP_TIMEOUTS.checkEveryMs).toBeLessThanOrEqual(30_000);
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestMs);
  });
});
