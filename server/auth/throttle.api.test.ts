import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressPool, createTestApp, newAccount, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { authThrottle, users } from "../db/schema";
import {
  ACCOUNT_STEP_MS,
  accountKey,
  IP_STEP_MS,
  ipKey,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS,
  MAX_FAILURES_PER_IP,
  pairKey,
} from "./throttle";

/** The registration limit per address and hour, as the route configures it. */
const REGISTRATIONS_PER_HOUR = 60;
/** The longest a throttled sign-in is ever asked to wait: one step of an allowance. */
const LONGEST_WAIT_SECONDS = Math.max(ACCOUNT_STEP_MS, IP_STEP_MS) / 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Every test signs in from addresses of its own, so the per-address counts never mix.
let subnet = 100;
const addresses = () => addressPool(++subnet);

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress,
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });

/** Accounts are created from an address no sign-in test uses. */
let registrations = 0;
const register = () => {
  registrations += 1;
  return registerUser(t.app, { email: `throttle${registrations}.${Date.now()}@example.com` });
};

function expectInvalidCredentials(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json()).toEqual({ message: "Invalid email or password." });
  expect(response.cookies.find((c) => c.name === "sid")).toBeUndefined();
}

/**
 * 429 with a sentence that says what happened and how long to wait, and a Retry-After: a short
 * wait (one step of the allowance), never a lockout of a quarter of an hour.
 */
function expectThrottled(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  const body = response.json();
  expect(Object.keys(body)).toEqual(["message"]);
  expect(body.message).toMatch(/too many failed sign-in attempts/i);
  const retryAfter = Number(response.headers["retry-after"]);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(LONGEST_WAIT_SECONDS);
  const unit = retryAfter < 60 ? "second" : "minute";
  const amount = retryAfter < 60 ? retryAfter : Math.ceil(retryAfter / 60);
  expect(body.message).toContain(`wait ${amount} ${unit}${amount === 1 ? "" : "s"} and try again`);
  expect(response.cookies.find((c) => c.name === "sid")).toBeUndefined();
}

/** Moves a key's clock back as if this much time had passed. */
async function letTimePass(key: string, ms: number) {
  await t.database.db
    .update(authThrottle)
    .set({ windowStartedAt: sql`${authThrottle.windowStartedAt} - ${`${ms} milliseconds`}::interval` })
    .where(eq(authThrottle.key, key));
}

const failuresOf = async (key: string) => {
  const [row] = await t.database.db.select().from(authThrottle).where(eq(authThrottle.key, key));
  return row?.failures ?? 0;
};

