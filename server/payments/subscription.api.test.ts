import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALREADY_RENEWS, CANCEL_SUBSCRIPTION_PATH, NOTHING_TO_CANCEL } from "../../contract/payments";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { type FakePaystack, startFakePaystack } from "../../test/fakes/paystack";
import { payments, users } from "../db/schema";
import { addCalendarMonths, expireSubscriptions, renewSandboxSubscriptions } from "./service";

// A plan that renews until cancelled (issue 18 item 5): Paystack's recurring subscription, its
// events, POST /api/user/subscription/cancel with subscription/disable, and the sandbox's own.

let fake: FakePaystack;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakePaystack();
  t = await createTestApp({ PAYMENTS: "paystack", PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

type Method = "GET" | "POST" | "DELETE";
const call = (method: Method, url: string, cookie?: string, payload?: unknown, app = t.app) =>
  app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const deliver = ({ body, signature }: { body: string; signature: string }, app = t.app) =>
  app.inject({
    method: "POST",
    url: "/api/payments/webhook",
    headers: { "content-type": "application/json", "x-paystack-signature": signature },
    payload: body,
  });
const subscriptionOf = async (cookie: string, app = t.app) =>
  (await call("GET", "/api/user/subscription", cookie, undefined, app)).json();
async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A user who paid for `plan` on Paystack's checkout, with the events Paystack sends after. */
async function subscriber(plan: "monthly" | "yearly" = "monthly", { created = true } = {}) {
  const { cookie, user } = await registerUser(t.app);
  const started = await call("POST", "/api/payments/initialize", cookie, { plan });
  expect(started.statusCode).toBe(200);
  const { reference } = started.json() as { reference: string };
  fake.complete(reference, { status: "success" });
  expect((await call("GET", `/api/payments/callback?reference=${reference}`)).statusCode).toBe(302);
  const subscription = fake.subscriptionOf(reference);
  if (!subscription) throw new Error("the fake started no subscription");
  if (created)
    expect((await deliver(fake.subscriptionWebhook(subscription.code))).json()).toEqual({ message: "Received" });
  return { cookie, user, reference, subscription };
}

describe("a plan bought through Paystack", () => {
  it("renews until cancelled: the subscription says so, and another plan is refused meanwhile", async () => {
    const { cookie, user, subscription } = await subscriber();
    expect(await subscriptionOf(cookie)).toMatchObject({ subscriptionStatus: "active", renews: true });
    // What cancelling needs, from subscription.create.
    expect(await userRow(user.id)).toMatchObject({
      paystackSubscriptionCode: subscription.code,
      paystackEmailToken: subscription.emailToken,
      paystackCustomerCode: fake.customerCode(user.email),
    });
    const again = await call("POST", "/api/payments/initialize", cookie, { plan: "yearly" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_RENEWS);
  });

  it("is cancelled with subscription/disable: premium stays to the end date, and nothing renews", async () => {
    const { cookie, subscription } = await subscriber("yearly");
    const before = await subscriptionOf(cookie);
    const cancelled = await call("POST", CANCEL_SUBSCRIPTION_PATH, cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      subscriptionStatus: "active",
      userType: "registered",
      subscriptionEndDate: before.subscriptionEndDate,
      renews: false,
      message: expect.stringMatching(/cancelled.*not be charged again/),
    });
    const disable = fake.requests.find((r) => r.path === "/subscription/disable");
    expect(disable?.body).toEqual({ code: subscription.code, token: subscription.emailToken });
    expect(fake.subscriptions.get(subscription.code)?.status).toBe("non-renewing");
    expect(await subscriptionOf(cookie)).toMatchObject({ subscriptionStatus: "active", renews: false });

    // Twice is nothing to cancel; buying a plan again is allowed (it starts when this one ends).
    const twice = await call("POST", CANCEL_SUBSCRIPTION_PATH, cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(NOTHING_TO_CANCEL);
    expect(fake.count("disable")).toBe(1);
    expect((await call("POST", "/api/payments/initialize", cookie, { plan: "monthly" })).statusCode).toBe(200);
  });

  it("is found on the customer when subscription.create never arrived", async () => {
    const { cookie, user, subscription } = await subscriber("monthly", { created: false });
    expect((await userRow(user.id)).paystackSubscriptionCode).toBeNull();
    expect((await call("POST", CANCEL_SUBSCRIPTION_PATH, cookie)).statusCode).toBe(200);
    expect(fake.requests.some((r) => r.path === `/customer/${fake.customerCode(user.email)}`)).toBe(true);
    expect(fake.subscriptions.get(subscription.code)?.status).toBe("non-renewing");
  });

  it("keeps renewing when Paystack cannot be reached (502), and cancels on the next try", async () => {
    const { cookie, subscription } = await subscriber();
    fake.fail("disable", { type: "error", status: 503, message: "Service unavailable" });
    const failed = await call("POST", CANCEL_SUBSCRIPTION_PATH, cookie);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/payment provider/);
    expect(await subscriptionOf(cookie)).toMatchObject({ renews: true });
    expect(fake.subscriptions.get(subscription.code)?.status).toBe("active");
    expect((await call("POST", CANCEL_SUBSCRIPTION_PATH, cookie)).statusCode).toBe(200);
    expect(fake.subscriptions.get(subscription.code)?.status).toBe("non-renewing");
  });

  it("answers 401 signed out and 409 with no plan", async () => {
    expect((await call("POST", CANCEL_SUBSCRIPTION_PATH)).statusCode).toBe(401);
    const { cookie } = await registerUser(t.app);
    const none = await call("POST", CANCEL_SUBSCRIPTION_PATH, cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(NOTHING_TO_CANCEL);
    expect(fake.count("disable")).toBe(0);
  });

  it("stops renewing when Paystack says so (subscription.not_renew), without asking it again", async () => {
    const { cookie, subscription } = await subscriber();
    expect((await deliver(fake.subscriptionWebhook(subscription.code, "subscription.not_renew"))).statusCode).toBe(200);
    expect(await subscriptionOf(cookie)).toMatchObject({ subscriptionStatus: "active", renews: false });
    expect(fake.count("disable")).toBe(0);
  });

  it("files Paystack's renewal charge as a payment and extends the plan once, however often delivered", async () => {
    const { cookie, subscription } = await subscriber();
    const before = new Date((await subscriptionOf(cookie)).subscriptionEndDate);
    const renewal = fake.renew(subscription.code);
    for (let i = 0; i < 2; i += 1) expect((await deliver(renewal)).json()).toEqual({ message: "Received" });
    expect((await subscriptionOf(cookie)).subscriptionEndDate).toBe(addCalendarMonths(before, 1).toISOString());
    const history = (await call("GET", "/api/user/payments", cookie)).json() as Array<Record<string, unknown>>;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ paystackReference: renewal.reference, status: "success", plan: "monthly" });
  });

  it("ignores a charge on a plan that is not ours, or for a customer we do not know", async () => {
    const { subscription } = await subscriber();
    const renewal = fake.renew(subscription.code);
    const event = JSON.parse(renewal.body);
    for (const data of [
      { ...event.data, plan: { plan_code: "PLN_someone_elses" } },
      { ...event.data, customer: { email: "stranger@example.com", customer_code: "CUS_stranger" } },
    ]) {
      const body = JSON.stringify({ ...event, data });
      const { createHmac } = await import("node:crypto");
      const signature = createHmac("sha512", fake.secretKey).update(body).digest("hex");
      expect((await deliver({ body, signature })).json()).toEqual({ message: "Ignored" });
    }
    const [row] = await t.database.db.select().from(payments).where(eq(payments.reference, renewal.reference));
    expect(row).toBeUndefined();
  });

  it("is cancelled before the account is deleted; when Paystack fails, nothing is deleted", async () => {
    const { cookie, user, subscription } = await subscriber();
    fake.fail("disable", { type: "disconnect" });
    const failed = await call("DELETE", "/api/user", cookie, { password: "s3cret-pass" });
    expect(failed.statusCode).toBe(502);
    expect(await userRow(user.id)).toBeDefined();
    const deleted = await call("DELETE", "/api/user", cookie, { password: "s3cret-pass" });
    expect(deleted.statusCode).toBe(200);
    expect(fake.subscriptions.get(subscription.code)?.status).toBe("non-renewing");
    expect(await userRow(user.id)).toBeUndefined();
  });
});

describe("a plan bought in the sandbox (PAYMENTS=sandbox)", () => {
  let s: TestApp;
  beforeAll(async () => {
    // A database of its own: the sandbox renews every plan due in it.
    s = await createTestApp();
  });
  afterAll(() => s?.close());

  async function sandboxSubscriber() {
    const { cookie, user } = await registerUser(s.app);
    const { reference } = (await call("POST", "/api/payments/initialize", cookie, { plan: "monthly" }, s.app)).json();
    const form = { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie };
    await s.app.inject({ method: "POST", url: `/payments/sandbox/${reference}/pay`, headers: form, payload: "" });
    return { cookie, user };
  }
  const deps = () => ({ db: s.database.db, config: s.config });
  const sandboxUser = async (id: string) => (await s.database.db.select().from(users).where(eq(users.id, id)))[0];

  it("renews at its end date with a sandbox payment, until cancelled; then it ends", async () => {
    const renewing = await sandboxSubscriber();
    const leaving = await sandboxSubscriber();
    expect(await subscriptionOf(renewing.cookie, s.app)).toMatchObject({ subscriptionStatus: "active", renews: true });
    expect((await call("POST", CANCEL_SUBSCRIPTION_PATH, leaving.cookie, undefined, s.app)).statusCode).toBe(200);
    expect(fake.count("disable")).toBe(0);

    // A month and a day on: the renewing plan is charged again, the cancelled one ends.
    const later = addCalendarMonths(new Date(Date.now() + 86_400_000), 1);
    expect(await renewSandboxSubscriptions(deps(), later)).toBe(1);
    expect(await renewSandboxSubscriptions(deps(), later)).toBe(0);
    await expireSubscriptions(s.database.db, later);
    const renewed = await sandboxUser(renewing.user.id);
    expect(renewed).toMatchObject({ subscriptionStatus: "active", subscriptionRenews: true, userType: "registered" });
    expect(renewed.subscriptionEndDate?.toISOString()).toBe(addCalendarMonths(later, 1).toISOString());
    const history = (await call("GET", "/api/user/payments", renewing.cookie, undefined, s.app)).json();
    expect(history.map((p: { status: string }) => p.status)).toEqual(["success", "success"]);
    expect(await sandboxUser(leaving.user.id)).toMatchObject({ subscriptionStatus: "expired", userType: "guest" });
  });

  it("does nothing in paystack mode, where Paystack charges the card", async () => {
    await subscriber();
    expect(
      await renewSandboxSubscriptions({ db: t.database.db, config: t.config }, new Date(Date.now() + 400 * 86_400_000)),
    ).toBe(0);
  });
});
