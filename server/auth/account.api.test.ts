import { readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FORGOT_PASSWORD_ANSWER,
  FORGOT_PASSWORD_PATH,
  MAILBOX_PATH,
  RESEND_VERIFICATION_PATH,
  RESET_PASSWORD_PATH,
  VERIFY_EMAIL_PATH,
} from "../../contract/account";
import { CANCEL_SUBSCRIPTION_PATH } from "../../contract/payments";
import { registerAdmin } from "../../test/admin";
import {
  addressPool,
  createTestApp,
  expectMessage,
  type RegisteredUser,
  registerUser,
  sessionCookie,
  TEST_ORIGIN,
  type TestApp,
} from "../../test/app";
import { accountTokens, users } from "../db/schema";
import { hashAccountToken } from "./account-tokens";
import { MAILS_PER_ADDRESS, MAILS_PER_CLIENT } from "./throttle";

let t: TestApp;
let admin: RegisteredUser;
const nextAddress = addressPool(180);

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "chief@example.com" });
  admin = await registerAdmin(t, { email: "chief@example.com" });
});
afterAll(() => t?.close());

const post = (url: string, payload?: unknown, { cookie, ip }: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({
    method: "POST",
    url,
    remoteAddress: ip ?? nextAddress(),
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
const signIn = (email: string, password: string) => post("/api/auth/login", { email, password }, { ip: nextAddress() });

/** Every mail the dev mailbox holds for an address, newest first, once pending mail is out. */
async function mailTo(email: string) {
  await t.app.mailer.settled();
  const mailbox = t.app.mailer.mailbox;
  if (!mailbox) throw new Error("no dev mailbox");
  const summaries = (await mailbox.list()).filter((m) => m.to === email);
  return Promise.all(summaries.map(async (m) => (await mailbox.read(m.id)) ?? Promise.reject(new Error(m.id))));
}

/** The token of the newest link to `path` mailed to the address. */
async function tokenMailed(email: string, path: string): Promise<string> {
  for (const mail of await mailTo(email)) {
    const link = mail.text.split(/\s+/).find((word) => word.startsWith(`${TEST_ORIGIN}${path}?token=`));
    if (link) return new URL(link).searchParams.get("token") ?? "";
  }
  throw new Error(`no ${path} link mailed to ${email}`);
}

describe("a forgotten password", () => {
  it("answers 202 with the same body for an address with an account and one without", async () => {
    const known = await registerUser(t.app);
    const unknown = `nobody.${Date.now()}@example.com`;
    const a = await post(FORGOT_PASSWORD_PATH, { email: known.account.email });
    const b = await post(FORGOT_PASSWORD_PATH, { email: unknown });
    expect(a.statusCode, a.body).toBe(202);
    expect(b.statusCode, b.body).toBe(202);
    expect(a.body).toBe(b.body);
    expect(a.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    // The link goes to the account's address only.
    const mails = await mailTo(known.account.email);
    expect(mails.map((m) => m.subject)).toContain("Choose a new VidScribe password");
    expect(await mailTo(unknown)).toEqual([]);
  });

  it("answers before looking the address up (the work is off the request path)", async () => {
    const known = await registerUser(t.app);
    await t.app.mailer.settled();
    // Hold the mailer's deferred work: the answer must come while it has not run at all.
    const held: Array<() => Promise<void>> = [];
    const later = t.app.mailer.later;
    t.app.mailer.later = (_what, task) => void held.push(task);
    try {
      const response = await post(FORGOT_PASSWORD_PATH, { email: known.account.email });
      expect(response.statusCode).toBe(202);
      expect(held).toHaveLength(1);
      const tokens = () => t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, known.user.id));
      expect((await tokens()).filter((r) => r.purpose === "password-reset")).toHaveLength(0);
      await held[0]();
      expect((await tokens()).filter((r) => r.purpose === "password-reset")).toHaveLength(1);
    } finally {
      t.app.mailer.later = later;
    }
  });

  it(`is throttled per address (${MAILS_PER_ADDRESS}) and per client (${MAILS_PER_CLIENT})`, async () => {
    const email = `flood.${Date.now()}@example.com`;
    for (let i = 0; i < MAILS_PER_ADDRESS; i++) {
      expect((await post(FORGOT_PASSWORD_PATH, { email })).statusCode).toBe(202);
    }
    const held = await post(FORGOT_PASSWORD_PATH, { email: email.toUpperCase() });
    expectMessage(held, 429, /Too many password reset emails/);
    expect(Number(held.headers["retry-after"])).toBeGreaterThan(0);

    const ip = "10.181.0.1";
    for (let i = 0; i < MAILS_PER_CLIENT; i++) {
      expect(
        (await post(FORGOT_PASSWORD_PATH, { email: `spray${i}.${Date.now()}@example.com` }, { ip })).statusCode,
      ).toBe(202);
    }
    expectMessage(await post(FORGOT_PASSWORD_PATH, { email: "one-more@example.com" }, { ip }), 429, /network/);
  });

  it("refuses a bad address with a 400 and a sentence", async () => {
    for (const payload of [
      {},
      { email: "" },
      { email: "not-an-email" },
      { email: 42 },
      { email: "a".repeat(400) },
      [],
    ]) {
      const response = await post(FORGOT_PASSWORD_PATH, payload);
      expectMessage(response, 400);
    }
  });
});

describe("resetting the password with the mailed link", () => {
  it("sets the password once, ends every session, and the old password stops working", async () => {
    const owner = await registerUser(t.app);
    const other = await signIn(owner.account.email, owner.account.password);
    const otherCookie = sessionCookie(other);
    expect((await me(owner.cookie)).statusCode).toBe(200);

    await post(FORGOT_PASSWORD_PATH, { email: owner.account.email });
    const token = await tokenMailed(owner.account.email, "/reset-password");
    // Only the token's hash is stored.
    const [row] = await t.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.id, hashAccountToken(token)));
    expect(row).toMatchObject({ purpose: "password-reset", userId: owner.user.id });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 60 * 1000);

    const reset = await post(RESET_PASSWORD_PATH, { token, password: "brand-new-pass" });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toMatch(/password has been changed/);

    // Every session of the user is over, the one that asked included.
    expect((await me(owner.cookie)).statusCode).toBe(401);
    expect((await me(otherCookie)).statusCode).toBe(401);
    expect((await signIn(owner.account.email, owner.account.password)).statusCode).toBe(401);
    expect((await signIn(owner.account.email, "brand-new-pass")).statusCode).toBe(200);

    // The link works once.
    expectMessage(await post(RESET_PASSWORD_PATH, { token, password: "third-password" }), 400, /not valid/);
    expect((await signIn(owner.account.email, "brand-new-pass")).statusCode).toBe(200);
  });

  it("refuses a link older than 30 minutes", async () => {
    const owner = await registerUser(t.app);
    await post(FORGOT_PASSWORD_PATH, { email: owner.account.email });
    const token = await tokenMailed(owner.account.email, "/reset-password");
    // 30 minutes and a second later: the row's expiry is in the past.
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.id, hashAccountToken(token)));
    expectMessage(await post(RESET_PASSWORD_PATH, { token, password: "brand-new-pass" }), 400, /expired/);
    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect((await signIn(owner.account.email, owner.account.password)).statusCode).toBe(200);
  });

  it("keeps the sign-up's password rules and refuses junk tokens with a 400", async () => {
    const owner = await registerUser(t.app);
    await post(FORGOT_PASSWORD_PATH, { email: owner.account.email });
    const token = await tokenMailed(owner.account.email, "/reset-password");
    expectMessage(await post(RESET_PASSWORD_PATH, { token, password: "short" }), 400, /at least 6/);
    expectMessage(await post(RESET_PASSWORD_PATH, { token, password: "x".repeat(500) }), 400, /at most/);
    for (const bad of ["", " ", "x".repeat(500), "a\u0000b", 12, null]) {
      const response = await post(RESET_PASSWORD_PATH, { token: bad, password: "good-password" });
      expectMessage(response, 400);
    }
    // The real link still works after all that.
    expect((await post(RESET_PASSWORD_PATH, { token, password: "good-password" })).statusCode).toBe(200);
  });

  it("leaves a reset token of one kind useless as the other", async () => {
    const owner = await registerUser(t.app);
    const verifyToken = await tokenMailed(owner.account.email, "/verify-email");
    expectMessage(await post(RESET_PASSWORD_PATH, { token: verifyToken, password: "good-password" }), 400);
  });
});

