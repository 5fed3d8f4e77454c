import { createHash } from "node:crypto";
import type { RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponse } from "../../contract/common";
import {
  CANCEL_SUBSCRIPTION_PATH,
  cancelSubscriptionResponse,
  initializePaymentRequest,
  initializePaymentResponse,
  PAYMENT_PATH,
  PAYMENT_REFERENCE,
  paymentListResponse,
  paymentReference,
  paymentResponse,
  paymentResultPath,
  subscriptionCancelledMessage,
  subscriptionResponse,
} from "../../contract/payments";
import { requireUser, signedInUser } from "../auth/plugin";
import { effectiveSubscription } from "../auth/presenter";
import { SESSION_COOKIE } from "../auth/sessions";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { databaseErrorAnswer, HttpError } from "../http/errors";
import { configuredPaystack, isValidSignature, type PaystackClient, PaystackError } from "./paystack";
import { renderSandboxCheckout } from "./sandbox";
import {
  cancelRenewal,
  checkPayment,
  findPayment,
  handlePaystackEvent,
  initializePayment,
  listPayments,
  type PaymentsDeps,
  type PaystackEvent,
  presentPayment,
  settlePayment,
} from "./service";

export interface PaymentRoutesOptions {
  db: Db;
  config: AppConfig;
  /** Replaces the client PAYSTACK_BASE_URL and PAYSTACK_SECRET_KEY describe (tests rarely need it). */
  paystack?: PaystackClient;
}

const FAILED_PAGE = "/payment/failed";
const referenceText = z.string().trim().min(1).max(200);

/** Checkouts one reader may start: 20 per 15 minutes. */
export const INITIALIZE_LIMIT = { max: 20, windowMs: 15 * 60_000 };

/**
 * Every start asks Paystack for a checkout: one signed-in reader (counted per session, else per
 * address) gets plenty of tries, a script cannot flood the merchant account.
 */
const INITIALIZE_RATE_LIMIT: RateLimitOptions = {
  max: INITIALIZE_LIMIT.max,
  timeWindow: INITIALIZE_LIMIT.windowMs,
  keyGenerator: (request) => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? `session:${createHash("sha256").update(token).digest("hex")}` : `ip:${request.ip}`;
  },
  errorResponseBuilder: (_request, context) =>
    Object.assign(
      new Error(`Too many payment attempts. Please try again in ${Math.ceil(context.ttl / 60_000)} minutes.`),
      { statusCode: 429 },
    ),
};

type Limiter = ReturnType<FastifyInstance["rateLimit"]>;
const initializeLimiters = new WeakMap<AppConfig, Limiter>();

/**
 * The checkout allowance as an onRequest hook, one counter per app: the API route and the
 * Subscribe form posted without JavaScript (server/pages/action-posts.ts) share it. A route's own
 * rateLimit config would give each route a counter of its own (a groupId does not join them in
 * the in-memory store).
 */
export function initializeRateLimit(app: FastifyInstance, config: AppConfig): Limiter {
  let limiter = initializeLimiters.get(config);
  if (!limiter) {
    limiter = app.rateLimit(INITIALIZE_RATE_LIMIT);
    initializeLimiters.set(config, limiter);
  }
  return limiter;
}

