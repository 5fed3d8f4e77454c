/**
 * autocannon in a process of its own, for when wrk is not installed: reads one load job as JSON
 * on stdin, runs it, prints autocannon's result as JSON on stdout. scripts/bench/generators.ts
 * starts it; the harness's own process sends no load.
 */
import autocannon from "autocannon";
import type { LoadJob } from "./generators";

interface RunnerJob extends LoadJob {
  headers: Record<string, string>;
  timeout: number;
}

let input = "";
for await (const chunk of process.stdin) input += chunk;
const job = JSON.parse(input) as RunnerJob;
if (new URL(job.baseUrl).hostname !== "127.0.0.1") {
  throw new Error(`refusing to load ${job.baseUrl}: the benchmark only targets 127.0.0.1`);
}
const paths = job.paths;
let next = 0;
const result = await autocannon({
  url: `${job.baseUrl}${paths[0]}`,
  connections: job.connections,
  duration: job.seconds,
  timeout: job.timeout,
  headers: job.headers,
  requests:
    paths.length > 1
      ? [
          {
            setupRequest: (request) => {
              const path = paths[next];
              next = (next + 1) % paths.length;
              return { ...request, path };
            },
          },
        ]
      : undefined,
});
process.stdout.write(
  JSON.stringify({
    duration: result.duration,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodeStats: result.statusCodeStats,
    latency: result.latency,
    requests: result.requests,
    throughput: result.throughput,
  }),
);
