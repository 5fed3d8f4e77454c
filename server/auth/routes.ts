import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  accountMessageResponse,
  CHANGE_PASSWORD_PATH,
  changePasswordRequest,
  EXPORT_PATH,
  exportFileName,
  FORGOT_PASSWORD_ANSWER,
  FORGOT_PASSWORD_PATH,
  forgotPasswordRequest,
  PROFILE_PATH,
  RESEND_VERIFICATION_PATH,
  RESET_PASSWORD_PATH,
  resetPasswordRequest,
  type UserExport,
  updateProfileRequest,
  userExportResponse,
  VERIFY_EMAIL_PATH,
  verifyEmailRequest,
} from "../../contract/account";
import {
  EMAIL_AVAILABLE_PATH,
  emailAvailableQuery,
  emailAvailableResponse,
  limitsResponse,
  loginRequest,
  logoutResponse,
  registerRequest,
  userResponse,
} from "../../contract/auth";
import { errorResponse } from "../../contract/common";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { HttpError } from "../http/errors";
import { requestPasswordReset, resendVerification, resetPassword, verifyEmail } from "./account";
import { ADMIN_SETUP_PATH, adminSetupToken, adminSetupUrl, claimAdmin, needsAdminSetup } from "./admin-setup";
import { emailAvailable } from "./email-available";
import { clearSessionCookie, requireUser, setSessionCookie, signedInUser } from "./plugin";
import { presentLimits, presentUser } from "./presenter";
import * as auth from "./service";
import { SESSION_COOKIE } from "./sessions";
import { changePassword, updateProfile } from "./settings";
import { userExport } from "./settings-export";
import { signUpRateLimit } from "./sign-up-limit";

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
      // Every attempt counts, before its body is read. One allowance with the sign-up form
      // posted without JavaScript (server/pages/form-posts.ts).
      onRequest: signUpRateLimit(app, config),
    },
    async (request, reply) => {
      const { user, session } = await auth.register(db, request.body, { config, mailer: app.mailer });
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return reply.status(201).send(presentUser(user));
    },
  );

  // Sign-up's first step: is the address free? Throttled per client (throttle.ts).
  app.get(
    EMAIL_AVAILABLE_PATH,
    { schema: { querystring: emailAvailableQuery, response: { 200: emailAvailableResponse, ...errors } } },
    async (request) => ({ available: await emailAvailable(db, request.query.email, request.ip) }),
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

  // Admin rights by proof of access to the server's log (see admin-setup.ts): the link is logged
  // at start while it is needed, and opened in a browser signed in as the account to promote.
  app.addHook("onReady", async () => {
    if (!(await needsAdminSetup(db, config.adminEmails))) return;
    const link = adminSetupUrl(config.publicUrl, adminSetupToken(config.appSecret));
    const listed = config.adminEmails.join(", ");
    app.log.warn(
      config.adminEmails.length > 0
        ? `An ADMIN_EMAILS account (${listed}) is not an admin yet. It becomes one when its owner opens ` +
            "the verification link mailed at sign-up; or, once its address is verified, sign in as it and " +
            `open this link within 24 hours: ${link} (or run \`npm run admin -- grant <email>\`).`
        : "No admin yet. To make one, sign in as the account that should run this site and open this " +
            `link within 24 hours (the first account to use it becomes the admin): ${link} ` +
            "(or run `npm run admin -- grant <email>`).",
    );
  });

  app.get(
    ADMIN_SETUP_PATH,
    {
      schema: {
        querystring: z.object({ token: z.string().max(200) }),
        response: { 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      if (!user) {
        throw new HttpError(401, "Sign in with the account that should be admin, then open this link again.");
      }
      await claimAdmin(db, user, request.query.token, {
        secret: config.appSecret,
        adminEmails: config.adminEmails,
      });
      return reply.redirect("/admin", 303);
    },
  );

  // Mailed links (server/auth/account.ts). A forgotten password is answered 202 with one
  // sentence, whether or not the address has an account; the mail follows the answer.
  app.post(
    FORGOT_PASSWORD_PATH,
    { schema: { body: forgotPasswordRequest, response: { 202: accountMessageResponse, ...errors } } },
    async (request, reply) => {
      await requestPasswordReset({ db, config, mailer: app.mailer }, request.body.email, request.ip);
      return reply.status(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  app.post(
    RESET_PASSWORD_PATH,
    { schema: { body: resetPasswordRequest, response: { 200: accountMessageResponse, ...errors } } },
    async (request) => ({ message: await resetPassword(db, request.body) }),
  );

  // Signed in or not: the link may be opened in another browser than the one that signed up.
  app.post(
    VERIFY_EMAIL_PATH,
    { schema: { body: verifyEmailRequest, response: { 200: accountMessageResponse, ...errors } } },
    async (request) => ({ message: await verifyEmail(db, config, request.body.token) }),
  );

  app.post(
    RESEND_VERIFICATION_PATH,
    { onRequest: requireUser, schema: { response: { 202: accountMessageResponse, ...errors } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      const message = await resendVerification({ db, config, mailer: app.mailer }, user);
      return reply.status(202).send({ message });
    },
  );

  // Account settings (server/auth/settings.ts): the current password is checked and throttled
  // like a sign-in; every other session of the user ends, this one stays.
  app.put(
    CHANGE_PASSWORD_PATH,
    {
      onRequest: requireUser,
      schema: { body: changePasswordRequest, response: { 200: accountMessageResponse, ...errors } },
    },
    async (request) => ({
      message: await changePassword(db, await signedInUser(request), request.body, {
        ip: request.ip,
        sessionToken: request.cookies[SESSION_COOKIE],
      }),
    }),
  );

  app.put(
    PROFILE_PATH,
    { onRequest: requireUser, schema: { body: updateProfileRequest, response: { 200: userResponse, ...errors } } },
    async (request) => presentUser(await updateProfile(db, await signedInUser(request), request.body)),
  );

  // "Download my data": one JSON file, streamed page by page (server/auth/settings-export.ts).
  app.get(
    EXPORT_PATH,
    { onRequest: requireUser, schema: { response: { 200: userExportResponse, 401: errorResponse } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      const now = new Date();
      return (
        reply
          .header("content-type", "application/json; charset=utf-8")
          .header("content-disposition", `attachment; filename="${exportFileName(now)}"`)
          .header("cache-control", "private, no-store")
          // A stream is sent as it is (Fastify serializes no stream): the schema documents it.
          .send(Readable.from(userExport(db, user, now)) as unknown as UserExport)
      );
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
