import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/*
 * The process's Prometheus metrics (issue 20 item 4), in one registry. Counters that code records
 * as things happen live here; what is read at scrape time (queue depth, database pool) is added
 * by the /metrics route (server/ops/routes.ts). Several apps in one process (tests) share it, so
 * they count together, as one process should.
 */

export const registry = new Registry();

// Process metrics: CPU, memory, event-loop lag, handles, garbage collection.
collectDefaultMetrics({ register: registry });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer an HTTP request, by method, route pattern and status class",
  labelNames: ["method", "route", "status"] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const generationJobs = new Counter({
  name: "generation_jobs_total",
  help: "Article generations finished, by outcome (completed or failed)",
  labelNames: ["state"] as const,
  registers: [registry],
});

export const generationDuration = new Histogram({
  name: "generation_job_duration_seconds",
  help: "Time from a generation's request to its article or failure, by outcome",
  labelNames: ["state"] as const,
  buckets: [1, 2.5, 5, 10, 20, 30, 45, 60, 90, 120, 180, 300],
  registers: [registry],
});

export const llmCalls = new Counter({
  name: "llm_calls_total",
  help: "Calls to the LLM provider, by outcome (ok, retried, failed)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const llmTokens = new Counter({
  name: "llm_tokens_total",
  help: "Tokens the LLM provider reported, by kind (input or output)",
  labelNames: ["kind"] as const,
  registers: [registry],
});

/** A finished generation, counted once by the worker that recorded it. */
export function recordGeneration(state: "completed" | "failed", startedAt: Date): void {
  generationJobs.inc({ state });
  generationDuration.observe({ state }, Math.max(0, (Date.now() - startedAt.getTime()) / 1000));
}

/** One LLM call and the tokens its answer used (when the provider said). */
export function recordLlmCall(
  outcome: "ok" | "retried" | "failed",
  usage?: { inputTokens?: number; outputTokens?: number },
): void {
  llmCalls.inc({ outcome });
  if (usage?.inputTokens) llmTokens.inc({ kind: "input" }, usage.inputTokens);
  if (usage?.outputTokens) llmTokens.inc({ kind: "output" }, usage.outputTokens);
}