describe("verifying the email address", () => {
  it("mails a link at sign-up; the link verifies the address once", async () => {
    const owner = await registerUser(t.app);
    expect(owner.user.emailVerified).toBe(false);
    const [mail] = await mailTo(owner.account.email);
    expect(mail.subject).toBe("Confirm your email address for VidScribe");
    expect(mail.html).toContain("/verify-email?token=");
    const token = await tokenMailed(owner.account.email, "/verify-email");

    // Signed out: the link may be opened in another browser.
    const verified = await post(VERIFY_EMAIL_PATH, { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().message).toMatch(/verified/);
    expect((await me(owner.cookie)).json()).toMatchObject({ emailVerified: true, role: "user" });
    expectMessage(await post(VERIFY_EMAIL_PATH, { token }), 400, /not valid/);
  });

  it("refuses an expired, unknown or malformed link with a 400", async () => {
    const owner = await registerUser(t.app);
    const token = await tokenMailed(owner.account.email, "/verify-email");
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.id, hashAccountToken(token)));
    expectMessage(await post(VERIFY_EMAIL_PATH, { token }), 400, /expired/);
    for (const payload of [{}, { token: "" }, { token: "nope" }, { token: ["a"] }, { token: "\ud800" }]) {
      expectMessage(await post(VERIFY_EMAIL_PATH, payload), 400);
    }
    expect((await me(owner.cookie)).json().emailVerified).toBe(false);
  });

  it("lets unverified users use the product", async () => {
    const owner = await registerUser(t.app);
    expect((await t.app.inject({ url: "/api/user/limits", headers: { cookie: owner.cookie } })).json()).toMatchObject({
      canCreate: true,
    });
  });

  it("sends a new link on request, throttled, and not once verified", async () => {
    const owner = await registerUser(t.app);
    await t.app.mailer.settled();
    const sent = await post(RESEND_VERIFICATION_PATH, undefined, { cookie: owner.cookie });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().message).toMatch(/new verification link/);
    expect(await mailTo(owner.account.email)).toHaveLength(2);
    for (let i = 1; i < MAILS_PER_ADDRESS; i++) {
      expect((await post(RESEND_VERIFICATION_PATH, undefined, { cookie: owner.cookie })).statusCode).toBe(202);
    }
    const held = await post(RESEND_VERIFICATION_PATH, undefined, { cookie: owner.cookie });
    expectMessage(held, 429, /Too many verification emails/);
    expect(await mailTo(owner.account.email)).toHaveLength(1 + MAILS_PER_ADDRESS);

    // Any of the links verifies; afterwards a new one is refused.
    expect(
      (await post(VERIFY_EMAIL_PATH, { token: await tokenMailed(owner.account.email, "/verify-email") })).statusCode,
    ).toBe(200);
    const other = await registerUser(t.app);
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, other.user.id));
    expectMessage(await post(RESEND_VERIFICATION_PATH, undefined, { cookie: other.cookie }), 409, /already verified/);
  });
});

