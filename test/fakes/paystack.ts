import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A fake Paystack on loopback: transaction initialize and verify, plans, customers and
 * subscription/disable as the real API answers them (https://paystack.com/docs/api), a hosted
 * checkout page a browser can pay on, and signed webhook events, so tests drive the app's real
 * client end to end.
 *
 * A transaction starts "abandoned" (checkout opened, nothing paid) until the test decides what
 * the customer did with `complete(reference, ...)` (or a browser does on the checkout page);
 * `complete` can also make Paystack report a different amount, currency or reference than we
 * asked for (tampering). A paid transaction on a plan starts a subscription, as Paystack's does;
 * `renew` charges one again as Paystack does at each interval.
 */

export interface FakeTransaction {
  id: number;
  reference: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string | undefined;
  metadata: unknown;
  channels: unknown;
  accessCode: string;
  status: string;
  paidAt: string | null;
  /** The plan code the transaction subscribes to, when initialized with one. */
  plan: string | null;
  /** What verify reports when it differs from what was initialized (tampering tests). */
  reported?: { amount?: number; currency?: string; reference?: string };
}

export interface FakePlan {
  id: number;
  plan_code: string;
  name: string;
  interval: string;
  amount: number;
  currency: string;
}

export interface FakeSubscription {
  code: string;
  emailToken: string;
  email: string;
  customerCode: string;
  planCode: string;
  /** active until disabled (then non-renewing, as Paystack shows a cancelled one). */
  status: string;
}

export interface FakePaystackRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

type Endpoint = "initialize" | "verify" | "disable";

/** How the next call to an endpoint is answered instead of normally. */
export type FakePaystackFault =
  | { type: "error"; status: number; message?: string }
  /** The connection is dropped without an answer (a network error). */
  | { type: "disconnect" }
  /** A 200 whose body is not JSON. */
  | { type: "junk" }
  /** Wait before answering normally. */
  | { type: "delay"; ms: number };

export interface FakePaystack {
  url: string;
  secretKey: string;
  requests: FakePaystackRequest[];
  transactions: Map<string, FakeTransaction>;
  plans: Map<string, FakePlan>;
  /** By subscription code. */
  subscriptions: Map<string, FakeSubscription>;
  /** Calls per endpoint, for "verified again" assertions. */
  count(endpoint: Endpoint): number;
  /** Queues faults for the next calls to an endpoint, in order. */
  fail(endpoint: Endpoint, ...faults: FakePaystackFault[]): void;
  /** The customer's code Paystack gives an email (the same one each time). */
  customerCode(email: string): string;
  /** The subscription a paid plan transaction started. */
  subscriptionOf(reference: string): FakeSubscription | undefined;
  /** A signed subscription.create (or another subscription.* event) for a subscription. */
  subscriptionWebhook(code: string, event?: string): { body: string; signature: string };
  /**
   * Charges an active subscription again, as Paystack does at each interval: a new paid
   * transaction under Paystack's own reference, and its signed charge.success event.
   */
  renew(code: string): { reference: string; body: string; signature: string };
  /** What the customer did: pay (success), decline (failed), walk away (abandoned). */
  complete(
    reference: string,
    outcome: {
      /** Every `data.status` Paystack's verify answers. */
      status: "success" | "failed" | "abandoned" | "reversed" | "ongoing" | "pending" | "processing" | "queued";
      reported?: FakeTransaction["reported"];
    },
  ): void;
  /** A charge.success event for the transaction, signed with the key (or `secret`). */
  webhook(
    reference: string,
    options?: { secret?: string; data?: Record<string, unknown>; event?: string },
  ): { body: string; signature: string };
  reset(): void;
  close(): Promise<void>;
}

export function signPaystack(body: string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(body).digest("hex");
}

export async function startFakePaystack(
  secretKey = `sk_test_${randomBytes(12).toString("hex")}`,
  options: {
    /** Where the hosted checkout posts its signed events once paid, as Paystack's dashboard webhook URL. */
    webhookUrl?: string;
  } = {},
): Promise<FakePaystack> {
  const requests: FakePaystackRequest[] = [];
  const transactions = new Map<string, FakeTransaction>();
  const plans = new Map<string, FakePlan>();
  const subscriptions = new Map<string, FakeSubscription>();
  const customers = new Map<string, { id: number; code: string; email: string }>();
  const faults: Record<Endpoint, FakePaystackFault[]> = { initialize: [], verify: [], disable: [] };
  const counts: Record<Endpoint, number> = { initialize: 0, verify: 0, disable: 0 };
  const sockets = new Set<Socket>();
  let nextId = 1000;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  async function readBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (chunks.length === 0) return null;
    try {
      return JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return null;
    }
  }

  const code = (prefix: string) => `${prefix}_${randomBytes(7).toString("hex")}`;
  function customerFor(email: string) {
    const key = email.toLowerCase();
    let customer = customers.get(key);
    if (!customer) {
      customer = { id: nextId++, code: code("CUS"), email };
      customers.set(key, customer);
    }
    return customer;
  }
  const customerJson = (email: string) => {
    const customer = customerFor(email);
    return { id: customer.id, customer_code: customer.code, email: customer.email };
  };
  const planJson = (planCode: string) => {
    const plan = plans.get(planCode);
    return plan ? { ...plan } : {};
  };
  const subscriptionJson = (sub: FakeSubscription) => ({
    subscription_code: sub.code,
    email_token: sub.emailToken,
    status: sub.status,
    customer: customerJson(sub.email),
    plan: planJson(sub.planCode),
  });
  const signed = (event: unknown) => {
    const body = JSON.stringify(event);
    return { body, signature: signPaystack(body, secretKey) };
  };

  /** What a paid transaction does: settles it, and on a plan starts its subscription. */
  function pay(tx: FakeTransaction, status: string): void {
    tx.status = status;
    tx.paidAt = status === "success" ? new Date().toISOString() : null;
    if (status !== "success" || !tx.plan) return;
    if (
      [...subscriptions.values()].some(
        (sub) => sub.planCode === tx.plan && sub.email === tx.email && sub.status === "active",
      )
    )
      return;
    const sub: FakeSubscription = {
      code: code("SUB"),
      emailToken: randomBytes(8).toString("hex"),
      email: tx.email,
      customerCode: customerFor(tx.email).code,
      planCode: tx.plan,
      status: "active",
    };
    subscriptions.set(sub.code, sub);
    subscriptionByReference.set(tx.reference, sub.code);
  }
  const subscriptionByReference = new Map<string, string>();

  const chargeEvent = (tx: FakeTransaction, data: Record<string, unknown> = {}) => ({
    event: "charge.success",
    data: {
      id: tx.id,
      status: "success",
      reference: tx.reference,
      amount: tx.reported?.amount ?? tx.amount,
      currency: tx.reported?.currency ?? tx.currency,
      paid_at: tx.paidAt ?? new Date().toISOString(),
      metadata: tx.metadata ?? null,
      customer: customerJson(tx.email),
      plan: tx.plan ? planJson(tx.plan) : {},
      ...data,
    },
  });

  /** Posts a signed event to the app, as Paystack does after a checkout; failures are the test's to see. */
  async function deliver(event: unknown): Promise<void> {
    if (!options.webhookUrl) return;
    const { body, signature } = signed(event);
    await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "x-paystack-signature": signature },
      body,
    });
  }

  /** The hosted checkout: the transaction, and Pay or Decline. Only for the fake's own tests. */
  function checkoutPage(tx: FakeTransaction): string {
    const amount = `${tx.currency} ${(tx.amount / 100).toFixed(2)}`;
    return `<!doctype html><html><head><meta charset="utf-8"><title>Fake Paystack checkout</title></head><body>
<h1>Fake Paystack checkout</h1><p>${amount}${tx.plan ? " every period, until cancelled" : ""}</p>
<form method="post" action="/checkout/${tx.accessCode}/pay"><button type="submit">Pay ${amount}</button></form>
<form method="post" action="/checkout/${tx.accessCode}/decline"><button type="submit">Decline</button></form>
</body></html>`;
  }

  /** Applies a queued fault; true when the request has been answered by it. */
  async function applyFault(endpoint: Endpoint, res: ServerResponse): Promise<boolean> {
    const fault = faults[endpoint].shift();
    if (!fault) return false;
    if (fault.type === "delay") {
      await new Promise((r) => setTimeout(r, fault.ms));
      return false;
    }
    if (fault.type === "disconnect") {
      res.socket?.destroy();
      return true;
    }
    if (fault.type === "junk") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>gateway</html>");
      return true;
    }
    send(res, fault.status, { status: false, message: fault.message ?? "Something went wrong" });
    return true;
  }

  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    requests.push({ method: req.method ?? "GET", path: url.pathname, authorization: req.headers.authorization, body });

    // A browser on the checkout asks for an icon: an empty one, as a site with none would not error.
    if (url.pathname === "/favicon.ico") {
      res.writeHead(204);
      return res.end();
    }
    // The hosted checkout is the customer's page: no secret key, a browser's form posts.
    const checkout = /^\/checkout\/([0-9a-f]+)(?:\/(pay|decline))?$/.exec(url.pathname);
    if (checkout) {
      const tx = [...transactions.values()].find((t) => t.accessCode === checkout[1]);
      if (!tx) return send(res, 404, { status: false, message: "Checkout not found" });
      if (req.method === "GET" && !checkout[2]) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(checkoutPage(tx));
      }
      if (req.method !== "POST" || !checkout[2])
        return send(res, 405, { status: false, message: "Method not allowed" });
      pay(tx, checkout[2] === "pay" ? "success" : "failed");
      if (tx.status === "success") {
        await deliver(chargeEvent(tx));
        const sub = subscriptions.get(subscriptionByReference.get(tx.reference) ?? "");
        if (sub) await deliver({ event: "subscription.create", data: subscriptionJson(sub) });
      }
      const back = new URL(tx.callbackUrl ?? "http://127.0.0.1/");
      back.searchParams.set("trxref", tx.reference);
      back.searchParams.set("reference", tx.reference);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, { status: false, message: "Invalid key" });
    }

    if (req.method === "POST" && url.pathname === "/transaction/initialize") {
      counts.initialize += 1;
      if (await applyFault("initialize", res)) return;
      const { email, amount, currency, reference, callback_url, metadata, channels, plan } = (body ?? {}) as Record<
        string,
        unknown
      >;
      if (plan !== undefined && (typeof plan !== "string" || !plans.has(plan))) {
        return send(res, 400, { status: false, message: "Plan not found" });
      }
      if (typeof email !== "string" || !email.includes("@")) {
        return send(res, 400, { status: false, message: "Invalid Email Address Passed" });
      }
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) {
        return send(res, 400, { status: false, message: "Invalid Amount Sent" });
      }
      if (currency !== undefined && currency !== "GHS" && currency !== "NGN") {
        return send(res, 400, { status: false, message: "Currency not supported by merchant" });
      }
      const ref = typeof reference === "string" && reference ? reference : randomBytes(8).toString("hex");
      if (transactions.has(ref)) return send(res, 400, { status: false, message: "Duplicate Transaction Reference" });
      const accessCode = randomBytes(8).toString("hex");
      transactions.set(ref, {
        id: nextId++,
        reference: ref,
        email,
        amount,
        currency: typeof currency === "string" ? currency : "NGN",
        callbackUrl: typeof callback_url === "string" ? callback_url : undefined,
        metadata,
        channels,
        accessCode,
        status: "abandoned",
        paidAt: null,
        plan: typeof plan === "string" ? plan : null,
      });
      return send(res, 200, {
        status: true,
        message: "Authorization URL created",
        data: {
          authorization_url: `${base()}/checkout/${accessCode}`,
          access_code: accessCode,
          reference: ref,
        },
      });
    }

    const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
    if (req.method === "GET" && verify) {
      counts.verify += 1;
      if (await applyFault("verify", res)) return;
      const tx = transactions.get(decodeURIComponent(verify[1]));
      if (!tx) return send(res, 400, { status: false, message: "Transaction reference not found" });
      return send(res, 200, {
        status: true,
        message: "Verification successful",
        data: {
          id: tx.id,
          domain: "test",
          status: tx.status,
          reference: tx.reported?.reference ?? tx.reference,
          amount: tx.reported?.amount ?? tx.amount,
          currency: tx.reported?.currency ?? tx.currency,
          gateway_response: tx.status === "success" ? "Successful" : "Declined",
          paid_at: tx.paidAt,
          channel: "mobile_money",
          metadata: tx.metadata,
          customer: customerJson(tx.email),
          plan: tx.plan,
          plan_object: tx.plan ? planJson(tx.plan) : {},
        },
      });
    }

    if (url.pathname === "/plan" && req.method === "GET") {
      const interval = url.searchParams.get("interval");
      const amount = url.searchParams.get("amount");
      const data = [...plans.values()].filter(
        (p) => (!interval || p.interval === interval) && (!amount || String(p.amount) === amount),
      );
      return send(res, 200, { status: true, message: "Plans retrieved", data });
    }
    if (url.pathname === "/plan" && req.method === "POST") {
      const { name, interval, amount, currency } = (body ?? {}) as Record<string, unknown>;
      if (typeof name !== "string" || !name) return send(res, 400, { status: false, message: "Name is required" });
      if (!["daily", "weekly", "monthly", "quarterly", "biannually", "annually"].includes(String(interval))) {
        return send(res, 400, { status: false, message: "Interval is invalid" });
      }
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) {
        return send(res, 400, { status: false, message: "Invalid Amount Sent" });
      }
      const created: FakePlan = {
        id: nextId++,
        plan_code: code("PLN"),
        name,
        interval: String(interval),
        amount,
        currency: typeof currency === "string" ? currency : "NGN",
      };
      plans.set(created.plan_code, created);
      return send(res, 201, { status: true, message: "Plan created", data: created });
    }

    const customer = /^\/customer\/(.+)$/.exec(url.pathname);
    if (customer && req.method === "GET") {
      const key = decodeURIComponent(customer[1]).toLowerCase();
      const found = [...customers.values()].find((c) => c.email.toLowerCase() === key || c.code.toLowerCase() === key);
      if (!found) return send(res, 404, { status: false, message: "Customer not found" });
      const theirs = [...subscriptions.values()].filter((sub) => sub.customerCode === found.code);
      return send(res, 200, {
        status: true,
        message: "Customer retrieved",
        data: { ...customerJson(found.email), subscriptions: theirs.map(subscriptionJson) },
      });
    }

    if (url.pathname === "/subscription/disable" && req.method === "POST") {
      counts.disable += 1;
      if (await applyFault("disable", res)) return;
      const { code: subCode, token } = (body ?? {}) as Record<string, unknown>;
      const sub = typeof subCode === "string" ? subscriptions.get(subCode) : undefined;
      if (!sub || sub.emailToken !== token || sub.status !== "active") {
        return send(res, 400, { status: false, message: "Subscription with code not found or already inactive" });
      }
      sub.status = "non-renewing";
      return send(res, 200, { status: true, message: "Subscription disabled successfully" });
    }
    send(res, 404, { status: false, message: "Not found" });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: base(),
    secretKey,
    requests,
    transactions,
    plans,
    subscriptions,
    count: (endpoint) => counts[endpoint],
    customerCode: (email) => customerFor(email).code,
    subscriptionOf: (reference) => subscriptions.get(subscriptionByReference.get(reference) ?? ""),
    subscriptionWebhook(subCode, event = "subscription.create") {
      const sub = subscriptions.get(subCode);
      if (!sub) throw new Error(`fake Paystack has no subscription ${subCode}`);
      return signed({ event, data: subscriptionJson(sub) });
    },
    renew(subCode) {
      const sub = subscriptions.get(subCode);
      const plan = sub ? plans.get(sub.planCode) : undefined;
      if (!sub || !plan || sub.status !== "active") throw new Error(`fake Paystack cannot renew ${subCode}`);
      const reference = randomBytes(8).toString("hex");
      const tx: FakeTransaction = {
        id: nextId++,
        reference,
        email: sub.email,
        amount: plan.amount,
        currency: plan.currency,
        callbackUrl: undefined,
        metadata: null,
        channels: null,
        accessCode: randomBytes(8).toString("hex"),
        status: "success",
        paidAt: new Date().toISOString(),
        plan: plan.plan_code,
      };
      transactions.set(reference, tx);
      return { reference, ...signed(chargeEvent(tx)) };
    },
    fail(endpoint, ...more) {
      faults[endpoint].push(...more);
    },
    complete(reference, outcome) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`fake Paystack has no transaction ${reference}`);
      pay(tx, outcome.status);
      tx.reported = outcome.reported;
    },
    webhook(reference, options = {}) {
      const tx = transactions.get(reference);
      const event = {
        event: options.event ?? "charge.success",
        data: {
          id: tx?.id ?? 1,
          status: "success",
          reference,
          amount: tx?.reported?.amount ?? tx?.amount ?? 200,
          currency: tx?.reported?.currency ?? tx?.currency ?? "GHS",
          paid_at: tx?.paidAt ?? new Date().toISOString(),
          metadata: tx?.metadata ?? null,
          customer: { email: tx?.email ?? "someone@example.com" },
          ...options.data,
        },
      };
      const body = JSON.stringify(event);
      return { body, signature: signPaystack(body, options.secret ?? secretKey) };
    },
    reset() {
      requests.length = 0;
      transactions.clear();
      subscriptions.clear();
      subscriptionByReference.clear();
      customers.clear();
      // Plans stay, as a merchant's do: the app remembers their codes.
      for (const endpoint of Object.keys(faults) as Endpoint[]) {
        faults[endpoint].length = 0;
        counts[endpoint] = 0;
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
