import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentResultPath } from "../../contract/payments";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { type FakePaystack, startFakePaystack } from "../../test/fakes/paystack";
import { payments, users } from "../db/schema";
import { startGeneration } from "../generation/repository";
import { createPaystackClient } from "./paystack";
import { INITIALIZE_LIMIT } from "./routes";
import { addCalendarMonths, expireSubscriptions, reconcilePayments } from "./service";

let fake: FakePaystack;
let t: TestApp;
let env: Record<string, string>;
beforeAll(async () => {
  fake = await startFakePaystack();
  env = { PAYMENTS: "paystack", PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url };
  t = await createTestApp(env);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

type Method = "GET" | "POST";
const call = (method: Method, url: string, cookie?: string, payload?: unknown, app = t.app) =>
  app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

const postWebhook = (body: string, signature?: string, app = t.app) =>
  app.inject({
    method: "POST",
    url: "/api/payments/webhook",
    headers: { "content-type": "application/json", ...(signature ? { "x-paystack-signature": signature } : {}) },
    payload: body,
  });

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}
async function paymentRow(reference: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

/** A signed-in user with a pending payment for `plan`, initialized through Paystack. */
async function startPayment(plan: "monthly" | "yearly" = "monthly") {
  const { cookie, user } = await registerUser(t.app);
  const response = await call("POST", "/api/payments/initialize", cookie, { plan });
  expect(response.statusCode).toBe(200);
  const { reference } = response.json();
  return { cookie, user, reference: reference as string };
}

/** Moves a payment's start back by `ms` (a checkout started that long ago). */
async function ageBy(reference: string, ms: number) {
  const row = await paymentRow(reference);
  await t.database.db
    .update(payments)
    .set({ createdAt: new Date(row.createdAt.getTime() - ms), updatedAt: new Date(row.updatedAt.getTime() - ms) })
    .where(eq(payments.reference, reference));
}

const subscriptionOf = async (cookie: string) => (await call("GET", "/api/user/subscription", cookie)).json();

/** Claims a generation for the user straight in the database, as the create request does. */
const startGenerationFor = (userId: string, idempotencyKey: string, requestHash: string) =>
  startGeneration(t.database.db, { userId, idempotencyKey, requestHash, request: {} as never });

describe("POST /api/payments/initialize", () => {
  it("limits how many checkouts one session starts, without holding back another reader", async () => {
    const { cookie } = await registerUser(t.app);
    for (let i = 0; i < INITIALIZE_LIMIT.max; i += 1) {
      expect((await call("POST", "/api/payments/initialize", cookie, { plan: "monthly" })).statusCode).toBe(200);
    }
    const refused = await call("POST", "/api/payments/initialize", cookie, { plan: "monthly" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many payment attempts\. Please try again in \d+ minutes\.$/);
    expect(fake.count("initialize")).toBe(INITIALIZE_LIMIT.max);
    // Another reader, from the same address, is not held back.
    const other = await registerUser(t.app);
    expect((await call("POST", "/api/payments/initialize", other.cookie, { plan: "yearly" })).statusCode).toBe(200);
  });

  it("asks visitors to sign in", async () => {
    expect((await call("POST", "/api/payments/initialize", undefined, { plan: "monthly" })).statusCode).toBe(401);
  });

  it.each([[{ plan: "weekly" }], [{ plan: "" }], [{}], [{ plan: 200 }], [{ plan: "MONTHLY" }]])(
    "refuses %j with 400",
    async (payload) => {
      const { cookie } = await registerUser(t.app);
      const response = await call("POST", "/api/payments/initialize", cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/monthly or yearly/);
      expect(fake.count("initialize")).toBe(0);
    },
  );

  it("sends Paystack the server's price, GHS, our reference, the callback, the metadata and the plan", async () => {
    const { cookie, user } = await registerUser(t.app);
    const response = await call("POST", "/api/payments/initialize", cookie, { plan: "yearly", amount: 1 });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ status: "success", message: expect.any(String) });
    expect(answer.authorization_url.startsWith(`${fake.url}/checkout/`)).toBe(true);

    const sent = fake.requests.find((r) => r.path === "/transaction/initialize");
    expect(sent?.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(sent?.body).toEqual({
      email: user.email,
      amount: 2000,
      currency: "GHS",
      reference: answer.reference,
      callback_url: `${TEST_ORIGIN}/api/payments/callback`,
      metadata: { userId: user.id, plan: "yearly", paymentId: expect.any(String) },
      channels: ["card", "mobile_money"],
      plan: expect.stringMatching(/^PLN_/),
    });
    // The yearly plan Paystack renews: found or created once, GHS 20 every year.
    const plan = fake.plans.get(String(sent?.body?.plan));
    expect(plan).toMatchObject({ name: "VidScribe Yearly", interval: "annually", amount: 2000, currency: "GHS" });
    const row = await paymentRow(answer.reference);
    expect(row).toMatchObject({ status: "pending", amount: 2000, currency: "GHS", plan: "yearly", userId: user.id });

    const list = (await call("GET", "/api/user/payments", cookie)).json();
    expect(list).toEqual([
      expect.objectContaining({ plan: "yearly", amount: 2000, status: "pending", paystackReference: answer.reference }),
    ]);
  });

  it("monthly costs 200 pesewas, and each payment gets its own reference", async () => {
    const { cookie } = await registerUser(t.app);
    const a = (await call("POST", "/api/payments/initialize", cookie, { plan: "monthly" })).json();
    const b = (await call("POST", "/api/payments/initialize", cookie, { plan: "monthly" })).json();
    expect(a.reference).not.toBe(b.reference);
    expect((await paymentRow(a.reference)).amount).toBe(200);
  });

  it("turns a Paystack error into a clear message and a failed payment", async () => {
    const { cookie } = await registerUser(t.app);
    fake.fail("initialize", { type: "error", status: 400, message: "Currency not supported by merchant" });
    const response = await call("POST", "/api/payments/initialize", cookie, { plan: "monthly" });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/Currency not supported by merchant/);
    const list = (await call("GET", "/api/user/payments", cookie)).json();
    expect(list[0].status).toBe("failed");
  });

  it.each([[{ type: "disconnect" as const }], [{ type: "junk" as const }], [{ type: "error" as const, status: 503 }]])(
    "says the provider could not be used on %j",
    async (fault) => {
      const { cookie } = await registerUser(t.app);
      fake.fail("initialize", fault);
      const response = await call("POST", "/api/payments/initialize", cookie, { plan: "monthly" });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/payment provider/);
    },
  );
});

