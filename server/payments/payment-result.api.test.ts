import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentPath } from "../../contract/payments";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { type FakePaystack, startFakePaystack } from "../../test/fakes/paystack";
import { render } from "../../web/entry-server";
import { payments } from "../db/schema";
import { fillTemplate, type PageRenderer } from "../pages/routes";

// The result page and the payment it shows: the real React server render (no scripts run), so
// these tests read what a reader without JavaScript reads.
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>`;
const renderer: PageRenderer = {
  async render({ url, head, queries }) {
    return fillTemplate(TEMPLATE, { head, appHtml: (await render(url, queries)).html, queries });
  },
};

/** Words only a verified success may show. */
const SUCCESS_WORDING = /Payment Successful|subscription is now active|Start Creating Articles/i;

let fake: FakePaystack;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakePaystack();
  t = await createTestApp(
    { PAYMENTS: "paystack", PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url },
    { pages: renderer },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });

async function startPayment(cookie?: string) {
  const owner = cookie ? { cookie } : await registerUser(t.app);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/payments/initialize",
    headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    payload: { plan: "monthly" },
  });
  expect(response.statusCode).toBe(200);
  return { cookie: owner.cookie, reference: response.json().reference as string };
}

async function storedStatus(reference: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.reference, reference));
  return row.status;
}

/** Moves a checkout's start `minutes` into the past. */
async function startedAgo(reference: string, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000);
  await t.database.db.update(payments).set({ createdAt: at, updatedAt: at }).where(eq(payments.reference, reference));
}

/** The rendered page's body (the app's HTML), without the preloaded JSON. */
async function resultPage(reference: string | null, cookie?: string) {
  const url = reference === null ? "/payment/success" : `/payment/success?reference=${encodeURIComponent(reference)}`;
  const response = await get(url, cookie);
  expect(response.statusCode).toBe(200);
  const body = response.body;
  const app = body.slice(body.indexOf('<div id="root">'), body.indexOf('<script id="__APP_DATA__"'));
  const title = /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? "";
  return { app, title };
}

describe("GET /api/user/payments/{reference}", () => {
  it("asks visitors to sign in, refuses malformed references, and hides unknown and other users' ones", async () => {
    const { reference } = await startPayment();
    expect((await get(paymentPath(reference))).statusCode).toBe(401);
    const stranger = await registerUser(t.app);
    const theirs = await get(paymentPath(reference), stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toMatch(/No payment with this reference/);
    expect((await get(paymentPath("vs_nothing_here"), stranger.cookie)).statusCode).toBe(404);
    for (const bad of ["a b", `${"x".repeat(99)}!`, "<script>", "%00", "a/b"]) {
      const response = await get(`/api/user/payments/${encodeURIComponent(bad)}`, stranger.cookie);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    // Longer than any path parameter the router takes: not a route at all (a 404, never a 500).
    expect((await get(`/api/user/payments/${"x".repeat(101)}`, stranger.cookie)).statusCode).toBe(404);
    // A stranger's look never asked Paystack about someone else's payment.
    expect(fake.count("verify")).toBe(0);
  });

  it("verifies a pending payment with Paystack: paid settles it and shows success", async () => {
    const { cookie, reference } = await startPayment();
    fake.complete(reference, { status: "success" });
    const response = await get(paymentPath(reference), cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ paystackReference: reference, status: "success", currency: "GHS" });
    expect(await storedStatus(reference)).toBe("success");
    expect((await get("/api/user/subscription", cookie)).json().subscriptionStatus).toBe("active");
    // Settled: not asked again.
    await get(paymentPath(reference), cookie);
    expect(fake.count("verify")).toBe(1);
  });

  it.each([
    ["ongoing", "pending"],
    ["processing", "pending"],
    ["failed", "failed"],
    ["reversed", "failed"],
  ] as const)("Paystack's %s is shown as %s", async (said, shown) => {
    const { cookie, reference } = await startPayment();
    fake.complete(reference, { status: said });
    expect((await get(paymentPath(reference), cookie)).json().status).toBe(shown);
    expect(await storedStatus(reference)).toBe(shown);
  });

  it("an abandoned checkout is pending for an hour, then abandoned (stored once verified)", async () => {
    const { cookie, reference } = await startPayment();
    fake.complete(reference, { status: "abandoned" });
    expect((await get(paymentPath(reference), cookie)).json().status).toBe("pending");
    expect(await storedStatus(reference)).toBe("pending");
    await startedAgo(reference, 61);
    expect((await get(paymentPath(reference), cookie)).json().status).toBe("abandoned");
    expect(await storedStatus(reference)).toBe("abandoned");
  });

  it("shows the stored state, never success, when Paystack cannot be reached", async () => {
    const { cookie, reference } = await startPayment();
    fake.complete(reference, { status: "success" });
    fake.fail("verify", { type: "disconnect" });
    const response = await get(paymentPath(reference), cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe("pending");
  });
});

describe("GET /api/user/payments (history)", () => {
  it("lists the user's own payments newest first, an unpaid one over an hour old as abandoned", async () => {
    const first = await startPayment();
    const second = await startPayment(first.cookie);
    await startedAgo(first.reference, 90);
    const other = await startPayment();
    expect((await get("/api/user/payments")).statusCode).toBe(401);
    const list = (await get("/api/user/payments", first.cookie)).json();
    expect(list.map((p: { paystackReference: string }) => p.paystackReference)).toEqual([
      second.reference,
      first.reference,
    ]);
    expect(list[0]).toMatchObject({ status: "pending", plan: "monthly", amount: 200, currency: "GHS" });
    expect(list[1].status).toBe("abandoned");
    expect(JSON.stringify(list)).not.toContain(other.reference);
  });

  it("is a server-rendered table on the Subscription page", async () => {
    const { cookie, reference } = await startPayment();
    await startedAgo(reference, 90);
    const response = await get("/subscription", cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-testid="payment-history"');
    expect(response.body).toContain(reference);
    expect(response.body).toContain("Abandoned");
    expect(response.body).toContain("GH₵2.00");
    // The plan cards say truthfully that a plan renews, and how it stops.
    expect(response.body).toContain("Renews monthly until you cancel; cancel anytime");
  });
});

describe("/payment/success?reference=", () => {
  it("says success only for a verified, paid payment", async () => {
    const { cookie, reference } = await startPayment();
    fake.complete(reference, { status: "success" });
    const page = await resultPage(reference, cookie);
    expect(page.app).toContain("Payment Successful!");
    expect(page.app).toContain(reference);
  });

  it.each([
    ["ongoing", 0, "Payment Pending"],
    ["failed", 0, "Payment Failed"],
    ["reversed", 0, "Payment Failed"],
    ["abandoned", 0, "Payment Pending"],
    ["abandoned", 61, "Checkout Abandoned"],
  ] as const)("Paystack %s (started %i minutes ago) reads %s, never success", async (said, minutes, heading) => {
    const { cookie, reference } = await startPayment();
    fake.complete(reference, { status: said });
    if (minutes) await startedAgo(reference, minutes);
    const page = await resultPage(reference, cookie);
    expect(page.app).toContain(heading);
    expect(page.app).not.toMatch(SUCCESS_WORDING);
    expect(page.title).not.toMatch(/Success/i);
  });

  it("claims nothing for someone else's, an unknown, a malformed or a missing reference, or a visitor", async () => {
    const { reference } = await startPayment();
    fake.complete(reference, { status: "success" });
    const stranger = await registerUser(t.app);
    const cases: Array<[string | null, string | undefined, string]> = [
      [reference, stranger.cookie, "Payment Not Found"],
      ["vs_unknown_0000", stranger.cookie, "Payment Not Found"],
      ["<b>not a reference</b>", stranger.cookie, "Payment Not Found"],
      [null, stranger.cookie, "No Payment to Show"],
      [reference, undefined, "Sign In to See This Payment"],
    ];
    for (const [ref, cookie, heading] of cases) {
      const page = await resultPage(ref, cookie);
      expect(page.app, String(ref)).toContain(heading);
      expect(page.app, String(ref)).not.toMatch(SUCCESS_WORDING);
      expect(page.app).not.toContain("GH₵2.00");
    }
    // Neither the stranger nor the visitor made the owner's payment settle through Paystack.
    expect(fake.count("verify")).toBe(0);
    expect(await storedStatus(reference)).toBe("pending");
  });
});
