import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { adminRoutes } from "./admin/routes";
import { articleRoutes } from "./articles/routes";
import { authPlugin, requireAdmin } from "./auth/plugin";
import { authRoutes } from "./auth/routes";
import { settingsRoutes } from "./auth/settings-routes";
import { commentRoutes } from "./comments/routes";
import { followRoutes } from "./community/follow-routes";
import { authorRoutes } from "./community/routes";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import { generationRoutes } from "./generation/routes";
import type { GenerationRuntime } from "./generation/runtime";
import { registerCompression } from "./http/compression";
import { answerFrameworkError, registerErrorHandling } from "./http/errors";
import { openApiRoutes, registerOpenApi } from "./http/openapi";
import { registerSecurity } from "./http/security";
import { registerTextHygiene } from "./http/text-hygiene";
import { startAppSchedules } from "./jobs/schedules";
import { LOG_SERIALIZERS } from "./lib/log-redaction";
import { registerMail } from "./mail/plugin";
import { opsRoutes, registerRequestMetrics } from "./ops/routes";
import { type PageRenderer, pageRoutes } from "./pages/routes";
import { configuredPaystack } from "./payments/paystack";
import { paymentRoutes } from "./payments/routes";
import { profileRoutes } from "./profile/routes";
import { recordingRoutes } from "./recordings/routes";
import { seoRoutes } from "./seo/routes";
import { createObjectStore } from "./storage/store";

export interface AppOptions {
  config: AppConfig;
  database: Database;
  /** Article generation; without it POST /api/articles is not served (tests of other features). */
  generation?: GenerationRuntime;
  /** Serves the web pages; left out by API tests, which need no built front end. */
  pages?: PageRenderer;
  /** Vite's dev server relaxes the CSP and serves modules itself. */
  dev?: boolean;
  logger?: boolean;
  /** How long a client may take to send a request (tests shorten it); HTTP_TIMEOUTS by default. */
  timeouts?: HttpTimeouts;
  /** Runs before the feature routes: the dev server mounts Vite's middleware here. */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
}

export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this. */
  requestMs: number;
  /** The headers must arrive within this. */
  headersMs: number;
  /** How often Node looks for requests past those limits (its default, 30 s, would double them). */
  checkEveryMs: number;
  /** A socket with no traffic at all is closed after this (the progress stream pings every 15 s). */
  idleMs: number;
  /** A kept-alive connection waiting for its next request is closed after this. */
  keepAliveMs: number;
}

/**
 * A client that opens a request and then trickles it (slowloris: "Content-Length: 100" and one
 * byte) is cut off within 30 s: 25 s for the whole request, checked every 2 s. The largest body
 * (a 5 MB upload) needs about 1.7 Mbit/s to arrive in time.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  requestMs: 25_000,
  headersMs: 10_000,
  checkEveryMs: 2_000,
  idleMs: 60_000,
  keepAliveMs: 10_000,
};

/** Builds the HTTP app: cross-cutting plugins first, then one route plugin per feature. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const timeouts = options.timeouts ?? HTTP_TIMEOUTS;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : options.dev
          ? {
              level: config.logLevel,
              serializers: LOG_SERIALIZERS,
              transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } },
            }
          : { level: config.logLevel, serializers: LOG_SERIALIZERS },
    // Behind a load balancer the client address is in X-Forwarded-For; TRUST_PROXY says how
    // far to believe it, since rate limits key on that address.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    requestIdHeader: false,
    // A path Fastify cannot decode ("/%zz") is answered in the app's own shape.
    frameworkErrors: answerFrameworkError,
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Before any route is added, so the check covers them all (hooks reach routes registered later).
  registerTextHygiene(app);
  registerRequestMetrics(app);

  await registerSecurity(app, config, options.dev ?? false);
  registerCompression(app);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const error = new Error(
        `Too many requests from your network. Please try again in ${Math.ceil(context.ttl / 60000)} minutes.`,
      ) as Error & { statusCode: number };
      error.statusCode = 429;
      return error;
    },
  });
  await app.register(authPlugin, { db: database.db });
  // Before the routes: the OpenAPI document is built from them as they are added.
  await registerOpenApi(app);
  await options.beforeRoutes?.(app);
  // app.mailer (SMTP or the dev mailbox) for the features below, and the mailbox for admins.
  await registerMail(app, config, { adminOnly: requireAdmin });

  await app.register(authRoutes, { db: database.db, config });
  await app.register(articleRoutes, { db: database.db, config });
  await app.register(adminRoutes, { db: database.db });
  await app.register(commentRoutes, { db: database.db });
  await app.register(followRoutes, { db: database.db });
  await app.register(authorRoutes, { db: database.db });
  // One store for pictures, recordings and their tidying (STORAGE: local disk or S3).
  const store = createObjectStore(config);
  await app.register(profileRoutes, { db: database.db, config, store });
  await app.register(recordingRoutes, { db: database.db, config, store });
  await app.register(settingsRoutes, { db: database.db, config, store });
  await app.register(paymentRoutes, { db: database.db, config });
  if (options.generation) await app.register(generationRoutes, options.generation);
  await app.register(seoRoutes, { db: database.db, config });
  await app.register(openApiRoutes);
  await app.register(opsRoutes, { database, queue: options.generation?.queue, metricsToken: config.metricsToken });
  // The periodic chores (housekeeping, payments) run on the job queue, once per period among all
  // the processes serving HTTP: server/jobs/schedules.ts.
  const queue = options.generation?.queue;
  if (queue) {
    let stopSchedules = () => {};
    app.addHook("onReady", async () => {
      const deps = {
        db: database.db,
        config,
        paystack: configuredPaystack(config),
        store,
        log: app.log,
      };
      stopSchedules = await startAppSchedules(queue, deps);
    });
    app.addHook("onClose", async () => stopSchedules());
  }

  if (options.pages)
    await app.register(pageRoutes, {
      db: database.db,
      config,
      renderer: options.pages,
      generation: options.generation,
      store,
    });
  return app;
}
