import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORGOT_PASSWORD_PATH } from "../../contract/account";
import type { FormAnswer } from "../../contract/auth-forms";
import { MAILBOX_KEY, mailMessageQueryKey } from "../../contract/query-keys";
import { registerAdmin } from "../../test/admin";
import {
  addressPool,
  createTestApp,
  type RegisteredUser,
  registerUser,
  TEST_ORIGIN,
  type TestApp,
} from "../../test/app";
import { formAnswerIn, postForm, recordingRenderer, renderedPage } from "../../test/form-posts";
import { users } from "../db/schema";

// The account's mailed-link forms posted without JavaScript (server/pages/account-posts.ts), and
// the dev mailbox page (/admin/mailbox) as the server renders it.

let t: TestApp;
let admin: RegisteredUser;
const nextAddress = addressPool(190);

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "chief@example.com" }, { pages: recordingRenderer });
  admin = await registerAdmin(t, { email: "chief@example.com" });
});
afterAll(() => t?.close());

const form = (url: string, fields: Array<[string, string]>, cookie?: string) =>
  postForm(t.app, url, fields, { cookie, remoteAddress: nextAddress() });
const me = (cookie: string) => t.app.inject({ url: "/api/auth/user", headers: { cookie } });

async function tokenMailed(email: string, path: string): Promise<string> {
  await t.app.mailer.settled();
  const mailbox = t.app.mailer.mailbox;
  for (const summary of (await mailbox?.list()) ?? []) {
    if (summary.to !== email) continue;
    const text = (await mailbox?.read(summary.id))?.text ?? "";
    const link = text.split(/\s+/).find((w) => w.startsWith(`${TEST_ORIGIN}${path}?token=`));
    if (link) return new URL(link).searchParams.get("token") ?? "";
  }
  throw new Error(`no ${path} link for ${email}`);
}

