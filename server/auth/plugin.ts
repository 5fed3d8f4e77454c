import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { forbidden, unauthorized } from "../http/errors";
import { findSessionUser, SESSION_COOKIE } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, looked up once per request and only when asked for. */
    currentUser(): Promise<UserRow | undefined>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<UserRow | undefined>>();

/** Adds request.currentUser() and the cookie helpers every feature uses. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest("currentUser", function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = this.cookies[SESSION_COOKIE];
      pending = token ? findSessionUser(opts.db, token) : Promise.resolve(undefined);
      cache.set(this, pending);
    }
    return pending;
  });
});

/** Route guard: 401 for visitors. Runs on onRequest, so it answers before the body is read. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!(await request.currentUser())) throw unauthorized();
}

/** Route guard: 401 for visitors, 403 for signed-in users who are not admins. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const user = await request.currentUser();
  if (!user) throw unauthorized();
  if (user.role !== "admin") throw forbidden("You need admin privileges to do that.");
}

/** The user a guarded handler runs for; requireUser has already made sure there is one. */
export async function signedInUser(request: FastifyRequest): Promise<UserRow> {
  const user = await request.currentUser();
  if (!user) throw unauthorized();
  return user;
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: config.secureCookies });
}
