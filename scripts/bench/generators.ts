import { spawn } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { projectRoot } from "../../server/lib/paths";

/**
 * The load generators. Each runs as a process of its own, so the harness (and its Node event
 * loop) is not part of what is measured: wrk when it is installed, else autocannon in a child
 * Node process (scripts/bench/autocannon-runner.ts). Both answer the same LoadRun.
 */

export type GeneratorName = "wrk" | "autocannon";

/** What a browser sends: if the server compresses, that cost is part of what is measured. */
export const ACCEPT_ENCODING = "gzip, deflate, br";
export const LOAD_HEADERS: Record<string, string> = {
  accept: "*/*",
  "accept-encoding": ACCEPT_ENCODING,
  "user-agent": "vidscribe-bench",
};
/** Generous: a slow endpoint under 32 connections queues for seconds, which is a result, not an error. */
export const REQUEST_TIMEOUT_S = 30;

export interface LoadJob {
  /** Origin only, e.g. http://127.0.0.1:4321. */
  baseUrl: string;
  /** Requests cycle through these paths in order. */
  paths: string[];
  connections: number;
  seconds: number;
  /** wrk threads (autocannon has one). */
  threads: number;
  /** Sent with every request besides LOAD_HEADERS (a session cookie). */
  headers?: Record<string, string>;
}

export interface LoadRun {
  generator: GeneratorName;
  /** Seconds the measured load ran. */
  seconds: number;
  requests: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Connect, read, write errors and timeouts. */
  errors: number;
  timeouts: number;
  /** Bytes received, headers included. */
  bytes: number;
}

/** The first executable called `name` on PATH, or null. */
export function onPath(name: string, path = process.env.PATH ?? ""): string | null {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

/** wrk when installed, else autocannon; or what was asked for, when it can run. */
export function chooseGenerator(wanted: "auto" | GeneratorName): { name: GeneratorName; binary: string | null } {
  const wrk = onPath("wrk");
  if (wanted === "wrk" && !wrk) throw new Error("--generator wrk: wrk is not on PATH (apt-get install wrk)");
  if (wanted === "autocannon" || !wrk) return { name: "autocannon", binary: null };
  return { name: "wrk", binary: wrk };
}

const ms = (us: number) => Number((us / 1000).toFixed(2));
const luaString = (text: string) => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;

/** Marks the line wrk's done() prints, among wrk's own summary. */
export const WRK_RESULT_MARK = "BENCH_RESULT ";

/**
 * The Lua script wrk runs: each thread cycles through the paths (starting at its own offset),
 * counts status codes and non-2xx answers in response(), and done() prints the figures as JSON
 * on one line, latencies in microseconds.
 */
export function wrkScript(paths: string[]): string {
  return `-- Written by scripts/bench/generators.ts for one scenario.
local paths = {
${paths.map((p) => `  ${luaString(p)},`).join("\n")}
}
local threads = {}
local count = 0

function setup(thread)
  thread:set("offset", count)
  count = count + 1
  table.insert(threads, thread)
end

function init(args)
  requests = {}
  for i, path in ipairs(paths) do requests[i] = wrk.format("GET", path) end
  n = (offset * 397) % #requests
  codes = {}
  non2xx = 0
end

function request()
  n = n % #requests + 1
  return requests[n]
end

function response(status, headers, body)
  codes[status] = (codes[status] or 0) + 1
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
end

function done(summary, latency, requests)
  local codes, non2xx, parts = {}, 0, {}
  for _, thread in ipairs(threads) do
    non2xx = non2xx + (thread:get("non2xx") or 0)
    for code, n in pairs(thread:get("codes") or {}) do codes[code] = (codes[code] or 0) + n end
  end
  for code, n in pairs(codes) do parts[#parts + 1] = string.format('"%d":%d', code, n) end
  local e = summary.errors
  io.write(string.format(
    '\\n${WRK_RESULT_MARK}{"requests":%d,"durationUs":%d,"bytes":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latencyUs":{"p50":%.0f,"p90":%.0f,"p99":%.0f,"max":%.0f,"mean":%.2f},' ..
    '"non2xx":%d,"statusCodes":{%s}}\\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
    non2xx, table.concat(parts, ",")))
end
`;
}

interface WrkJson {
  requests: number;
  durationUs: number;
  bytes: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latencyUs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  statusCodes: Record<string, number>;
}

/** Reads the figures the script's done() printed among wrk's output. */
export function parseWrkOutput(stdout: string): LoadRun {
  const line = stdout.split("\n").find((l) => l.startsWith(WRK_RESULT_MARK));
  if (!line) throw new Error(`wrk printed no result line:\n${stdout.slice(-2000)}`);
  const raw = JSON.parse(line.slice(WRK_RESULT_MARK.length)) as WrkJson;
  const seconds = raw.durationUs / 1e6;
  const { connect, read, write, timeout } = raw.errors;
  return {
    generator: "wrk",
    seconds: Number(seconds.toFixed(2)),
    requests: raw.requests,
    rps: seconds > 0 ? Math.round(raw.requests / seconds) : 0,
    latencyMs: {
      p50: ms(raw.latencyUs.p50),
      p90: ms(raw.latencyUs.p90),
      p99: ms(raw.latencyUs.p99),
      max: ms(raw.latencyUs.max),
      mean: ms(raw.latencyUs.mean),
    },
    non2xx: raw.non2xx,
    statusCodes: raw.statusCodes,
    errors: connect + read + write + timeout,
    timeouts: timeout,
    bytes: raw.bytes,
  };
}

/** The part of autocannon's result the harness reads (what the runner prints). */
export interface AutocannonJson {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  latency: { p50: number; p90: number; p99: number; max: number; mean: number };
  requests: { average: number; total: number };
  throughput: { total: number };
}

export function fromAutocannon(result: AutocannonJson): LoadRun {
  return {
    generator: "autocannon",
    seconds: result.duration,
    requests: result.requests.total,
    // autocannon's mean of one-second samples.
    rps: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: Number(result.latency.mean.toFixed(2)),
    },
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    errors: result.errors,
    timeouts: result.timeouts,
    bytes: result.throughput.total,
  };
}

