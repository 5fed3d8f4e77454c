import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppConfig } from "../config";

/**
 * A small typed client for the Paystack calls we make (the npm SDKs are broken or unmaintained):
 * transactions, the recurring plans they subscribe to, and stopping a subscription. The base URL
 * is configurable so tests talk to a fake on loopback.
 */

export interface InitializeInput {
  email: string;
  /** Minor units (pesewas). */
  amount: number;
  currency: string;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
  channels: string[];
  /** A plan code (PLN_…): the paid charge starts a subscription Paystack renews on the plan's interval. */
  plan?: string;
}

/** A recurring plan as we ask Paystack for it. */
export interface PlanSpec {
  name: string;
  /** Paystack's intervals we use. */
  interval: "monthly" | "annually";
  /** Minor units (pesewas). */
  amount: number;
  currency: string;
}

/** One of a customer's subscriptions: what subscription/disable needs, and what it is on. */
export interface PaystackSubscription {
  code: string;
  emailToken: string;
  /** active, non-renewing, attention, completed, cancelled. */
  status: string;
  planCode: string | null;
}

export interface InitializeResult {
  authorizationUrl: string;
  accessCode: string | null;
  reference: string;
}

/** What Paystack says about a transaction: the only source of truth about money. */
export interface Verification {
  /** success, failed, abandoned, reversed, ongoing, pending, processing, queued... */
  status: string;
  reference: string;
  amount: number;
  currency: string;
  paidAt: string | null;
  /** The customer Paystack filed the payment under (CUS_…), when it says. */
  customerCode?: string | null;
  /** The answer's data, kept on the payment row for support. */
  raw: unknown;
}

/** Paystack answered with an error, or could not be reached; `message` is safe to show. */
export class PaystackError extends Error {
  constructor(
    message: string,
    /** The HTTP status Paystack answered (undefined when it was not reached). */
    readonly status?: number,
  ) {
    super(message);
    this.name = "PaystackError";
  }
}

export interface PaystackClient {
  initialize(input: InitializeInput): Promise<InitializeResult>;
  verify(reference: string): Promise<Verification>;
  /** The code of the plan matching `spec`, created on Paystack the first time; remembered after. */
  planCode(spec: PlanSpec): Promise<string>;
  /** A customer's subscriptions (by CUS_ code or email): how a lost subscription.create is made up for. */
  customerSubscriptions(customer: string): Promise<PaystackSubscription[]>;
  /** Stops a subscription renewing (POST /subscription/disable). */
  disableSubscription(code: string, emailToken: string): Promise<void>;
}

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