/**
 * Payments (Paystack in GHS, or the local sandbox): initialize, the browser's callback, the
 * signed webhook, the user's subscription and payment history, and the sandbox checkout.
 */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const { db, config } = options;
  const paystack = options.paystack ?? configuredPaystack(config);
  const deps: PaymentsDeps = { db, config, paystack, log: app.log };

  app.get(
    "/api/user/subscription",
    { onRequest: requireUser, schema: { response: { 200: subscriptionResponse, 401: errorResponse } } },
    async (request) => effectiveSubscription(await signedInUser(request)),
  );

  // Stops the renewal; premium lasts to the end date (issue 18 item 5).
  app.post(
    CANCEL_SUBSCRIPTION_PATH,
    {
      onRequest: requireUser,
      schema: {
        response: { 200: cancelSubscriptionResponse, 401: errorResponse, 409: errorResponse, 502: errorResponse },
      },
    },
    async (request) => {
      const subscription = effectiveSubscription(await cancelRenewal(deps, await signedInUser(request)));
      return { ...subscription, message: subscriptionCancelledMessage(subscription.subscriptionEndDate) };
    },
  );

  app.get(
    "/api/user/payments",
    { onRequest: requireUser, schema: { response: { 200: paymentListResponse, 401: errorResponse } } },
    async (request) => (await listPayments(db, (await signedInUser(request)).id)).map(presentPayment),
  );

  // One payment of the signed-in user, verified with Paystack while pending (the result page's data).
  app.get(
    PAYMENT_PATH,
    {
      onRequest: requireUser,
      schema: {
        params: z.object({ reference: paymentReference }),
        response: { 200: paymentResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const payment = await checkPayment(deps, user.id, request.params.reference);
      if (!payment) throw new HttpError(404, "No payment with this reference on your account.");
      return payment;
    },
  );

  app.post(
    "/api/payments/initialize",
    {
      onRequest: [requireUser, initializeRateLimit(app, config)],
      schema: {
        body: initializePaymentRequest,
        response: {
          200: initializePaymentResponse,
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
          502: errorResponse,
        },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const { authorizationUrl, reference } = await initializePayment(deps, user, request.body.plan);
      return {
        status: "success" as const,
        authorization_url: authorizationUrl,
        message: "Authorization URL created",
        reference,
      };
    },
  );

  // Paystack sends the browser here (?trxref=...&reference=...); we verify, then send it on.
  app.get(
    "/api/payments/callback",
    {
      schema: {
        querystring: z.object({ reference: referenceText.optional(), trxref: referenceText.optional() }),
      },
    },
    async (request, reply) => {
      const reference = request.query.reference ?? request.query.trxref;
      if (!reference || !PAYMENT_REFERENCE.test(reference)) return reply.redirect(FAILED_PAGE, 302);
      try {
        const outcome = await settlePayment(deps, reference);
        if (outcome.kind === "unknown") return reply.redirect(FAILED_PAGE, 302);
        // Declined: the failed page. Anything else: the result page, which shows the verified
        // state of this reference to its owner (success, still pending, abandoned).
        return reply.redirect(
          outcome.kind === "failed"
            ? `${FAILED_PAGE}?reference=${encodeURIComponent(reference)}`
            : paymentResultPath(reference),
          302,
        );
      } catch (error) {
        request.log.warn({ err: error, reference }, "payment callback could not verify");
        // Paystack unreachable: the result page asks again and says pending meanwhile.
        return reply.redirect(paymentResultPath(reference), 302);
      }
    },
  );

  await app.register(async (webhook: FastifyInstance) => {
    // The signature covers the exact bytes Paystack sent: this route alone reads its body raw.
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    webhook.post(
      "/api/payments/webhook",
      { config: { allowCrossOrigin: true }, bodyLimit: 256 * 1024 },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const secret = config.payments.secretKey;
        if (!secret || !isValidSignature(raw, request.headers["x-paystack-signature"], secret)) {
          throw new HttpError(401, "Invalid webhook signature.");
        }
        let event: PaystackEvent;
        try {
          event = JSON.parse(raw.toString("utf8"));
        } catch {
          throw new HttpError(400, "The webhook body is not valid JSON");
        }
        if (!event || typeof event !== "object" || Array.isArray(event)) return reply.send({ message: "Ignored" });
        try {
          const outcome = await handlePaystackEvent(deps, event);
          return reply.send({ message: outcome === "received" ? "Received" : "Ignored" });
        } catch (error) {
          // Paystack unreachable or failing: answer an error so Paystack delivers again later.
          // A database refusing the event's values (databaseErrorAnswer: bad input) is not transient either.
          const permanent =
            (error instanceof PaystackError && error.status !== undefined && error.status < 500) ||
            (databaseErrorAnswer(error)?.status ?? 500) < 500;
          const transient = !permanent;
          request.log.warn(
            { err: error, event: String(event.event).slice(0, 60) },
            "payment webhook could not be handled",
          );
          if (transient) return reply.status(503).send({ message: "Could not verify the transaction yet." });
          return reply.send({ message: "Ignored" });
        }
      },
    );
  });

  if (config.payments.mode === "sandbox") await app.register(sandboxRoutes, { deps });

  // Ended subscriptions and unreported checkouts are tidied on the job queue: server/jobs/schedules.ts.
};

/** The local test checkout: only the signed-in owner of a reference sees and settles it. */
async function sandboxRoutes(app: FastifyInstance, { deps }: { deps: PaymentsDeps }) {
  // Plain HTML forms post url-encoded bodies; the buttons carry no fields we read.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, _b, done) =>
    done(null, {}),
  );

  async function ownedPayment(request: FastifyRequest) {
    const { reference } = request.params as { reference: string };
    const user = await request.currentUser();
    const payment = user ? await findPayment(deps.db, reference) : undefined;
    if (!user || !payment || payment.userId !== user.id || payment.provider !== "sandbox") {
      throw new HttpError(404, "No such checkout. Start again from the Subscription page.");
    }
    return { user, payment };
  }

  app.get("/payments/sandbox/:reference", async (request, reply) => {
    const { user, payment } = await ownedPayment(request);
    return reply
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(renderSandboxCheckout(payment, user.email));
  });

  for (const decision of ["pay", "decline"] as const) {
    app.post(`/payments/sandbox/:reference/${decision}`, async (request, reply) => {
      const { payment } = await ownedPayment(request);
      await settlePayment(deps, payment.reference, {
        decision: {
          status: decision === "pay" ? "success" : "failed",
          reference: payment.reference,
          amount: payment.amount,
          currency: payment.currency,
          paidAt: decision === "pay" ? new Date().toISOString() : null,
          raw: { sandbox: true, decision },
        },
      });
      // Back the way a real checkout returns: through the callback.
      return reply.redirect(`/api/payments/callback?reference=${encodeURIComponent(payment.reference)}`, 303);
    });
  }
}