/** Runs a command to its end; rejects with its output when it fails. */
function runProcess(command: string, args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("close", (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} exited with ${code ?? signal}:\n${(stderr || stdout).slice(-2000)}`));
    });
    child.stdin.end(input ?? "");
  });
}

export async function runWrk(binary: string, job: LoadJob): Promise<LoadRun> {
  const dir = mkdtempSync(join(tmpdir(), "vidscribe-wrk-"));
  const script = join(dir, "scenario.lua");
  writeFileSync(script, wrkScript(job.paths));
  try {
    const headers = Object.entries({ ...LOAD_HEADERS, ...job.headers }).flatMap(([name, value]) => [
      "-H",
      `${name}: ${value}`,
    ]);
    const stdout = await runProcess(binary, [
      "-t",
      String(Math.max(1, Math.min(job.threads, job.connections))),
      "-c",
      String(job.connections),
      "-d",
      `${job.seconds}s`,
      "--timeout",
      `${REQUEST_TIMEOUT_S}s`,
      "--latency",
      ...headers,
      "-s",
      script,
      `${job.baseUrl}${job.paths[0]}`,
    ]);
    return parseWrkOutput(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const AUTOCANNON_RUNNER = join(projectRoot, "scripts/bench/autocannon-runner.ts");

/** autocannon in a Node process of its own; the job goes in on stdin, the result comes back as JSON. */
export async function runAutocannon(job: LoadJob): Promise<LoadRun> {
  const stdout = await runProcess(
    process.execPath,
    ["--import", "tsx", AUTOCANNON_RUNNER],
    JSON.stringify({ ...job, headers: { ...LOAD_HEADERS, ...job.headers }, timeout: REQUEST_TIMEOUT_S }),
  );
  return fromAutocannon(JSON.parse(stdout) as AutocannonJson);
}

export function runGenerator(generator: { name: GeneratorName; binary: string | null }, job: LoadJob) {
  const host = new URL(job.baseUrl).hostname;
  if (host !== "127.0.0.1") throw new Error(`refusing to load ${host}: the benchmark only targets 127.0.0.1`);
  return generator.name === "wrk" && generator.binary ? runWrk(generator.binary, job) : runAutocannon(job);
}