describe("sign-in throttling per account", () => {
  it("slows one address guessing one account, and leaves the owner elsewhere alone", async () => {
    const next = addresses();
    const attacker = next();
    const { account, user } = await register();

    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS; i++) {
      expectInvalidCredentials(await login(account.email, `wrong-${i}`, attacker));
    }
    // The attacker's address keeps getting 429 (the right password too, whatever the case)...
    expectThrottled(await login(account.email, "wrong-again", attacker));
    expectThrottled(await login(account.email, account.password, attacker));
    expectThrottled(await login(account.email.toUpperCase(), "wrong-again", attacker));
    // ...and those refused attempts count nothing: they are refused before the password is checked.
    expect(await failuresOf(pairKey(account.email, attacker))).toBe(MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS);
    expect(await failuresOf(accountKey(account.email))).toBe(MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS);

    // The owner at another address signs in at once.
    const response = await login(account.email, account.password, next());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().id).toBe(user.id);
  });

  it("lets the owner in from another address after 50 wrong passwords from one address", async () => {
    const next = addresses();
    const attacker = next();
    const victim = next();
    const { account, user } = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await login(account.email, `wrong-${i}`, attacker)).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS);

    const response = await login(account.email, account.password, victim);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().id).toBe(user.id);
    // Still true while the attack goes on, in any order.
    for (let i = 0; i < 5; i++) {
      expectThrottled(await login(account.email, `more-${i}`, attacker));
      expect((await login(account.email.toUpperCase(), account.password, victim)).statusCode).toBe(200);
    }
  });

  it("does not stop another account signing in from another address", async () => {
    const next = addresses();
    const attacker = next();
    const { account: target } = await register();
    const { account: bystander, user } = await register();
    for (let i = 0; i <= MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS; i++) await login(target.email, `wrong-${i}`, attacker);
    expectThrottled(await login(target.email, target.password, attacker));

    const response = await login(bystander.email, bystander.password, next());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().id).toBe(user.id);
  });

  it("slows, never locks, the owner when guesses come from many addresses", async () => {
    const next = addresses();
    const { account } = await register();
    // Guesses spread over addresses spend the account's own allowance.
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT + 5; i++) {
      statuses.push((await login(account.email, `wrong-${i}`, next())).statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES_PER_ACCOUNT);
    const owner = next();
    expectThrottled(await login(account.email, account.password, owner));
    // After one step of waiting there is room for one attempt: the owner's right password gets in.
    await letTimePass(accountKey(account.email), ACCOUNT_STEP_MS);
    expect((await login(account.email, account.password, owner)).statusCode).toBe(200);
  });

  it("does not lock out someone who mistypes a few times, and a success clears the count", async () => {
    const next = addresses();
    const { account } = await register();
    const home = next();
    for (let i = 0; i < 3; i++) expectInvalidCredentials(await login(account.email, `typo-${i}`, home));
    expect((await login(account.email, account.password, home)).statusCode).toBe(200);

    const rows = await t.database.db
      .select()
      .from(authThrottle)
      .where(sql`${authThrottle.key} in (${accountKey(account.email)}, ${pairKey(account.email, home)})`);
    expect(rows).toHaveLength(0);
    // A fresh allowance after the success: limit - 1 more mistakes are still plain 401s.
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS - 1; i++) {
      expectInvalidCredentials(await login(account.email, `again-${i}`, home));
    }
    expect((await login(account.email, account.password, home)).statusCode).toBe(200);
  });

  it("gives one attempt more per step of waiting, and forgets everything once the allowance refills", async () => {
    const next = addresses();
    const address = next();
    const { account } = await register();
    const key = pairKey(account.email, address);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS; i++) await login(account.email, `wrong-${i}`, address);
    const throttled = await login(account.email, account.password, address);
    expectThrottled(throttled);
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(ACCOUNT_STEP_MS / 1000 - 60);

    // One step later: exactly one more attempt.
    await letTimePass(key, ACCOUNT_STEP_MS);
    expectInvalidCredentials(await login(account.email, "wrong-after-a-step", address));
    expectThrottled(await login(account.email, account.password, address));
    await letTimePass(key, ACCOUNT_STEP_MS);
    expect((await login(account.email, account.password, address)).statusCode).toBe(200);

    // After the allowance has refilled completely the count starts afresh.
    for (let i = 0; i < 3; i++) await login(account.email, `later-${i}`, address);
    await letTimePass(key, (MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS + 1) * ACCOUNT_STEP_MS);
    expectInvalidCredentials(await login(account.email, "wrong-after-window", address));
    expect(await failuresOf(key)).toBe(1);
  });

  it("also counts attempts against an email that has no account", async () => {
    const next = addresses();
    const email = `ghost.${Date.now()}@example.com`;
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++)
      expectInvalidCredentials(await login(email, `guess-${i}`, next()));
    expectThrottled(await login(email, "guess-again", next()));
  });
});

