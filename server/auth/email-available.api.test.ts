import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_AVAILABLE_PATH, EMAIL_TAKEN } from "../../contract/auth";
import type { RegisterAnswer } from "../../contract/auth-forms";
import { registerAdmin } from "../../test/admin";
import { addressPool, createTestApp, expectMessage, newAccount, registerUser, type TestApp } from "../../test/app";
import { formAnswerIn, postForm, recordingRenderer } from "../../test/form-posts";
import { EMAIL_CHECKS_PER_CLIENT } from "./throttle";

let t: TestApp;
const nextAddress = addressPool(77);

beforeAll(async () => {
  t = await createTestApp({}, { pages: recordingRenderer });
});
afterAll(async () => {
  await t?.close();
});

const check = (email: string | undefined, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: "GET",
    url: email === undefined ? EMAIL_AVAILABLE_PATH : `${EMAIL_AVAILABLE_PATH}?email=${encodeURIComponent(email)}`,
    remoteAddress,
  });

describe("GET /api/auth/email-available", () => {
  it("says a free address is free and a taken one (in any case) is not", async () => {
    const { account } = await registerUser(t.app);
    const free = await check(newAccount().email);
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toEqual({ available: true });
    const taken = await check(` ${account.email.toUpperCase()} `);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ available: false });
  });

  it("is in the access matrix: the same answer signed out, as a user and as an admin", async () => {
    const user = await registerUser(t.app);
    const admin = await registerAdmin(t);
    const statuses: number[] = [];
    for (const cookie of [undefined, user.cookie, admin.cookie]) {
      const response = await t.app.inject({
        url: `${EMAIL_AVAILABLE_PATH}?email=${encodeURIComponent(user.account.email)}`,
        remoteAddress: nextAddress(),
        headers: cookie ? { cookie } : {},
      });
      statuses.push(response.statusCode);
      expect(response.json()).toEqual({ available: false });
    }
    expect(statuses).toEqual([200, 200, 200]);
  });

  it("answers bad input with a 400 sentence, never a 500", async () => {
    expectMessage(await check(undefined), 400, /email/i);
    expectMessage(await check(""), 400, /Email is required/);
    expectMessage(await check("not-an-email"), 400, /valid email/);
    expectMessage(await check(`${"a".repeat(400)}@example.com`), 400, /at most/);
    expect((await check("a\u0000b@example.com")).statusCode).toBe(400);
  });

  it("is throttled per client", async () => {
    const ip = nextAddress();
    for (let i = 0; i < EMAIL_CHECKS_PER_CLIENT; i += 1) {
      expect((await check(newAccount().email, ip)).statusCode).toBe(200);
    }
    const refused = await check(newAccount().email, ip);
    expectMessage(refused, 429, /Too many address checks/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another client is not held up.
    expect((await check(newAccount().email)).statusCode).toBe(200);
  });
});

describe("sign-up's first step without JavaScript", () => {
  it("stays on step 1 with the API's words when the address is taken", async () => {
    const { account } = await registerUser(t.app);
    const response = await postForm(
      t.app,
      "/register",
      [
        ["step", "1"],
        ["firstName", "Kofi"],
        ["lastName", "Boateng"],
        ["email", account.email],
        ["password", "another-pass"],
      ],
      { remoteAddress: nextAddress() },
    );
    expect(response.statusCode).toBe(409);
    const answer = formAnswerIn<RegisterAnswer>(response.body, "register");
    expect(answer.step).toBe(1);
    expect(answer.error?.description).toBe(EMAIL_TAKEN);
  });
});

describe("/login and /register when signed in", () => {
  it("send a signed-in user home and show visitors the page", async () => {
    const { cookie } = await registerUser(t.app);
    for (const url of ["/login", "/register", "/login?reset=1"]) {
      const signedIn = await t.app.inject({ method: "GET", url, headers: { cookie } });
      expect(signedIn.statusCode, url).toBe(303);
      expect(signedIn.headers.location).toBe("/");
      const visitor = await t.app.inject({ method: "GET", url });
      expect(visitor.statusCode, url).toBe(200);
    }
  });
});
