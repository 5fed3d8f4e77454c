import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_ARTICLE_LIMIT } from "../../contract/options";
import {
  addressPool,
  createTestApp,
  expectMessage,
  newAccount,
  registerUser,
  sessionCookie,
  TEST_ORIGIN,
  type TestApp,
} from "../../test/app";
import { sessions, users } from "../db/schema";
import { ADMIN_SETUP_TTL_MS, adminSetupToken, adminSetupUrl, needsAdminSetup } from "./admin-setup";
import { SESSION_CACHE_MS } from "./session-cache";
import { SESSION_IDLE_MS } from "./sessions";

/** An error answer as the API promises it: JSON `{ message }` with one readable sentence. */
function expectError(response: LightMyRequestResponse, status: number, message?: RegExp) {
  const text = expectMessage(response, status, message);
  // Readable: not a serialised zod issue list, not zod's developer defaults, not a stack.
  expect(() => JSON.parse(text)).toThrow();
  expect(text).not.toMatch(/^\s*[[{]/);
  expect(text).not.toContain("Invalid input");
  expect(text).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
  expect(text.length).toBeLessThan(300);
  return text;
}

function cookieNamed(response: LightMyRequestResponse, name: string) {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in ${response.statusCode}: ${response.body}`);
  return cookie as typeof cookie & { sameSite?: string; httpOnly?: boolean; secure?: boolean; path?: string };
}

const tokenOf = (cookie: string) => cookie.slice("sid=".length);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Registration is rate limited per address (every attempt counts, valid or not); the many
// probes below each come from an address of their own so they never reach that limit.
const nextAddress = addressPool(1);

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url,
    remoteAddress: nextAddress(),
    headers: { origin: TEST_ORIGIN, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

async function countUsers() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row?.n);
}

describe("POST /api/auth/register", () => {
  it("creates a guest account, answers 201 with the user and signs it in", async () => {
    const account = newAccount({
      email: "  Mixed.Case@Example.COM  ",
      preferredCategories: ["Technology", "Science", "Technology"],
      preferredTopics: ["Startups", "Design"],
    });
    const response = await post("/api/auth/register", account);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const user = response.json();
    expect(user).toMatchObject({
      email: "Mixed.Case@Example.COM",
      firstName: "Ama",
      lastName: "Mensah",
      role: "user",
      userType: "guest",
      articlesGenerated: 0,
      subscriptionStatus: "inactive",
      subscriptionPlan: null,
      subscriptionEndDate: null,
      profileImageUrl: null,
      preferredCategories: ["Technology", "Science"],
      preferredTopics: ["Startups", "Design"],
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(user.createdAt))).toBe(false);
    expect(user).not.toHaveProperty("passwordHash");
    expect(user).not.toHaveProperty("password");
    expect(user).not.toHaveProperty("password_hash");
    expect(response.body).not.toContain("argon2");

    // The stored hash is argon2id, never the password itself.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(account.password);

    // The new cookie is a working session.
    const me = await get("/api/auth/user", sessionCookie(response));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it("sets an HttpOnly, SameSite=Lax, Path=/ session cookie, not Secure over http", async () => {
    const response = await post("/api/auth/register", newAccount());
    expect(response.statusCode).toBe(201);
    const cookie = cookieNamed(response, "sid");
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.path).toBe("/");
    expect(cookie.secure).not.toBe(true);
    expect(cookie.value.length).toBeGreaterThanOrEqual(22); // at least 128 bits, base64url
    const raw = String(response.headers["set-cookie"]);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/;\s*Secure/i);
    expect(cookie.expires).toBeInstanceOf(Date);
    expect((cookie.expires as Date).getTime()).toBeGreaterThan(Date.now());
  });

  it("marks the cookie Secure when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://example.com" });
    try {
      const response = await secure.app.inject({
        method: "POST",
        url: "/api/auth/register",
        headers: { origin: "https://example.com" },
        payload: newAccount(),
      });
      expect(response.statusCode, response.body).toBe(201);
      const cookie = cookieNamed(response, "sid");
      expect(cookie.secure).toBe(true);
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe("Lax");
      expect(String(response.headers["set-cookie"])).toMatch(/;\s*Secure/i);
    } finally {
      await secure.close();
    }
  });

  it("answers 409 for an email that is taken, in any case, and keeps one account", async () => {
    const { account } = await registerUser(t.app, { email: "taken.person@example.com" });
    const again = await post("/api/auth/register", newAccount({ email: account.email }));
    expectError(again, 409, /already exists/i);
    const otherCase = await post("/api/auth/register", newAccount({ email: "  TAKEN.Person@EXAMPLE.com " }));
    expectError(otherCase, 409, /already exists/i);
    expect(otherCase.cookies.find((c) => c.name === "sid")).toBeUndefined();
    const rows = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'taken.person@example.com'`);
    expect(rows).toHaveLength(1);
  });

  it("accepts an account without interests (they are optional)", async () => {
    const { email, password, firstName, lastName } = newAccount();
    const required = { email, password, firstName, lastName };
    const response = await post("/api/auth/register", required);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ preferredCategories: [], preferredTopics: [] });
  });

  describe("validation", () => {
    const big = "x".repeat(10 * 1024);
    const withoutField = (field: string) => {
      const account: Record<string, unknown> = newAccount();
      delete account[field];
      return account;
    };

    const cases: Array<[string, () => unknown, RegExp]> = [
      ["an empty JSON object", () => ({}), /email is required/i],
      ["a JSON array", () => [newAccount()], /JSON object/i],
      ["a JSON string", () => JSON.stringify("hello"), /JSON object/i],
      ["JSON null", () => "null", /JSON object/i],
      ["a JSON number", () => "42", /JSON object/i],
      ["no email", () => withoutField("email"), /^Email is required/],
      ["no password", () => withoutField("password"), /^Password is required/],
      ["no first name", () => withoutField("firstName"), /^First name is required/],
      ["no last name", () => withoutField("lastName"), /^Last name is required/],
      ["a null email", () => newAccount({ email: null }), /^Email is required/],
      ["a blank email", () => newAccount({ email: "   " }), /^Email is required/],
      ["an empty password", () => newAccount({ password: "" }), /password/i],
      ["a blank first name", () => newAccount({ firstName: "   " }), /^First name is required/],
      ["a blank last name", () => newAccount({ lastName: "" }), /^Last name is required/],
      ["a number for email", () => newAccount({ email: 12345 }), /^Email must be text/],
      ["an object for password", () => newAccount({ password: { value: "secret123" } }), /^Password must be text/],
      ["an array for first name", () => newAccount({ firstName: ["Ama"] }), /^First name must be text/],
      ["a boolean for last name", () => newAccount({ lastName: true }), /^Last name must be text/],
      ["a string for preferredCategories", () => newAccount({ preferredCategories: "Technology" }), /list/i],
      ["an object for preferredTopics", () => newAccount({ preferredTopics: { a: 1 } }), /list/i],
      ["numbers in preferredTopics", () => newAccount({ preferredTopics: [1, 2] }), /list/i],
      ["a string for preferredAuthors", () => newAccount({ preferredAuthors: "Someone" }), /list/i],
      ["an email without @", () => newAccount({ email: "not-an-email" }), /valid email/i],
      ["an email without domain", () => newAccount({ email: "someone@" }), /valid email/i],
      ["an email with spaces inside", () => newAccount({ email: "some one@example.com" }), /valid email/i],
      ["a 5-character password", () => newAccount({ password: "12345" }), /6 characters/],
      ["a 10 KB password", () => newAccount({ password: big }), /Password must be at most 128 characters/],
      ["a 129-character password", () => newAccount({ password: "p".repeat(129) }), /at most 128/],
      ["a 10 KB first name", () => newAccount({ firstName: big }), /First name must be at most 100 characters/],
      ["a 10 KB last name", () => newAccount({ lastName: big }), /Last name must be at most 100 characters/],
      ["a 10 KB email", () => newAccount({ email: `${big}@example.com` }), /Email must be at most 254 characters/],
      ["a 10 KB author name", () => newAccount({ preferredAuthors: [big] }), /at most 100 characters/],
      ["a 10 KB category", () => newAccount({ preferredCategories: [big] }), /not one of the categories/],
      [
        "an unknown category",
        () => newAccount({ preferredCategories: ["Cooking"] }),
        /"Cooking" is not one of the categories/,
      ],
      ["an unknown topic", () => newAccount({ preferredTopics: ["Knitting"] }), /"Knitting" is not one of the topics/],
    ];

    it.each(cases)("answers 400 with a readable message for %s", async (_name, body, message) => {
      const before = await countUsers();
      const payload = body();
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress: nextAddress(),
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: typeof payload === "string" ? payload : JSON.stringify(payload),
      });
      expectError(response, 400, message);
      expect(response.cookies.find((c) => c.name === "sid")).toBeUndefined();
      expect(await countUsers()).toBe(before);
    });

    it("answers 400 for a request with no body at all", async () => {
      const response = await post("/api/auth/register");
      expectError(response, 400, /JSON object/i);
    });

    it("answers 400 for an empty body sent as JSON", async () => {
      const response = await post("/api/auth/register", "", { "content-type": "application/json" });
      expectError(response, 400, /JSON object/i);
    });

    it("answers 400 for malformed JSON", async () => {
      const response = await post("/api/auth/register", '{"email": "a@b.co",', { "content-type": "application/json" });
      expect(expectError(response, 400)).toBe("The request body is not valid JSON");
    });

    it("answers 415 with a readable message for a form-encoded body", async () => {
      const response = await post("/api/auth/register", "email=a%40b.co&password=secret1", {
        "content-type": "application/x-www-form-urlencoded",
      });
      expectError(response, 415, /JSON/);
    });

    it("names the 6-character rule in the too-short password message", async () => {
      const response = await post("/api/auth/register", newAccount({ password: "abcde" }));
      expect(expectError(response, 400)).toBe("Password must be at least 6 characters.");
    });

    it("accepts the limits themselves: 6- and 128-character passwords, 100-character names", async () => {
      const shortest = await post("/api/auth/register", newAccount({ password: "abcdef" }));
      expect(shortest.statusCode, shortest.body).toBe(201);
      const longest = await post(
        "/api/auth/register",
        newAccount({ password: "p".repeat(128), firstName: "F".repeat(100), lastName: "L".repeat(100) }),
      );
      expect(longest.statusCode, longest.body).toBe(201);
    });
  });
});

