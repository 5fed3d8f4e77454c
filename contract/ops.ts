import { z } from "zod";

/*
 * Operating the service (issue 20 item 4): liveness and readiness for a load balancer or an
 * orchestrator, and Prometheus metrics for an operator.
 */

export const HEALTH_PATH = "/healthz";
export const READY_PATH = "/readyz";
export const METRICS_PATH = "/metrics";

/** GET /healthz: the process is alive and answering. */
export const healthResponse = z.object({ status: z.literal("ok") });

/** What each readiness check found: ok, or why not. */
const check = z.string();

/** GET /readyz: 200 when every check is "ok", 503 otherwise. */
export const readyResponse = z.object({
  status: z.enum(["ready", "unavailable"]),
  checks: z.object({
    /** The database answers a query within READY_TIMEOUT_MS. */
    database: check,
    /** Every migration this build ships has been applied. */
    migrations: check,
    /** The job queue is started in this process (or this process has none: "not used"). */
    queue: check,
  }),
});
export type ReadyResponse = z.infer<typeof readyResponse>;

export const METRICS_UNAUTHORIZED = "Metrics need the bearer token set in METRICS_TOKEN.";