describe("sign-in throttling under parallel attempts", () => {
  it("gives a burst of simultaneous guesses no more answers than the account limit", async () => {
    const next = addresses();
    const { account } = await register();
    const burst = 3 * MAX_FAILURES_PER_ACCOUNT;
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, i) => login(account.email, `parallel-${i}`, next())),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(burst - MAX_FAILURES_PER_ACCOUNT);
    for (const response of responses.filter((r) => r.statusCode === 429)) expectThrottled(response);
    expectThrottled(await login(account.email, account.password, next()));
  });

  it("gives a burst from one address no more answers than the address limit", async () => {
    const address = addresses()();
    const burst = 2 * MAX_FAILURES_PER_IP;
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, i) => login(`burst${i}.${Date.now()}@example.com`, "wrong-password", address)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES_PER_IP);
    expect(statuses.filter((s) => s === 429)).toHaveLength(burst - MAX_FAILURES_PER_IP);
  });

  it("still lets a right password through in a burst of the owner's own attempts", async () => {
    const next = addresses();
    const { account } = await register();
    const responses = await Promise.all([
      login(account.email, "typo-1", next()),
      login(account.email, account.password, next()),
      login(account.email, "typo-2", next()),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it("does not charge a successful sign-in to its address", async () => {
    const address = addresses()();
    const { account } = await register();
    for (let i = 0; i < MAX_FAILURES_PER_IP + 5; i++) {
      expect((await login(account.email, account.password, address)).statusCode).toBe(200);
    }
    const rows = await t.database.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, ipKey(address)));
    expect(rows[0]?.failures ?? 0).toBe(0);
  });
});

describe("sign-in throttling per address", () => {
  it("slows an address that fails against many accounts, but not those accounts elsewhere", async () => {
    const next = addresses();
    const attacker = next();
    // Enough accounts that none of them reaches its own limit.
    const accountCount = Math.ceil(MAX_FAILURES_PER_IP / (MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS - 1)) + 1;
    const accounts = [];
    for (let i = 0; i < accountCount; i++) accounts.push((await register()).account);

    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      const account = accounts[i % accounts.length];
      if (!account) throw new Error("no account");
      expectInvalidCredentials(await login(account.email, `spray-${i}`, attacker));
    }
    const [row] = await t.database.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, ipKey(attacker)));
    expect(row?.failures).toBe(MAX_FAILURES_PER_IP);

    // From that address even a right password is refused now, and for an untouched account too.
    const first = accounts[0];
    if (!first) throw new Error("no account");
    expectThrottled(await login(first.email, first.password, attacker));
    const { account: fresh } = await register();
    expectThrottled(await login(fresh.email, fresh.password, attacker));

    // The accounts themselves are not locked: their owners sign in from elsewhere.
    for (const account of accounts) {
      const response = await login(account.email, account.password, next());
      expect(response.statusCode, response.body).toBe(200);
    }

    // A classroom behind that address is slowed, not locked out: a minute later there is room
    // for one attempt, a right password takes nothing from the room, and a wrong one does.
    await letTimePass(ipKey(attacker), IP_STEP_MS);
    for (let i = 0; i < 3; i++) {
      const response = await login(fresh.email, fresh.password, attacker);
      expect(response.statusCode, response.body).toBe(200);
    }
    expectInvalidCredentials(await login(first.email, "a-typo", attacker));
    expectThrottled(await login(first.email, first.password, attacker));
  });
});

describe("the 20th wrong password within a minute", () => {
  it("is throttled for one account from one address", async () => {
    const started = Date.now();
    const address = addresses()();
    const { account } = await register();
    const statuses: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 1; i <= 20; i++) {
      last = await login(account.email, `wrong-${i}`, address);
      statuses.push(last.statusCode);
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    const allowed = Math.min(MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS, MAX_FAILURES_PER_IP);
    expect(allowed).toBeLessThan(20);
    expect(statuses).toEqual([...Array(allowed).fill(401), ...Array(20 - allowed).fill(429)]);
    if (!last) throw new Error("no response");
    expectThrottled(last);
  });

  it("is throttled for one account tried from 20 different addresses", async () => {
    const next = addresses();
    const { account } = await register();
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) statuses.push((await login(account.email, `wrong-${i}`, next())).statusCode);
    expect(statuses.slice(0, MAX_FAILURES_PER_ACCOUNT).every((s) => s === 401)).toBe(true);
    expect(statuses[19]).toBe(429);
  });

  it("is throttled for 20 different emails from one address", async () => {
    const address = addresses()();
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) {
      statuses.push((await login(`nobody${i}.${Date.now()}@example.com`, "wrong-password", address)).statusCode);
    }
    expect(statuses.slice(0, MAX_FAILURES_PER_IP).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(MAX_FAILURES_PER_IP).every((s) => s === 429)).toBe(true);
    expect(statuses[19]).toBe(429);
  });
});