describe("POST /api/auth/login", () => {
  const login = (email: string, password: string, cookie?: string) =>
    post("/api/auth/login", { email, password }, cookie ? { cookie } : {});

  it("signs in with the right password: 200, the user and a new cookie", async () => {
    const { account, user, cookie: registerCookie } = await registerUser(t.app);
    const response = await login(account.email, account.password);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(user);
    expect(response.json()).not.toHaveProperty("passwordHash");
    const cookie = cookieNamed(response, "sid");
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.path).toBe("/");
    expect(`sid=${cookie.value}`).not.toBe(registerCookie);
    const me = await get("/api/auth/user", `sid=${cookie.value}`);
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it("finds the account whatever the case and surrounding spaces of the email", async () => {
    const { account, user } = await registerUser(t.app, { email: `Case.Test.${Date.now()}@Example.com` });
    const response = await login(`  ${account.email.toUpperCase()} `, account.password);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().id).toBe(user.id);
    expect(response.json().email).toBe(account.email);
  });

  it("answers 401 with the same message for a wrong password and for an unknown email", async () => {
    const { account } = await registerUser(t.app);
    const wrong = await login(account.email, "not-the-password");
    const wrongMessage = expectError(wrong, 401, /invalid email or password/i);
    expect(wrong.cookies.find((c) => c.name === "sid")).toBeUndefined();
    const unknown = await login(`nobody.${Date.now()}@example.com`, account.password);
    expect(expectError(unknown, 401)).toBe(wrongMessage);
    // The password is case-sensitive.
    expectError(await login(account.email, account.password.toUpperCase()), 401);
  });

  it("gives a different token at every sign-in", async () => {
    const { account, cookie } = await registerUser(t.app);
    const tokens = new Set([cookie]);
    for (let i = 0; i < 3; i++) {
      const response = await login(account.email, account.password);
      expect(response.statusCode).toBe(200);
      tokens.add(sessionCookie(response));
    }
    expect(tokens.size).toBe(4);
  });

  it("retires the token the browser held when it signs in again", async () => {
    const { account, cookie: old } = await registerUser(t.app);
    expect((await get("/api/auth/user", old)).statusCode).toBe(200);
    const response = await login(account.email, account.password, old);
    expect(response.statusCode).toBe(200);
    const fresh = sessionCookie(response);
    expect(fresh).not.toBe(old);
    expectError(await get("/api/auth/user", old), 401);
    expect((await get("/api/auth/user", fresh)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256(tokenOf(old))));
    expect(row).toBeUndefined();
  });

  it("keeps the old session when the new sign-in fails", async () => {
    const { account, cookie } = await registerUser(t.app);
    expectError(await login(account.email, "wrong-password", cookie), 401);
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(200);
  });

  const big = "y".repeat(10 * 1024);
  it.each([
    ["an empty object", {}, /^Email is required/],
    ["no password", { email: "a@example.com" }, /^Password is required/],
    ["no email", { password: "secret123" }, /^Email is required/],
    ["an empty password", { email: "a@example.com", password: "" }, /^Password is required/],
    ["a number for email", { email: 5, password: "secret123" }, /^Email must be text/],
    ["an object for password", { email: "a@example.com", password: { $ne: "" } }, /^Password must be text/],
    ["a bad email", { email: "nope", password: "secret123" }, /valid email/i],
    ["a 10 KB password", { email: "a@example.com", password: big }, /at most 128/],
    ["a 10 KB email", { email: `${big}@example.com`, password: "secret123" }, /at most 254/],
    ["a JSON array", [{ email: "a@example.com", password: "secret123" }], /JSON object/],
  ])("answers 400 with a readable message for %s", async (_name, payload, message) => {
    expectError(await post("/api/auth/login", payload), 400, message);
  });

  it("answers 400 for a login with no body and for malformed JSON", async () => {
    expectError(await post("/api/auth/login"), 400, /JSON object/);
    expectError(await post("/api/auth/login", "{", { "content-type": "application/json" }), 400, /not valid JSON/);
  });
});