describe("GET /api/payments/callback", () => {
  it("verifies a paid transaction, extends the subscription and sends the browser to /payment/success", async () => {
    const { cookie, reference } = await startPayment("monthly");
    fake.complete(reference, { status: "success" });
    const before = Date.now();
    const response = await call("GET", `/api/payments/callback?trxref=${reference}&reference=${reference}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(paymentResultPath(reference));
    expect(fake.count("verify")).toBe(1);

    const subscription = await subscriptionOf(cookie);
    expect(subscription).toMatchObject({
      subscriptionStatus: "active",
      subscriptionPlan: "monthly",
      userType: "registered",
    });
    const end = new Date(subscription.subscriptionEndDate).getTime();
    expect(end).toBeGreaterThanOrEqual(addCalendarMonths(new Date(before), 1).getTime());
    expect(end).toBeLessThanOrEqual(addCalendarMonths(new Date(), 1).getTime());

    const limits = (await call("GET", "/api/user/limits", cookie)).json();
    expect(limits).toEqual({ canCreate: true, remaining: null, isGuest: false });
    const list = (await call("GET", "/api/user/payments", cookie)).json();
    expect(list[0]).toMatchObject({ status: "success", paystackReference: reference });
  });

  it.each([["failed"], ["reversed"]] as const)("a %s transaction goes to /payment/failed", async (status) => {
    const { cookie, reference } = await startPayment();
    fake.complete(reference, { status });
    const response = await call("GET", `/api/payments/callback?reference=${reference}`);
    expect(response.headers.location).toBe(`/payment/failed?reference=${reference}`);
    expect((await paymentRow(reference)).status).toBe("failed");
    expect((await subscriptionOf(cookie)).subscriptionStatus).toBe("inactive");
  });

  it("an abandoned checkout stays pending for its first hour, then is stored abandoned", async () => {
    const { cookie, reference } = await startPayment();
    fake.complete(reference, { status: "abandoned" });
    const young = await call("GET", `/api/payments/callback?reference=${reference}`);
    expect(young.headers.location).toBe(paymentResultPath(reference));
    expect((await paymentRow(reference)).status).toBe("pending");
    await ageBy(reference, 61 * 60_000);
    const old = await call("GET", `/api/payments/callback?reference=${reference}`);
    expect(old.headers.location).toBe(paymentResultPath(reference));
    expect((await paymentRow(reference)).status).toBe("abandoned");
    expect((await subscriptionOf(cookie)).subscriptionStatus).toBe("inactive");
    // Paid later on the same checkout after all: it settles.
    fake.complete(reference, { status: "success" });
    await call("GET", `/api/payments/callback?reference=${reference}`);
    expect((await paymentRow(reference)).status).toBe("success");
  });

  it("an unknown or missing reference goes to /payment/failed without asking Paystack", async () => {
    expect((await call("GET", "/api/payments/callback?reference=not-ours")).headers.location).toBe("/payment/failed");
    expect((await call("GET", "/api/payments/callback")).headers.location).toBe("/payment/failed");
    expect(fake.count("verify")).toBe(0);
  });

  it("a network error while verifying goes to the result page (pending there) and leaves the payment pending", async () => {
    const { reference } = await startPayment();
    fake.complete(reference, { status: "success" });
    fake.fail("verify", { type: "disconnect" });
    const response = await call("GET", `/api/payments/callback?reference=${reference}`);
    expect(response.headers.location).toBe(paymentResultPath(reference));
    expect((await paymentRow(reference)).status).toBe("pending");
    // Coming back again works once Paystack answers.
    expect((await call("GET", `/api/payments/callback?reference=${reference}`)).headers.location).toBe(
      paymentResultPath(reference),
    );
  });
});

describe("POST /api/payments/webhook", () => {
  it("settles a signed charge.success after verifying it again, once for ten parallel deliveries", async () => {
    const { cookie, user, reference } = await startPayment("monthly");
    fake.complete(reference, { status: "success" });
    const { body, signature } = fake.webhook(reference);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postWebhook(body, signature)));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(fake.count("verify")).toBeGreaterThan(0);

    const row = await userRow(user.id);
    expect(row.subscriptionStatus).toBe("active");
    const oneMonth = addCalendarMonths(new Date(), 1).getTime();
    // Exactly one month: a second extension would be two.
    expect(Math.abs((row.subscriptionEndDate as Date).getTime() - oneMonth)).toBeLessThan(60_000);
    const paid = await paymentRow(reference);
    expect(paid.status).toBe("success");
    expect(paid.periodEnd?.getTime()).toBe(row.subscriptionEndDate?.getTime());

    // And again later, and through the callback: still one month.
    expect((await postWebhook(body, signature)).statusCode).toBe(200);
    expect((await call("GET", `/api/payments/callback?reference=${reference}`)).headers.location).toBe(
      paymentResultPath(reference),
    );
    expect((await userRow(user.id)).subscriptionEndDate?.getTime()).toBe(row.subscriptionEndDate?.getTime());
    expect((await subscriptionOf(cookie)).subscriptionStatus).toBe("active");
  });

  it("refuses a forged or missing signature with 401 and changes nothing", async () => {
    const { user, reference } = await startPayment();
    fake.complete(reference, { status: "success" });
    const { body } = fake.webhook(reference, { secret: "sk_test_not_the_key" });
    const forged = fake.webhook(reference, { secret: "sk_test_not_the_key" }).signature;
    expect((await postWebhook(body, forged)).statusCode).toBe(401);
    expect((await postWebhook(body)).statusCode).toBe(401);
    expect((await postWebhook(body, "zz")).statusCode).toBe(401);
    // A real signature over different bytes.
    const real = fake.webhook(reference);
    expect((await postWebhook(`${real.body} `, real.signature)).statusCode).toBe(401);
    expect(fake.count("verify")).toBe(0);
    expect((await paymentRow(reference)).status).toBe("pending");
    expect((await userRow(user.id)).subscriptionStatus).toBe("inactive");
  });

  it("does nothing when Paystack reports a different amount, currency or reference", async () => {
    for (const reported of [{ amount: 100 }, { currency: "NGN" }, { reference: "someone-elses" }]) {
      const { user, reference } = await startPayment();
      fake.complete(reference, { status: "success", reported });
      const { body, signature } = fake.webhook(reference);
      expect((await postWebhook(body, signature)).statusCode).toBe(200);
      expect((await call("GET", `/api/payments/callback?reference=${reference}`)).headers.location).toBe(
        paymentResultPath(reference),
      );
      expect((await paymentRow(reference)).status).toBe("pending");
      const row = await userRow(user.id);
      expect(row.subscriptionStatus).toBe("inactive");
      expect(row.userType).toBe("guest");
    }
  });

  it("a tampered amount in the event itself is not believed: Paystack's verify is", async () => {
    const { user, reference } = await startPayment("yearly");
    // The customer paid nothing; the event claims otherwise (signed, so only Paystack could send it).
    const { body, signature } = fake.webhook(reference, { data: { amount: 2000 } });
    expect((await postWebhook(body, signature)).statusCode).toBe(200);
    expect((await userRow(user.id)).subscriptionStatus).toBe("inactive");
  });

  it("ignores a foreign reference and other events with 200", async () => {
    const foreign = fake.webhook("not-one-of-ours");
    expect((await postWebhook(foreign.body, foreign.signature)).statusCode).toBe(200);
    const { reference } = await startPayment();
    const other = fake.webhook(reference, { event: "transfer.success" });
    expect((await postWebhook(other.body, other.signature)).statusCode).toBe(200);
    expect(fake.count("verify")).toBe(0);
    expect((await paymentRow(reference)).status).toBe("pending");
  });

  it("asks Paystack to deliver again when verification cannot reach it", async () => {
    const { user, reference } = await startPayment();
    fake.complete(reference, { status: "success" });
    fake.fail("verify", { type: "disconnect" });
    const { body, signature } = fake.webhook(reference);
    expect((await postWebhook(body, signature)).statusCode).toBe(503);
    expect((await userRow(user.id)).subscriptionStatus).toBe("inactive");
    expect((await postWebhook(body, signature)).statusCode).toBe(200);
    expect((await userRow(user.id)).subscriptionStatus).toBe("active");
  });

  it("callback before webhook, and webhook before callback, extend once", async () => {
    for (const order of [
      ["callback", "webhook"],
      ["webhook", "callback"],
    ]) {
      const { user, reference } = await startPayment();
      fake.complete(reference, { status: "success" });
      const hook = fake.webhook(reference);
      for (const step of order) {
        if (step === "callback") {
          const r = await call("GET", `/api/payments/callback?reference=${reference}`);
          expect(r.headers.location).toBe(paymentResultPath(reference));
        } else {
          expect((await postWebhook(hook.body, hook.signature)).statusCode).toBe(200);
        }
      }
      const end = (await userRow(user.id)).subscriptionEndDate as Date;
      expect(Math.abs(end.getTime() - addCalendarMonths(new Date(), 1).getTime())).toBeLessThan(60_000);
    }
  });

  it("survives a restart between the callback and the webhook", async () => {
    const { user, reference } = await startPayment("yearly");
    fake.complete(reference, { status: "success" });
    const first = await createTestApp(env, { database: t.database });
    expect(
      (await call("GET", `/api/payments/callback?reference=${reference}`, undefined, undefined, first.app)).headers
        .location,
    ).toBe(paymentResultPath(reference));
    await first.close();
    const second = await createTestApp(env, { database: t.database });
    const hook = fake.webhook(reference);
    expect((await postWebhook(hook.body, hook.signature, second.app)).statusCode).toBe(200);
    await second.close();
    const end = (await userRow(user.id)).subscriptionEndDate as Date;
    expect(Math.abs(end.getTime() - addCalendarMonths(new Date(), 12).getTime())).toBeLessThan(60_000);
  });
});

describe("subscription periods", () => {
  it("extends from the current end when it is later than now", async () => {
    const { cookie, user, reference } = await startPayment("monthly");
    const currentEnd = new Date(Date.UTC(2099, 0, 31, 12));
    await t.database.db
      .update(users)
      .set({
        subscriptionStatus: "active",
        subscriptionPlan: "monthly",
        subscriptionEndDate: currentEnd,
        userType: "registered",
      })
      .where(eq(users.id, user.id));
    fake.complete(reference, { status: "success" });
    await call("GET", `/api/payments/callback?reference=${reference}`);
    // 31 January + one calendar month is the last day of February.
    expect((await subscriptionOf(cookie)).subscriptionEndDate).toBe("2099-02-28T12:00:00.000Z");
  });

  it("extends from now when the old end has passed", async () => {
    const { user, reference } = await startPayment("yearly");
    await t.database.db
      .update(users)
      .set({
        subscriptionStatus: "active",
        subscriptionEndDate: new Date("2020-01-01T00:00:00Z"),
        userType: "registered",
      })
      .where(eq(users.id, user.id));
    fake.complete(reference, { status: "success" });
    await call("GET", `/api/payments/callback?reference=${reference}`);
    const end = (await userRow(user.id)).subscriptionEndDate as Date;
    expect(Math.abs(end.getTime() - addCalendarMonths(new Date(), 12).getTime())).toBeLessThan(60_000);
  });

  it("an ended subscription is a guest again: limits, user, subscription and the allowance check", async () => {
    const { cookie, user, reference } = await startPayment();
    fake.complete(reference, { status: "success" });
    await call("GET", `/api/payments/callback?reference=${reference}`);
    await t.database.db.update(users).set({ articlesGenerated: 3 }).where(eq(users.id, user.id));
    expect((await call("GET", "/api/user/limits", cookie)).json().canCreate).toBe(true);
    const started = await startGenerationFor(user.id, "paid-1", "h1");
    expect(started.kind).toBe("started");

    await t.database.db
      .update(users)
      .set({ subscriptionEndDate: new Date(Date.now() - 1000), articlesInProgress: 0 })
      .where(eq(users.id, user.id));
    expect((await call("GET", "/api/user/limits", cookie)).json()).toEqual({
      canCreate: false,
      remaining: 0,
      isGuest: true,
    });
    expect(await subscriptionOf(cookie)).toMatchObject({ subscriptionStatus: "expired", userType: "guest" });
    expect((await call("GET", "/api/auth/user", cookie)).json()).toMatchObject({
      subscriptionStatus: "expired",
      userType: "guest",
    });
    const refused = await startGenerationFor(user.id, "expired-1", "h2");
    expect(refused.kind).toBe("limit");

    // The tidy job catches the row up; what users see does not change.
    expect(await expireSubscriptions(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: "expired", userType: "guest" });
    expect((await call("GET", "/api/user/limits", cookie)).json().isGuest).toBe(true);
  });
});

describe("GET /api/user/subscription and /api/user/payments", () => {
  it("ask visitors to sign in", async () => {
    expect((await call("GET", "/api/user/subscription")).statusCode).toBe(401);
    expect((await call("GET", "/api/user/payments")).statusCode).toBe(401);
  });

  it("show a new user as an inactive guest with no payments, and only their own payments", async () => {
    const { cookie } = await registerUser(t.app);
    expect(await subscriptionOf(cookie)).toEqual({
      subscriptionStatus: "inactive",
      subscriptionPlan: null,
      userType: "guest",
      subscriptionEndDate: null,
      renews: false,
    });
    await startPayment();
    expect((await call("GET", "/api/user/payments", cookie)).json()).toEqual([]);
  });
});

describe("sandbox checkout (PAYMENTS=sandbox)", () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({}, { database: t.database });
  });
  afterAll(() => s?.close());

  async function sandboxPayment(plan: "monthly" | "yearly" = "monthly") {
    const { cookie, user } = await registerUser(s.app);
    const response = await call("POST", "/api/payments/initialize", cookie, { plan }, s.app);
    expect(response.statusCode).toBe(200);
    const { authorization_url, reference } = response.json();
    expect(authorization_url).toBe(`${TEST_ORIGIN}/payments/sandbox/${reference}`);
    return { cookie, user, reference: reference as string, path: new URL(authorization_url).pathname };
  }

  it("shows a clearly marked test checkout to the payer only, with no scripts", async () => {
    const { cookie, path } = await sandboxPayment();
    const page = await call("GET", path, cookie, undefined, s.app);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("TEST MODE");
    expect(page.body).toContain("GH₵2.00");
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toMatch(/<form method="post" action="\/payments\/sandbox\/[^"]+\/pay">/);
    expect(page.headers["content-security-policy"]).toMatch(/form-action 'self'/);
    const stranger = await registerUser(s.app);
    expect((await call("GET", path, stranger.cookie, undefined, s.app)).statusCode).toBe(404);
    expect((await call("GET", path, undefined, undefined, s.app)).statusCode).toBe(404);
    expect(fake.count("initialize")).toBe(0);
  });

  it("Pay settles through the callback to /payment/success, once", async () => {
    const { cookie, reference, path } = await sandboxPayment("yearly");
    const form = { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie };
    const paid = await s.app.inject({ method: "POST", url: `${path}/pay`, headers: form, payload: "" });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/api/payments/callback?reference=${reference}`);
    const back = await call("GET", paid.headers.location as string, cookie, undefined, s.app);
    expect(back.headers.location).toBe(paymentResultPath(reference));
    const first = await subscriptionOf(cookie);
    expect(first).toMatchObject({ subscriptionStatus: "active", subscriptionPlan: "yearly", userType: "registered" });
    // Paying twice does not extend twice.
    await s.app.inject({ method: "POST", url: `${path}/pay`, headers: form, payload: "" });
    expect((await subscriptionOf(cookie)).subscriptionEndDate).toBe(first.subscriptionEndDate);
  });

  it("Decline fails the payment and lands on /payment/failed", async () => {
    const { cookie, reference, path } = await sandboxPayment();
    const form = { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie };
    const declined = await s.app.inject({ method: "POST", url: `${path}/decline`, headers: form, payload: "" });
    const back = await call("GET", declined.headers.location as string, cookie, undefined, s.app);
    expect(back.headers.location).toBe(`/payment/failed?reference=${reference}`);
    expect((await paymentRow(reference)).status).toBe("failed");
    expect((await subscriptionOf(cookie)).subscriptionStatus).toBe("inactive");
  });

  it("refuses a cross-site Pay, and a callback for an unpaid sandbox payment shows it pending", async () => {
    const { cookie, reference, path } = await sandboxPayment();
    const crossSite = await s.app.inject({
      method: "POST",
      url: `${path}/pay`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", cookie },
      payload: "",
    });
    expect(crossSite.statusCode).toBe(403);
    expect(
      (await call("GET", `/api/payments/callback?reference=${reference}`, cookie, undefined, s.app)).headers.location,
    ).toBe(paymentResultPath(reference));
    expect((await paymentRow(reference)).status).toBe("pending");
  });

  it("webhooks are refused without a key", async () => {
    const hook = fake.webhook("anything");
    expect((await postWebhook(hook.body, hook.signature, s.app)).statusCode).toBe(401);
  });

  it("marks a sandbox checkout nobody decided within a day abandoned, and leaves a newer one", async () => {
    const stale = await sandboxPayment();
    const fresh = await sandboxPayment();
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(payments.reference, stale.reference));
    // Sandbox mode has no Paystack to ask.
    expect(await reconcilePayments({ db: s.database.db, config: s.config })).toBe(0);
    expect((await paymentRow(stale.reference)).status).toBe("abandoned");
    expect((await paymentRow(fresh.reference)).status).toBe("pending");
  });
});

