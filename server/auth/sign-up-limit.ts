import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppConfig } from "../config";

/** Sign-ups one address may make: generous for a classroom, too few to farm accounts. */
export const SIGN_UPS_PER_HOUR = 60;

type Limiter = ReturnType<FastifyInstance["rateLimit"]>;
const limiters = new WeakMap<AppConfig, Limiter>();

/**
 * The sign-up allowance as one preHandler hook per app, shared by POST /api/auth/register and
 * the sign-up form posted without JavaScript (server/pages/form-posts.ts). A route's own
 * rateLimit config would give each route a counter of its own: a groupId does not join them in
 * the in-memory store.
 */
export function signUpRateLimit(app: FastifyInstance, config: AppConfig): Limiter {
  let limiter = limiters.get(config);
  if (!limiter) {
    limiter = app.rateLimit({
      max: SIGN_UPS_PER_HOUR,
      timeWindow: "1 hour",
      allowList: (request) => !spendsSignUp(request),
    });
    limiters.set(config, limiter);
  }
  return limiter;
}

/**
 * Whether a sign-up request spends the allowance: every API sign-up does; of the form's posts
 * (url-encoded fields, read as a Map), only the last step's, the one that creates the account.
 */
export function spendsSignUp(request: FastifyRequest): boolean {
  const body = request.body;
  if (!(body instanceof Map)) return true;
  const field = (name: string) => (body as Map<string, string[]>).get(name)?.[0];
  return field("step") === "3" && field("intent") !== "back";
}