describe("the forgotten-password form", () => {
  it("redirects to the page's 'sent' answer, for any address, and mails the owner", async () => {
    const owner = await registerUser(t.app);
    for (const email of [owner.account.email, `nobody.${Date.now()}@example.com`]) {
      const response = await form("/forgot-password", [["email", email]]);
      expect(response.statusCode, response.body).toBe(303);
      expect(response.headers.location).toBe("/forgot-password?sent=1");
    }
    expect(await tokenMailed(owner.account.email, "/reset-password")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("answers a bad or missing address with the page again and the sentence", async () => {
    const missing = await form("/forgot-password", [["email", " "]]);
    expect(missing.statusCode).toBe(400);
    expect(formAnswerIn<FormAnswer<{ email: string }>>(missing.body, "forgot-password").error?.description).toMatch(
      /enter your email/,
    );
    const bad = await form("/forgot-password", [["email", "not-an-email"]]);
    expect(bad.statusCode).toBe(400);
    const answer = formAnswerIn<FormAnswer<{ email: string }>>(bad.body, "forgot-password");
    expect(answer.values.email).toBe("not-an-email");
    expect(answer.error?.description).toMatch(/valid email/);
  });

  it("answers a spent allowance with the page and a 429, the API and the form counting together", async () => {
    const email = `form-flood.${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) {
      const api = await t.app.inject({
        method: "POST",
        url: FORGOT_PASSWORD_PATH,
        remoteAddress: nextAddress(),
        headers: { origin: TEST_ORIGIN },
        payload: { email },
      });
      expect(api.statusCode).toBe(202);
    }
    const held = await form("/forgot-password", [["email", email]]);
    expect(held.statusCode).toBe(429);
    expect(held.headers["retry-after"]).toBeDefined();
    expect(formAnswerIn<FormAnswer<unknown>>(held.body, "forgot-password").error?.description).toMatch(/Too many/);
  });
});

describe("the new-password form", () => {
  it("sets the password, ends the sessions and sends the person to sign in", async () => {
    const owner = await registerUser(t.app);
    await form("/forgot-password", [["email", owner.account.email]]);
    const token = await tokenMailed(owner.account.email, "/reset-password");

    const short = await form("/reset-password", [
      ["token", token],
      ["password", "abc"],
    ]);
    expect(short.statusCode).toBe(400);
    const answer = formAnswerIn<FormAnswer<{ token: string }>>(short.body, "reset-password");
    expect(answer.error?.title).toBe("Password too short");
    // The token comes back in the answer (the form needs it to be sent again), never in the URL.
    expect(answer.values.token).toBe(token);
    expect(renderedPage(short.body).url).toBe("/reset-password");

    const done = await form("/reset-password", [
      ["token", token],
      ["password", "form-new-pass"],
    ]);
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe("/login?reset=1");
    expect((await me(owner.cookie)).statusCode).toBe(401);

    const again = await form("/reset-password", [
      ["token", token],
      ["password", "form-new-pass"],
    ]);
    expect(again.statusCode).toBe(400);
    expect(formAnswerIn<FormAnswer<unknown>>(again.body, "reset-password").error?.description).toMatch(/not valid/);
  });
});

describe("the verify-email form", () => {
  it("verifies with the link's token and redirects to the page's answer", async () => {
    const owner = await registerUser(t.app);
    const token = await tokenMailed(owner.account.email, "/verify-email");
    const done = await form("/verify-email", [["token", token]]);
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe("/verify-email?verified=1");
    expect((await me(owner.cookie)).json().emailVerified).toBe(true);

    const used = await form("/verify-email", [["token", token]]);
    expect(used.statusCode).toBe(400);
    expect(formAnswerIn<FormAnswer<unknown>>(used.body, "verify-email").error?.description).toMatch(/not valid/);
    expect((await form("/verify-email", [])).statusCode).toBe(400);
  });
});

describe("the profile's 'send a new link' button", () => {
  it("mails a new link to a signed-in user who has not verified", async () => {
    const owner = await registerUser(t.app);
    const sent = await form("/profile", [["intent", "resend-verification"]], owner.cookie);
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe("/profile?verification=sent");
    await t.app.mailer.settled();
    const mails = (await t.app.mailer.mailbox?.list())?.filter((m) => m.to === owner.account.email) ?? [];
    expect(mails).toHaveLength(2);
  });

  it("sends visitors to sign in, and tells a verified user so", async () => {
    const signedOut = await form("/profile", [["intent", "resend-verification"]]);
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe("/login");
    const owner = await registerUser(t.app);
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, owner.user.id));
    const refused = await form("/profile", [["intent", "resend-verification"]], owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(formAnswerIn<FormAnswer<unknown>>(refused.body, "resend-verification").error?.description).toMatch(
      /already verified/,
    );
    const unknownIntent = await form("/profile", [["intent", "delete-everything"]], owner.cookie);
    expect(unknownIntent.statusCode).toBe(400);
  });
});

describe("the mailbox page", () => {
  it("is rendered with the messages, and the one asked for, for an admin only", async () => {
    const owner = await registerUser(t.app);
    await t.app.mailer.settled();
    const id = (await t.app.mailer.mailbox?.list())?.find((m) => m.to === owner.account.email)?.id ?? "";
    const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

    const asAdmin = await page(`/admin/mailbox?message=${id}`, admin.cookie);
    expect(asAdmin.statusCode).toBe(200);
    const queries = renderedPage(asAdmin.body).queries;
    const list = queries.find((q) => q.queryKey[0] === MAILBOX_KEY[0])?.data as Array<{ id: string }>;
    expect(list.some((m) => m.id === id)).toBe(true);
    const message = queries.find((q) => q.queryKey[0] === mailMessageQueryKey(id)[0])?.data as { text: string };
    expect(message.text).toContain("/verify-email?token=");

    for (const cookie of [owner.cookie, undefined]) {
      const other = await page(`/admin/mailbox?message=${id}`, cookie);
      expect(other.statusCode).toBe(200);
      const seen = JSON.stringify(renderedPage(other.body).queries);
      expect(seen).not.toContain("/api/admin/mailbox");
      expect(seen).not.toContain("token=");
    }
  });
});