describe("ADMIN_EMAILS", () => {
  it("makes a listed address admin only once it is verified, by its mailed link", async () => {
    const app = await createTestApp({ ADMIN_EMAILS: "Lead@Example.com" });
    try {
      const lead = await registerUser(app.app, { email: "lead@example.com" });
      expect(lead.user.role).toBe("user");
      const role = async () =>
        (await app.app.inject({ url: "/api/auth/user", headers: { cookie: lead.cookie } })).json().role;
      expect(await role()).toBe("user");
      await app.app.mailer.settled();
      const [summary] = (await app.app.mailer.mailbox?.list()) ?? [];
      const mail = await app.app.mailer.mailbox?.read(summary.id);
      const link = mail?.text.split(/\s+/).find((w) => w.includes("/verify-email?token=")) ?? "";
      const verified = await app.app.inject({
        method: "POST",
        url: VERIFY_EMAIL_PATH,
        headers: { origin: TEST_ORIGIN },
        payload: { token: new URL(link).searchParams.get("token") },
      });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(await role()).toBe("admin");

      // An address not listed stays a user when verified.
      const plain = await registerUser(app.app, { email: "lead@example.com.evil.test" });
      await app.app.mailer.settled();
      const plainMail = (await app.app.mailer.mailbox?.list())?.find((m) => m.to === "lead@example.com.evil.test");
      const plainText = (await app.app.mailer.mailbox?.read(plainMail?.id ?? ""))?.text ?? "";
      const plainLink = plainText.split(/\s+/).find((w) => w.includes("/verify-email?token=")) ?? "";
      await app.app.inject({
        method: "POST",
        url: VERIFY_EMAIL_PATH,
        headers: { origin: TEST_ORIGIN },
        payload: { token: new URL(plainLink).searchParams.get("token") },
      });
      const plainMe = await app.app.inject({ url: "/api/auth/user", headers: { cookie: plain.cookie } });
      expect(plainMe.json()).toMatchObject({ emailVerified: true, role: "user" });
    } finally {
      await app.close();
    }
  });
});

