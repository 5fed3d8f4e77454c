import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A fake Paystack on loopback: transaction initialize and verify as the real API answers them
 * (https://paystack.com/docs/api/transaction), and signed webhook events, so tests drive the
 * app's real client end to end.
 *
 * A transaction starts "abandoned" (checkout opened, nothing paid) until the test decides what
 * the customer did with `complete(reference, ...)`; `complete` can also make Paystack report a
 * different amount, currency or reference than we asked for (tampering).
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
  /** What verify reports when it differs from what was initialized (tampering tests). */
  reported?: { amount?: number; currency?: string; reference?: string };
}

export interface FakePaystackRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

/** How the next initialize or verify call is answered instead of normally. */
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
  /** Calls per endpoint, for "verified again" assertions. */
  count(endpoint: "initialize" | "verify"): number;
  /** Queues faults for the next calls to an endpoint, in order. */
  fail(endpoint: "initialize" | "verify", ...faults: FakePaystackFault[]): void;
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
): Promise<FakePaystack> {
  const requests: FakePaystackRequest[] = [];
  const transactions = new Map<string, FakeTransaction>();
  const faults: Record<"initialize" | "verify", FakePaystackFault[]> = { initialize: [], verify: [] };
  const counts = { initialize: 0, verify: 0 };
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

  /** Applies a queued fault; true when the request has been answered by it. */
  async function applyFault(endpoint: "initialize" | "verify", res: ServerResponse): Promise<boolean> {
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

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    requests.push({ method: req.method ?? "GET", path: url.pathname, authorization: req.headers.authorization, body });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, { status: false, message: "Invalid key" });
    }

    if (req.method === "POST" && url.pathname === "/transaction/initialize") {
      counts.initialize += 1;
      if (await applyFault("initialize", res)) return;
      const { email, amount, currency, reference, callback_url, metadata, channels } = (body ?? {}) as Record<
        string,
        unknown
      >;
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
      });
      return send(res, 200, {
        status: true,
        message: "Authorization URL created",
        data: {
          authorization_url: `https://checkout.paystack.com/${accessCode}`,
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
          customer: { email: tx.email },
        },
      });
    }
    send(res, 404, { status: false, message: "Not found" });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    transactions,
    count: (endpoint) => counts[endpoint],
    fail(endpoint, ...more) {
      faults[endpoint].push(...more);
    },
    complete(reference, outcome) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`fake Paystack has no transaction ${reference}`);
      tx.status = outcome.status;
      tx.paidAt = outcome.status === "success" ? new Date().toISOString() : null;
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
      faults.initialize.length = 0;
      faults.verify.length = 0;
      counts.initialize = 0;
      counts.verify = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
