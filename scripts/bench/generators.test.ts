import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromAutocannon, onPath, parseWrkOutput, runWrk, WRK_RESULT_MARK, wrkScript } from "./generators";

const wrkSummary = `Running 3s test @ http://127.0.0.1:4000/api/articles
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     4.10ms    1.20ms  40.00ms   90.00%
  9000 requests in 3.00s, 81.00MB read
Requests/sec:   3000.00
Transfer/sec:     27.00MB
`;

describe("wrk's result", () => {
  it("reads the line the script's done() prints, latencies from microseconds to milliseconds", () => {
    const line = `${WRK_RESULT_MARK}{"requests":9000,"durationUs":3000000,"bytes":84934656,"errors":{"connect":0,"read":2,"write":0,"status":5,"timeout":1},"latencyUs":{"p50":3950,"p90":5200,"p99":12345,"max":40000,"mean":4100.456},"non2xx":5,"statusCodes":{"200":8995,"503":5}}`;
    expect(parseWrkOutput(`${wrkSummary}\n${line}\n`)).toEqual({
      generator: "wrk",
      seconds: 3,
      requests: 9000,
      rps: 3000,
      latencyMs: { p50: 3.95, p90: 5.2, p99: 12.35, max: 40, mean: 4.1 },
      non2xx: 5,
      statusCodes: { "200": 8995, "503": 5 },
      // Connect, read and write errors and timeouts; a 5xx is a non-2xx answer, not an error.
      errors: 3,
      timeouts: 1,
      bytes: 84934656,
    });
  });

  it("fails with wrk's output when the script printed nothing", () => {
    expect(() => parseWrkOutput(wrkSummary)).toThrow(/no result line[\s\S]*Requests\/sec/);
  });

  it("puts every path in the script, quoted for Lua", () => {
    const script = wrkScript(["/a", '/search?q="x"\\y']);
    expect(script).toContain('  "/a",');
    expect(script).toContain('  "/search?q=\\"x\\"\\\\y",');
  });
});

describe("autocannon's result", () => {
  it("keeps its mean of one-second samples as the rate and counts status codes", () => {
    const run = fromAutocannon({
      duration: 3.01,
      errors: 1,
      timeouts: 1,
      non2xx: 2,
      statusCodeStats: { "200": { count: 898 }, "404": { count: 2 } },
      latency: { p50: 3, p90: 5, p99: 12, max: 40, mean: 4.1234 },
      requests: { average: 299.6, total: 900 },
      throughput: { total: 90_000 },
    });
    expect(run).toMatchObject({
      generator: "autocannon",
      rps: 300,
      requests: 900,
      latencyMs: { p50: 3, p99: 12, mean: 4.12 },
      statusCodes: { "200": 898, "404": 2 },
      errors: 1,
      bytes: 90_000,
    });
  });
});

const wrk = onPath("wrk");

describe.skipIf(!wrk)("the wrk script, run by wrk", () => {
  let server: Server;
  let baseUrl: string;
  const seen = new Map<string, number>();
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.set(request.url ?? "", (seen.get(request.url ?? "") ?? 0) + 1);
      response.writeHead(request.url === "/missing" ? 404 : 200, { "content-type": "text/plain" });
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("cycles through the paths on every thread and counts what was not 2xx", async () => {
    const run = await runWrk(wrk!, {
      baseUrl,
      paths: ["/one", "/two", "/missing"],
      connections: 4,
      seconds: 1,
      threads: 2,
    });
    expect(run.requests).toBeGreaterThan(30);
    expect([...seen.keys()].sort()).toEqual(["/missing", "/one", "/two"]);
    const missing = seen.get("/missing") ?? 0;
    // Requests still in flight when wrk stops are served but not counted.
    expect(run.statusCodes["404"]).toBeGreaterThan(0);
    expect(run.statusCodes["404"]).toBeLessThanOrEqual(missing);
    expect(run.non2xx).toBe(run.statusCodes["404"]);
    expect(run.statusCodes["200"] + run.statusCodes["404"]).toBe(run.requests);
    expect(run.latencyMs.p99).toBeGreaterThanOrEqual(run.latencyMs.p50);
  });
});
