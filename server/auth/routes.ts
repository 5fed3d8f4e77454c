import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { limitsResponse, loginRequest, logoutResponse, registerRequest, userResponse } from "../../contract/auth";
import { errorResponse } from "../../contract/common";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { clearSessionCookie, requireUser, setSessionCookie, signedInUser } from "./plugin";
import { presentLimits, presentUser } from "./presenter";
import * as auth from "./service";
import { SESSION_COOKIE } from "./sessions";

export interface AuthRoutesOptions {
  db: Db;
  config: AppConfig;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse };

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, config }) => {
  app.post(
    "/api/auth/register",
    {
      schema: { body: registerRequest, response: { 201: userResponse, ...errors } },
      // Generous, so a classroom behind one address can sign up; a script cannot farm accounts.
      config: { rateLimit: { max: 60, timeWindow: "1 hour" } },
    },
    async (request, reply) => {
      const { user, session } = await auth.register(db, request.body, { adminEmails: config.adminEmails });
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return reply.status(201).send(presentUser(user));
    },
  );

  app.post(
    "/api/auth/login",
    { schema: { body: loginRequest, response: { 200: userResponse, ...errors } } },
    async (request, reply) => {
      const previous = request.cookies[SESSION_COOKIE];
      const { user, session } = await auth.login(db, request.body, request.ip);
      // A new token at every sign-in; the one the browser held before is of no further use.
      if (previous) await auth.logout(db, previous);
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return presentUser(user);
    },
  );

  app.post("/api/auth/logout", { schema: { response: { 200: logoutResponse } } }, async (request, reply) => {
    await auth.logout(db, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, config);
    return { message: "Signed out" };
  });

  app.get(
    "/api/auth/user",
    { onRequest: requireUser, schema: { response: { 200: userResponse, 401: errorResponse } } },
    async (request) => presentUser(await signedInUser(request)),
  );

  app.get(
    "/api/user/limits",
    { onRequest: requireUser, schema: { response: { 200: limitsResponse, 401: errorResponse } } },
    async (request) => presentLimits(await signedInUser(request)),
  );
};