describe("the dev mailbox", () => {
  it("writes every mail as a file under DATA_DIR/mail", async () => {
    await registerUser(t.app);
    await t.app.mailer.settled();
    const files = readdirSync(join(t.config.dataDir, "mail"));
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f) => /^\d{13}-[0-9a-f]{16}\.json$/.test(f))).toBe(true);
  });

  it("is read through the API by admins only", async () => {
    const owner = await registerUser(t.app);
    await t.app.mailer.settled();
    const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
    const list = await get(MAILBOX_PATH, admin.cookie);
    expect(list.statusCode, list.body).toBe(200);
    const mine = list.json().find((m: { to: string }) => m.to === owner.account.email);
    expect(mine).toMatchObject({ subject: "Confirm your email address for VidScribe" });
    const message = await get(`${MAILBOX_PATH}/${mine.id}`, admin.cookie);
    expect(message.statusCode).toBe(200);
    expect(message.json().text).toContain("/verify-email?token=");
    expectMessage(await get(`${MAILBOX_PATH}/0000000000000-0000000000000000`, admin.cookie), 404);
    expectMessage(await get(`${MAILBOX_PATH}/..%2Fapp-secret`, admin.cookie), 400);
  });
});

describe("the access matrix", () => {
  it("answers each new route as it should, signed out, as a user and as an admin", async () => {
    const user = await registerUser(t.app);
    const anyMessage = (await t.app.mailer.mailbox?.list())?.[0]?.id ?? "0000000000000-0000000000000000";
    type Cell = [
      method: "GET" | "POST",
      url: string,
      payload: unknown,
      signedOut: number,
      asUser: number,
      asAdmin: number,
    ];
    const cells: Cell[] = [
      ["POST", FORGOT_PASSWORD_PATH, { email: "someone@example.com" }, 202, 202, 202],
      ["POST", RESET_PASSWORD_PATH, { token: "not-a-live-token", password: "good-password" }, 400, 400, 400],
      ["POST", VERIFY_EMAIL_PATH, { token: "not-a-live-token" }, 400, 400, 400],
      // The admin's address is verified: a new link is refused (409); the user's is not.
      ["POST", RESEND_VERIFICATION_PATH, undefined, 401, 202, 409],
      ["GET", MAILBOX_PATH, undefined, 401, 403, 200],
      ["GET", `${MAILBOX_PATH}/${anyMessage}`, undefined, 401, 403, 200],
      // Neither has a plan that renews: nothing to cancel.
      ["POST", CANCEL_SUBSCRIPTION_PATH, undefined, 401, 409, 409],
    ];
    for (const [method, url, payload, ...expected] of cells) {
      const statuses: number[] = [];
      for (const cookie of [undefined, user.cookie, admin.cookie]) {
        const response =
          method === "GET"
            ? await t.app.inject({ url, headers: cookie ? { cookie } : {} })
            : await post(url, payload, { cookie });
        statuses.push(response.statusCode);
      }
      expect(statuses, `${method} ${url}`).toEqual(expected);
    }
  });
});
