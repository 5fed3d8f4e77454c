import { ACCEPT_ENCODING, type GeneratorName, type LoadRun, runGenerator } from "./generators";
import type { Probe, Scenario, ScenarioContext } from "./scenarios";
import { processCpuMs, type RunningServer, sampleMemory } from "./server";

export interface ScenarioResult {
  name: string;
  title: string;
  path: string;
  /** The process that sent the load: wrk, or autocannon in a child process. */
  generator: GeneratorName;
  /** Distinct paths the requests cycled through. */
  distinctPaths: number;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Bytes received per second (headers included), averaged. */
  bytesPerSecond: number;
  /** Size of one answer (the probe's body, uncompressed), in KB. */
  responseKb: number;
  /** Bytes on the wire per answer during the load (after compression, if any), in KB. */
  wireKb: number;
  contentEncoding: string | null;
  /** The server's peak resident memory during the measured load. */
  peakRssMb: number | null;
  /**
   * CPU time per request, of the server process and of the PostgreSQL backends serving the
   * benchmark database: unlike requests per second, hardly affected by other work on the machine.
   * On the embedded database, `database` is null: PGlite runs inside the server process, so
   * its CPU time is part of `server`.
   */
  cpuMsPerRequest: { server: number | null; database: number | null };
  target: Scenario["target"];
  meetsTarget: boolean | null;
  /** Requests per second as a share of the node:http ceiling measured in the same run. */
  ofCeiling: number | null;
}

/** One request the way a reader's browser would send it, checked against what the scenario expects. */
export async function probe(server: RunningServer, scenario: Scenario, context: ScenarioContext): Promise<Probe> {
  const url = `${server.baseUrl}${scenario.paths[0]}`;
  const response = await fetch(url, {
    headers: { accept: "*/*", "accept-encoding": ACCEPT_ENCODING, ...scenario.headers },
    signal: AbortSignal.timeout(30_000),
  });
  // fetch decompresses: the body is the answer as the app produced it, before compression.
  const answer: Probe = {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    contentEncoding: response.headers.get("content-encoding"),
    body: await response.text(),
  };
  const problem = scenario.check(answer, context);
  if (problem) throw new Error(`${scenario.name}: GET ${scenario.paths[0]} ${problem}`);
  return answer;
}

/**
 * Waits until the server has worked off what the last scenario left queued (a slow endpoint
 * leaves requests running in the database after the load stops), so it does not slow the
 * next scenario: two quick answers in a row from a cheap, database-backed request.
 */
export async function settle(server: RunningServer, path: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${path}`, { signal: AbortSignal.timeout(60_000) });
    await response.arrayBuffer();
    quick = performance.now() - started < 100 ? quick + 1 : 0;
    if (quick < 2) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface LoadOptions {
  connections: number;
  duration: number;
  warmup: number;
  generator: { name: GeneratorName; binary: string | null };
  /** wrk threads. */
  threads: number;
}

function load(server: RunningServer, scenario: Scenario, options: LoadOptions, seconds: number): Promise<LoadRun> {
  return runGenerator(options.generator, {
    baseUrl: server.baseUrl,
    paths: scenario.paths,
    connections: options.connections,
    seconds,
    threads: options.threads,
    headers: scenario.headers,
  });
}

/**
 * Asks for every path of the scenario once, as many at a time as the load's connections: a
 * scenario that cycles through 1,000 articles starts its warm-up with each of them read once,
 * as a site's popular articles would have been, whatever the warm-up's length.
 */
async function prime(server: RunningServer, scenario: Scenario, connections: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < scenario.paths.length) {
      const path = scenario.paths[next++];
      const response = await fetch(`${server.baseUrl}${path}`, {
        headers: { "accept-encoding": "gzip, deflate, br", ...scenario.headers },
        signal: AbortSignal.timeout(60_000),
      });
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, scenario.paths.length) }, worker));
}

/** Warm-up (discarded), then the measured run with the server's memory sampled throughout. */
export async function runScenario(
  server: RunningServer,
  scenario: Scenario,
  options: LoadOptions,
  answer: Probe,
  databaseCpu: () => Promise<Map<number, number>>,
): Promise<ScenarioResult> {
  if (options.warmup > 0) {
    if (scenario.prime ?? scenario.paths.length > 1) await prime(server, scenario, options.connections);
    await load(server, scenario, options, options.warmup);
  }
  const memory = sampleMemory(server.pid);
  const serverBefore = processCpuMs(server.pid);
  const databaseBefore = await databaseCpu();
  const result = await load(server, scenario, options, options.duration);
  const serverAfter = processCpuMs(server.pid);
  const databaseAfter = await databaseCpu();
  const peakRssMb = memory.stop();
  const perRequest = (ms: number | null) =>
    ms === null || result.requests === 0 ? null : Number((ms / result.requests).toFixed(3));
  // A backend that started during the run counts whole; one that ended during it is missed.
  let databaseMs: number | null = null;
  if (databaseAfter.size > 0) {
    databaseMs = 0;
    for (const [pid, ms] of databaseAfter) databaseMs += ms - (databaseBefore.get(pid) ?? 0);
  }
  const { rps, latencyMs } = result;
  return {
    name: scenario.name,
    title: scenario.title,
    path: scenario.path,
    generator: result.generator,
    distinctPaths: scenario.paths.length,
    connections: options.connections,
    seconds: result.seconds,
    requests: result.requests,
    rps,
    latencyMs,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodes,
    bytesPerSecond: result.seconds > 0 ? Math.round(result.bytes / result.seconds) : 0,
    responseKb: Number((Buffer.byteLength(answer.body) / 1024).toFixed(1)),
    wireKb: result.requests ? Number((result.bytes / result.requests / 1024).toFixed(1)) : 0,
    contentEncoding: answer.contentEncoding,
    peakRssMb,
    cpuMsPerRequest: {
      server: perRequest(serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore),
      database: perRequest(databaseMs),
    },
    target: scenario.target,
    meetsTarget: scenario.target ? rps >= scenario.target.minRps && latencyMs.p99 < scenario.target.maxP99Ms : null,
    ofCeiling: null,
  };
}