describe("GET /api/auth/user", () => {
  it("answers 401 with a message when signed out", async () => {
    expectError(await get("/api/auth/user"), 401, /sign in/i);
  });

  it.each([
    ["a garbage token", "sid=garbage"],
    ["an empty token", "sid="],
    ["a well-formed but unknown token", `sid=${"A".repeat(43)}`],
    ["a very long token", `sid=${"z".repeat(4000)}`],
    ["another cookie only", "other=1"],
  ])("answers 401 for %s", async (_name, cookie) => {
    expectError(await get("/api/auth/user", cookie), 401);
  });

  it("does not accept the stored session id as a cookie", async () => {
    const { cookie } = await registerUser(t.app);
    expectError(await get("/api/auth/user", `sid=${sha256(tokenOf(cookie))}`), 401);
  });

  it("answers 200 with the user for a valid cookie", async () => {
    const { cookie, user } = await registerUser(t.app);
    const response = await get("/api/auth/user", cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(user);
    expect(response.json()).not.toHaveProperty("passwordHash");
  });
});

describe("POST /api/auth/logout", () => {
  it("deletes the session and clears the cookie", async () => {
    const { cookie } = await registerUser(t.app);
    const response = await post("/api/auth/logout", undefined, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    const cleared = cookieNamed(response, "sid");
    expect(cleared.value).toBe("");
    expect(cleared.path).toBe("/");
    expect((cleared.expires as Date).getTime()).toBeLessThanOrEqual(Date.now());
    expectError(await get("/api/auth/user", cookie), 401);
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256(tokenOf(cookie))));
    expect(rows).toHaveLength(0);
  });

  it("only ends the session it was sent with", async () => {
    const { account, cookie: first } = await registerUser(t.app);
    const second = await post("/api/auth/login", { email: account.email, password: account.password });
    const secondCookie = sessionCookie(second);
    expect((await post("/api/auth/logout", undefined, { cookie: first })).statusCode).toBe(200);
    expectError(await get("/api/auth/user", first), 401);
    expect((await get("/api/auth/user", secondCookie)).statusCode).toBe(200);
  });

  it("answers 200 when signed out or with an unknown token", async () => {
    expect((await post("/api/auth/logout")).statusCode).toBe(200);
    expect((await post("/api/auth/logout", undefined, { cookie: "sid=nonsense" })).statusCode).toBe(200);
  });
});