export function createPaystackClient(options: {
  baseUrl: string;
  secretKey: string;
  timeoutMs?: number;
}): PaystackClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new PaystackError("We could not reach the payment provider. Please try again in a moment.");
    }
    const text = await response.text().catch(() => "");
    let parsed: Record<string, unknown> | null = null;
    try {
      const value = JSON.parse(text);
      if (value && typeof value === "object" && !Array.isArray(value)) parsed = value as Record<string, unknown>;
    } catch {
      // handled below
    }
    if (!response.ok || !parsed || parsed.status !== true) {
      const said = typeof parsed?.message === "string" && parsed.message.trim() ? parsed.message.trim() : undefined;
      throw new PaystackError(
        said
          ? `The payment provider refused the request: ${said.slice(0, 200)}`
          : `The payment provider answered with an error (${response.status}). Please try again.`,
        response.status,
      );
    }
    return parsed;
  }

  // One look-up (or creation) per plan per process; a failure is not remembered.
  const planCodes = new Map<string, Promise<string>>();
  async function findOrCreatePlan(spec: PlanSpec): Promise<string> {
    const query = new URLSearchParams({ interval: spec.interval, amount: String(spec.amount), perPage: "100" });
    const listed = await call("GET", `/plan?${query}`);
    const plans = Array.isArray(listed.data) ? (listed.data as Array<Record<string, unknown>>) : [];
    const same = plans.find(
      (p) =>
        p.name === spec.name &&
        p.amount === spec.amount &&
        p.interval === spec.interval &&
        String(p.currency ?? "").toUpperCase() === spec.currency &&
        typeof p.plan_code === "string",
    );
    if (same) return same.plan_code as string;
    const created = await call("POST", "/plan", spec);
    const code = text((created.data as Record<string, unknown> | undefined)?.plan_code);
    if (!code) throw new PaystackError("The payment provider did not create the plan. Please try again.");
    return code;
  }

  return {
    async planCode(spec) {
      const key = `${spec.name}|${spec.interval}|${spec.amount}|${spec.currency}`;
      let code = planCodes.get(key);
      if (!code) {
        code = findOrCreatePlan(spec);
        planCodes.set(key, code);
        code.catch(() => planCodes.delete(key));
      }
      return code;
    },

    async customerSubscriptions(customer) {
      const answer = await call("GET", `/customer/${encodeURIComponent(customer)}`);
      const data = (answer.data ?? {}) as Record<string, unknown>;
      const listed = Array.isArray(data.subscriptions) ? (data.subscriptions as Array<Record<string, unknown>>) : [];
      const found: PaystackSubscription[] = [];
      for (const item of listed) {
        const code = text(item.subscription_code);
        const emailToken = text(item.email_token);
        if (!code || !emailToken) continue;
        const plan = item.plan as Record<string, unknown> | undefined;
        found.push({
          code,
          emailToken,
          status: text(item.status) ?? "unknown",
          planCode: text(plan && typeof plan === "object" ? plan.plan_code : null),
        });
      }
      return found;
    },

    async disableSubscription(code, emailToken) {
      await call("POST", "/subscription/disable", { code, token: emailToken });
    },

    async initialize(input) {
      const answer = await call("POST", "/transaction/initialize", {
        email: input.email,
        amount: input.amount,
        currency: input.currency,
        reference: input.reference,
        callback_url: input.callbackUrl,
        metadata: input.metadata,
        channels: input.channels,
        ...(input.plan ? { plan: input.plan } : {}),
      });
      const data = (answer.data ?? {}) as Record<string, unknown>;
      if (typeof data.authorization_url !== "string" || !/^https?:\/\//.test(data.authorization_url)) {
        throw new PaystackError("The payment provider did not give us a checkout page. Please try again.");
      }
      return {
        authorizationUrl: data.authorization_url,
        accessCode: typeof data.access_code === "string" ? data.access_code : null,
        reference: typeof data.reference === "string" ? data.reference : input.reference,
      };
    },

    async verify(reference) {
      const answer = await call("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
      const data = (answer.data ?? {}) as Record<string, unknown>;
      return {
        status: typeof data.status === "string" ? data.status : "unknown",
        reference: typeof data.reference === "string" ? data.reference : "",
        amount: typeof data.amount === "number" ? data.amount : Number.NaN,
        currency: typeof data.currency === "string" ? data.currency.toUpperCase() : "",
        paidAt: typeof data.paid_at === "string" ? data.paid_at : typeof data.paidAt === "string" ? data.paidAt : null,
        customerCode: text((data.customer as Record<string, unknown> | undefined)?.customer_code),
        raw: data,
      };
    },
  };
}

/** Paystack signs each webhook body: hex HMAC-SHA512 with the secret key. Constant-time check. */
export function isValidSignature(
  rawBody: Buffer,
  signature: string | string[] | undefined,
  secretKey: string,
): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{128}$/i.test(signature.trim())) return false;
  const expected = createHmac("sha512", secretKey).update(rawBody).digest();
  const given = Buffer.from(signature.trim(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function signWebhook(rawBody: string | Buffer, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

/** The Paystack client PAYSTACK_BASE_URL and PAYSTACK_SECRET_KEY describe, when payments go through Paystack. */
export function configuredPaystack(config: AppConfig): PaystackClient | undefined {
  return config.payments.mode === "paystack" && config.payments.secretKey
    ? createPaystackClient({ baseUrl: config.payments.baseUrl, secretKey: config.payments.secretKey })
    : undefined;
}