describe("registration limit per address", () => {
  it(`answers 429 with a message past ${REGISTRATIONS_PER_HOUR} sign-ups an hour from one address`, async () => {
    const next = addresses();
    const crowded = next();
    const countUsers = async () => {
      const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
      return Number(row?.n);
    };
    const signUp = (payload: unknown, remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress,
        headers: { origin: TEST_ORIGIN },
        payload: payload as object,
      });

    // A few real sign-ups, and the rest of the allowance spent on invalid ones (every attempt
    // counts, and they cost no password hashing).
    const real = 3;
    for (let i = 0; i < real; i++) {
      const response = await signUp(newAccount(), crowded);
      expect(response.statusCode, response.body).toBe(201);
      if (i === 0) expect(response.headers["x-ratelimit-limit"]).toBe(String(REGISTRATIONS_PER_HOUR));
    }
    for (let i = real; i < REGISTRATIONS_PER_HOUR; i++) {
      const response = await signUp({}, crowded);
      expect(response.statusCode, response.body).toBe(400);
    }

    const before = await countUsers();
    const account = newAccount();
    const refused = await signUp(account, crowded);
    expect(refused.statusCode, refused.body).toBe(429);
    const body = refused.json();
    expect(Object.keys(body)).toEqual(["message"]);
    expect(body.message).toMatch(/too many requests/i);
    expect(body.message).toMatch(/try again in \d+ minutes/i);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.cookies.find((c) => c.name === "sid")).toBeUndefined();
    expect(await countUsers()).toBe(before);

    // Another address is unaffected, and can use the very same details.
    const elsewhere = await signUp(account, next());
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it("does not count sign-ups against sign-ins", async () => {
    const address = addresses()();
    const { account } = await register();
    const response = await login(account.email, account.password, address);
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-ratelimit-limit"]).toBeUndefined();
  });
});

describe("client address behind proxies", () => {
  it("keys the per-address count on the socket address unless TRUST_PROXY says to believe X-Forwarded-For", async () => {
    const { createTestApp: create, newAccount: account, TEST_ORIGIN: origin } = await import("../../test/app");
    const { authThrottle } = await import("../db/schema");
    const addressesCounted = async (env: Record<string, string>) => {
      const app = await create(env);
      try {
        await app.app.inject({
          method: "POST",
          url: "/api/auth/login",
          headers: { origin, "x-forwarded-for": "203.0.113.9" },
          remoteAddress: "10.0.0.7",
          payload: { email: account().email, password: "whatever" },
        });
        const rows = await app.database.db.select().from(authThrottle);
        return rows.map((r) => r.key).filter((k) => k.startsWith("ip:"));
      } finally {
        await app.close();
      }
    };
    expect(await addressesCounted({})).toEqual(["ip:10.0.0.7"]);
    expect(await addressesCounted({ TRUST_PROXY: "10.0.0.0/8" })).toEqual(["ip:203.0.113.9"]);
    // A proxy we were not told about is not believed.
    expect(await addressesCounted({ TRUST_PROXY: "192.168.0.0/16" })).toEqual(["ip:10.0.0.7"]);
  });
});

describe("forgetting sign-in failures", () => {
  it("deletes the keys time has forgiven and keeps those still counting", async () => {
    const { pruneThrottle } = await import("./throttle");
    const next = addresses();
    const address = next();
    const { account } = await register();
    await login(account.email, "wrong-once", address);
    const keys = [pairKey(account.email, address), ipKey(address), accountKey(account.email)];
    const present = async () =>
      (await t.database.db.select().from(authThrottle)).map((r) => r.key).filter((k) => keys.includes(k));
    await pruneThrottle(t.database.db);
    expect((await present()).sort()).toEqual([...keys].sort());
    // One step later the single failure is forgiven: the keys go, and the account counts afresh.
    for (const key of keys) await letTimePass(key, ACCOUNT_STEP_MS + 1000);
    await pruneThrottle(t.database.db);
    expect(await present()).toEqual([]);
  });
});