describe("GET /api/user/limits", () => {
  it("answers 401 when signed out", async () => {
    expectError(await get("/api/user/limits"), 401);
    expectError(await get("/api/user/limits", "sid=garbage"), 401);
  });

  it("gives a new account the guest allowance of 3", async () => {
    const { cookie } = await registerUser(t.app);
    const response = await get("/api/user/limits", cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ canCreate: true, remaining: 3, isGuest: true });
    expect(GUEST_ARTICLE_LIMIT).toBe(3);
  });

  it("counts down with articles generated and stops at 0", async () => {
    const { cookie, user } = await registerUser(t.app);
    const setGenerated = (n: number) =>
      t.database.db.update(users).set({ articlesGenerated: n }).where(eq(users.id, user.id));
    await setGenerated(2);
    expect((await get("/api/user/limits", cookie)).json()).toEqual({ canCreate: true, remaining: 1, isGuest: true });
    await setGenerated(3);
    expect((await get("/api/user/limits", cookie)).json()).toEqual({ canCreate: false, remaining: 0, isGuest: true });
    await setGenerated(7);
    expect((await get("/api/user/limits", cookie)).json()).toEqual({ canCreate: false, remaining: 0, isGuest: true });
  });

  it("has no limit for a registered (paying) user", async () => {
    const { cookie, user } = await registerUser(t.app);
    await t.database.db
      .update(users)
      .set({ userType: "registered", articlesGenerated: 12 })
      .where(eq(users.id, user.id));
    const response = await get("/api/user/limits", cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ canCreate: true, remaining: null, isGuest: false });
  });
});

