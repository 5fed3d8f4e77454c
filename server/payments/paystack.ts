import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A small typed client for the two Paystack calls we make (the npm SDKs are broken or
 * unmaintained). The base URL is configurable so tests talk to a fake on loopback.
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
}

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

  return {
    async initialize(input) {
      const answer = await call("POST", "/transaction/initialize", {
        email: input.email,
        amount: input.amount,
        currency: input.currency,
        reference: input.reference,
        callback_url: input.callbackUrl,
        metadata: input.metadata,
        channels: input.channels,
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