describe("reconcilePayments", () => {
  const deps = () => ({
    db: t.database.db,
    config: t.config,
    paystack: createPaystackClient({ baseUrl: fake.url, secretKey: fake.secretKey }),
  });
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  /** Backdates a payment: started `created` minutes ago, last asked about `checked` minutes ago. */
  const age = (reference: string, created: number, checked = created) =>
    t.database.db
      .update(payments)
      .set({ createdAt: minutesAgo(created), updatedAt: minutesAgo(checked) })
      .where(eq(payments.reference, reference));

  it("settles what was paid but never reported, abandons what was left, leaves young and just-asked ones", async () => {
    const paid = await startPayment("yearly");
    fake.complete(paid.reference, { status: "success" });
    await age(paid.reference, 45);
    const left = await startPayment(); // Paystack calls a checkout nobody finished 'abandoned'.
    await age(left.reference, 90);
    const young = await startPayment();
    fake.complete(young.reference, { status: "success" });
    await age(young.reference, 5);
    const justAsked = await startPayment();
    await age(justAsked.reference, 120, 2);

    expect(await reconcilePayments(deps())).toBe(2);
    expect(fake.count("verify")).toBe(2);
    expect((await paymentRow(paid.reference)).status).toBe("success");
    expect(await subscriptionOf(paid.cookie)).toMatchObject({
      subscriptionStatus: "active",
      subscriptionPlan: "yearly",
    });
    expect((await paymentRow(left.reference)).status).toBe("abandoned");
    expect((await paymentRow(young.reference)).status).toBe("pending");
    expect((await paymentRow(justAsked.reference)).status).toBe("pending");
    // Asked about a moment ago: the next run leaves them all alone.
    expect(await reconcilePayments(deps())).toBe(0);
    expect(fake.count("verify")).toBe(2);
  });

  it("keeps a payment pending when Paystack cannot answer, to ask again later", async () => {
    const { reference } = await startPayment();
    fake.complete(reference, { status: "success" });
    await age(reference, 40);
    fake.fail("verify", { type: "error", status: 500 });
    expect(await reconcilePayments(deps())).toBe(1);
    expect((await paymentRow(reference)).status).toBe("pending");
    await age(reference, 40, 11);
    expect(await reconcilePayments(deps())).toBe(1);
    expect((await paymentRow(reference)).status).toBe("success");
  });
});