describe("sessions", () => {
  it("stores only the SHA-256 of the token, never the cookie value", async () => {
    const { cookie, user } = await registerUser(t.app);
    const token = tokenOf(cookie);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    const id = rows[0]?.id ?? "";
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).not.toBe(token);
    expect(id).not.toContain(token);
    expect(id).toBe(sha256(token));
  });

  it("ends a session whose absolute expiry has passed", async () => {
    const { cookie } = await registerUser(t.app);
    const id = sha256(tokenOf(cookie));
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    expectError(await get("/api/auth/user", cookie), 401);
    expectError(await get("/api/user/limits", cookie), 401);
  });

  it("gives every session an absolute expiry no more than 30 days away", async () => {
    const { cookie } = await registerUser(t.app);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256(tokenOf(cookie))));
    const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("ends a session left idle for more than 7 days", async () => {
    const { cookie } = await registerUser(t.app);
    const id = sha256(tokenOf(cookie));
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
      .where(eq(sessions.id, id));
    expectError(await get("/api/auth/user", cookie), 401);
  });

  it("shows a change to the user or their sessions at once, though a look-up is kept for a second", async () => {
    const { cookie, user } = await registerUser(t.app);
    expect((await get("/api/auth/user", cookie)).json().firstName).toBe(user.firstName);
    await t.database.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, user.id));
    expect((await get("/api/auth/user", cookie)).json().firstName).toBe("Renamed");
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expectError(await get("/api/auth/user", cookie), 401);
  });

  it("trusts a look-up for a second: a write this process does not make (another's) shows after it", async () => {
    const { cookie } = await registerUser(t.app);
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(200);
    // Past the query builder, as another process's write would be.
    await t.database.executeSql("delete from sessions where id = $1", [sha256(tokenOf(cookie))]);
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 50));
    expectError(await get("/api/auth/user", cookie), 401);
  });

  it("keeps a session used within the idle window alive and records the use", async () => {
    const { cookie } = await registerUser(t.app);
    const id = sha256(tokenOf(cookie));
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000);
    await t.database.db.update(sessions).set({ lastSeenAt: sixDaysAgo }).where(eq(sessions.id, id));
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("admin rights only by proof", () => {
  const setupPath = (token: string) => {
    const url = new URL(adminSetupUrl(new URL(TEST_ORIGIN), token));
    return `${url.pathname}${url.search}`;
  };
  const openSetupLink = (app: TestApp, token: string, cookie?: string) =>
    app.app.inject({ method: "GET", url: setupPath(token), headers: cookie ? { cookie } : {} });
  const roleOf = async (app: TestApp, cookie: string) =>
    (await app.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json().role;
  const markVerified = (app: TestApp, id: string) =>
    app.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
  const adminPage = (app: TestApp, cookie: string) =>
    app.app.inject({ method: "GET", url: "/api/admin/articles", headers: { cookie } });

  it("does not make an ADMIN_EMAILS address admin by registering it, until the setup link proves it", async () => {
    const app = await createTestApp({ ADMIN_EMAILS: "Boss@Example.com, other@example.com" });
    try {
      // Whoever registers a listed address first gets a plain account...
      const boss = await registerUser(app.app, { email: "boss@example.com" });
      expect(boss.user.role).toBe("user");
      expect(await roleOf(app, boss.cookie)).toBe("user");
      expect((await adminPage(app, boss.cookie)).statusCode).toBe(403);
      const other = await registerUser(app.app, { email: "  OTHER@example.COM " });
      expect(other.user.role).toBe("user");

      // ...and a forged, mangled or expired link proves nothing.
      const secret = app.config.appSecret;
      const forged = adminSetupToken("another-secret-another-secret-0123456789");
      const expired = adminSetupToken(secret, Date.now() - ADMIN_SETUP_TTL_MS - 60_000);
      for (const token of [forged, expired, `${adminSetupToken(secret)}x`, "", "abc.def"]) {
        const refused = await openSetupLink(app, token, boss.cookie);
        expect([400, 403], refused.body).toContain(refused.statusCode);
        expect(refused.json().message).toBeTruthy();
      }
      expect(await roleOf(app, boss.cookie)).toBe("user");

      // The link from the server's log, opened signed in, is the proof, once the listed address
      // is verified (ADMIN_EMAILS takes effect only for a verified address).
      const token = adminSetupToken(secret);
      const signedOut = await openSetupLink(app, token);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json().message).toMatch(/sign in/i);
      const unverified = await openSetupLink(app, token, boss.cookie);
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json().message).toMatch(/verify/i);
      expect(await roleOf(app, boss.cookie)).toBe("user");
      await markVerified(app, boss.user.id);
      await markVerified(app, other.user.id);
      const granted = await openSetupLink(app, token, boss.cookie);
      expect(granted.statusCode, granted.body).toBe(303);
      expect(granted.headers.location).toBe("/admin");
      expect(await roleOf(app, boss.cookie)).toBe("admin");
      expect((await adminPage(app, boss.cookie)).statusCode).toBe(200);

      // With ADMIN_EMAILS set the link serves every listed account (in any case), and nobody else.
      expect((await openSetupLink(app, token, other.cookie)).statusCode).toBe(303);
      expect(await roleOf(app, other.cookie)).toBe("admin");
      const plain = await registerUser(app.app, { email: "boss@example.com.evil.test" });
      const notListed = await openSetupLink(app, token, plain.cookie);
      expect(notListed.statusCode).toBe(403);
      expect(notListed.json().message).toMatch(/ADMIN_EMAILS/);
      expect(await roleOf(app, plain.cookie)).toBe("user");
    } finally {
      await app.close();
    }
  });

  it("without ADMIN_EMAILS, makes the first account to open the link admin, and no other", async () => {
    const app = await createTestApp();
    try {
      const first = await registerUser(app.app);
      const second = await registerUser(app.app);
      expect(first.user.role).toBe("user");
      const token = adminSetupToken(app.config.appSecret);
      expect((await openSetupLink(app, token, first.cookie)).statusCode).toBe(303);
      expect(await roleOf(app, first.cookie)).toBe("admin");
      // Opening it again changes nothing; a second account is refused.
      expect((await openSetupLink(app, token, first.cookie)).statusCode).toBe(303);
      const refused = await openSetupLink(app, token, second.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/already has an admin/);
      expect(await roleOf(app, second.cookie)).toBe("user");
    } finally {
      await app.close();
    }
  });

  it("needs a setup link at start only while an admin is missing", async () => {
    const app = await createTestApp({ ADMIN_EMAILS: "lead@example.com" });
    try {
      const db = app.database.db;
      expect(await needsAdminSetup(db, [])).toBe(true);
      expect(await needsAdminSetup(db, ["lead@example.com"])).toBe(true);
      const lead = await registerUser(app.app, { email: "Lead@Example.com" });
      expect(await needsAdminSetup(db, ["lead@example.com"])).toBe(true);
      await markVerified(app, lead.user.id);
      expect((await openSetupLink(app, adminSetupToken(app.config.appSecret), lead.cookie)).statusCode).toBe(303);
      expect(await needsAdminSetup(db, [])).toBe(false);
      expect(await needsAdminSetup(db, ["lead@example.com"])).toBe(false);
      expect(await needsAdminSetup(db, ["lead@example.com", "second@example.com"])).toBe(true);
    } finally {
      await app.close();
    }
  });

  it("gives role user when ADMIN_EMAILS is unset", async () => {
    const { user } = await registerUser(t.app, { email: `boss.${Date.now()}@example.com` });
    expect(user.role).toBe("user");
  });
});
