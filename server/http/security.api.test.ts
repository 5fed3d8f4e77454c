import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addressPool,
  createTestApp,
  expectMessage,
  newAccount,
  registerUser,
  TEST_ORIGIN,
  type TestApp,
} from "../../test/app";
import { users } from "../db/schema";
import { BOOT_SCRIPT_CSP_SOURCE } from "../pages/boot-script";
import { HttpError } from "./errors";

const SECRET_DETAIL = "connection to db-internal.prod:5432 refused (password=hunter2)";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      // Routes that fail the way real handlers can, to see what a caller gets to read.
      beforeReady(app) {
        app.get("/api/test/boom", async () => {
          throw new Error(SECRET_DETAIL);
        });
        app.get("/api/test/type-error", async () => {
          const value = undefined as unknown as { deep: { field: string } };
          return value.deep.field;
        });
        app.get("/api/test/rejects-later", async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          throw Object.assign(new Error(SECRET_DETAIL), { code: "ECONNREFUSED" });
        });
        app.get("/api/test/http-error", async () => {
          throw new HttpError(418, "A message meant for the caller.");
        });
        app.post("/api/test/echo", async (request) => ({ ok: true, body: request.body ?? null }));
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

/** Each request from an address of its own, so the registration limit never interferes. */
const nextAddress = addressPool(200);

async function userExists(email: string) {
  const rows = await t.database.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return rows.length > 0;
}

const register = (headers: Record<string, string>, account = newAccount()) =>
  t.app.inject({ method: "POST", url: "/api/auth/register", remoteAddress: nextAddress(), headers, payload: account });

describe("cross-origin requests that change state", () => {
  it.each([
    ["another site", { origin: "https://evil.example" }],
    ["a look-alike subdomain", { origin: "http://localhost.evil.example" }],
    ["our host on another port", { origin: "http://localhost:5001" }],
    ["our host over another scheme", { origin: "https://localhost:5000" }],
    ["an opaque origin", { origin: "null" }],
    ["a malformed origin", { origin: "not a url" }],
    ["a cross-site fetch without Origin", { "sec-fetch-site": "cross-site" }],
    ["a same-site (sibling subdomain) fetch without Origin", { "sec-fetch-site": "same-site" }],
    [
      "another site even when Sec-Fetch-Site claims same-origin",
      { origin: "https://evil.example", "sec-fetch-site": "same-origin" },
    ],
  ])("refuses a registration from %s with 403 and creates no account", async (_name, headers) => {
    const account = newAccount();
    const response = await register(headers, account);
    expectMessage(response, 403, /another site/i);
    expect(response.cookies.find((c) => c.name === "sid")).toBeUndefined();
    expect(await userExists(account.email)).toBe(false);
  });

  it("compares the whole origin with the request's own, scheme included", async () => {
    // The request's own host (not PUBLIC_URL's), over plain http as the test app is served.
    const host = "app.example:8080";
    const accepted = await register({ host, origin: `http://${host}` });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const account = newAccount();
    expectMessage(await register({ host, origin: `https://${host}` }, account), 403, /another site/i);
    expect(await userExists(account.email)).toBe(false);
  });

  /** A new account's sign-in with the right password, sent with these headers. */
  const signInWith = async (headers: Record<string, string>) => {
    const { account } = await registerUser(t.app);
    return t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers,
      payload: { email: account.email, password: account.password },
    });
  };

  it("refuses a cross-origin sign-in with 403 and sets no cookie", async () => {
    const response = await signInWith({ origin: "https://evil.example" });
    expectMessage(response, 403, /another site/i);
    expect(response.cookies.find((c) => c.name === "sid")).toBeUndefined();
  });

  it("refuses a cross-site sign-in identified only by Sec-Fetch-Site", async () => {
    const response = await signInWith({ "sec-fetch-site": "cross-site" });
    expectMessage(response, 403);
    expect(response.cookies.find((c) => c.name === "sid")).toBeUndefined();
  });

  it("refuses a cross-origin sign-out, and the session survives it", async () => {
    const { cookie } = await registerUser(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { origin: "https://evil.example", cookie },
    });
    expectMessage(response, 403);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("refuses before reading the body: a malformed cross-origin body is still 403", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      payload: "{not json",
    });
    expectMessage(response, 403);
  });

  it("applies to other methods that change state, not to reads", async () => {
    const evil = { origin: "https://evil.example" };
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const response = await t.app.inject({ method, url: "/api/auth/user", headers: evil });
      expect(response.statusCode, `${method}: ${response.body}`).toBe(403);
    }
    const read = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: evil });
    expectMessage(read, 401);
  });
});

describe("same-origin and non-browser requests", () => {
  it("accepts a registration whose Origin is PUBLIC_URL", async () => {
    const account = newAccount();
    const response = await register({ origin: TEST_ORIGIN }, account);
    expect(response.statusCode, response.body).toBe(201);
    expect(await userExists(account.email)).toBe(true);
  });

  it("accepts an Origin that matches the request's own Host (another name for this server)", async () => {
    const account = newAccount();
    const response = await register({ host: "app.internal:8080", origin: "http://app.internal:8080" }, account);
    expect(response.statusCode, response.body).toBe(201);
    const mismatch = await register({ host: "app.internal:8080", origin: "http://app.internal:9090" });
    expectMessage(mismatch, 403);
  });

  it("accepts a request with neither Origin nor Sec-Fetch-Site (curl, scripts)", async () => {
    const account = newAccount();
    const response = await register({}, account);
    expect(response.statusCode, response.body).toBe(201);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it.each(["same-origin", "none"])("accepts Sec-Fetch-Site: %s without Origin", async (site) => {
    const response = await register({ "sec-fetch-site": site });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("accepts the https PUBLIC_URL as origin when the app is configured so", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://example.com" });
    try {
      const ok = await secure.app.inject({
        method: "POST",
        url: "/api/auth/register",
        headers: { origin: "https://example.com" },
        payload: newAccount(),
      });
      expect(ok.statusCode, ok.body).toBe(201);
      const plain = await secure.app.inject({
        method: "POST",
        url: "/api/auth/register",
        headers: { origin: "http://example.com" },
        payload: newAccount(),
      });
      expectMessage(plain, 403);
      // Over https the browser is also told to keep to https.
      expect(ok.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe("security headers", () => {
  const checkHeaders = (response: LightMyRequestResponse) => {
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const csp = String(response.headers["content-security-policy"] ?? "");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const directives = new Map(
      csp.split(";").map((d) => {
        const [name = "", ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    const scriptSrc = directives.get("script-src") ?? directives.get("default-src");
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).not.toContain("*");
    // Beyond the site's own files, only the fixed boot script may run, by its hash.
    expect(scriptSrc?.filter((source) => source !== "'self'")).toEqual([BOOT_SCRIPT_CSP_SOURCE]);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // Frames: only YouTube's privacy-enhanced player (moment links on the article page).
    expect(directives.get("frame-src")).toEqual(["https://www.youtube-nocookie.com"]);
    expect(directives.get("child-src")).toBeUndefined();
    expect(response.headers["x-powered-by"]).toBeUndefined();
  };

  it("are on a successful API answer", async () => {
    const { cookie } = await registerUser(t.app);
    const response = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    checkHeaders(response);
  });

  it("are on error answers too (401, 403, 404, 500)", async () => {
    checkHeaders(await t.app.inject({ method: "GET", url: "/api/auth/user" }));
    checkHeaders(
      await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { origin: "https://evil.example" } }),
    );
    checkHeaders(await t.app.inject({ method: "GET", url: "/api/no-such-thing" }));
    checkHeaders(await t.app.inject({ method: "GET", url: "/api/test/boom" }));
  });

  it("do not send HSTS over plain http", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("caching", () => {
  it("tells caches not to keep API answers, which carry people's data", async () => {
    const account = newAccount();
    const registered = await register({ origin: TEST_ORIGIN }, account);
    const cookie = registered.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    for (const url of ["/api/auth/me", "/api/stats", "/api/no-such-thing"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { cookie } });
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
    expect(registered.headers["cache-control"]).toBe("no-store");
  });
});

describe("error answers", () => {
  it.each([
    ["GET", "/api/no-such-thing"],
    ["GET", "/api/auth/nope?x=1"],
    ["POST", "/api/auth/unknown"],
    ["DELETE", "/api/no-such-feature/123"],
  ] as const)("answers 404 JSON with a message for %s %s", async (method, url) => {
    const response = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN } });
    const message = expectMessage(response, 404);
    expect(message).not.toContain("?x=1");
  });

  it.each(["/api/articles/slug/%zz", "/%E0%A4%A", "/api/stats/%"])(
    "answers 400 in the app's own shape for an address it cannot decode (%s)",
    async (url) => {
      expectMessage(await t.app.inject({ method: "GET", url }), 400, /address/i);
    },
  );

  it("answers 404 for a wrong method on a known path", async () => {
    expectMessage(await t.app.inject({ method: "GET", url: "/api/auth/login" }), 404);
  });

  it.each(["/api/test/boom", "/api/test/type-error", "/api/test/rejects-later"])(
    "answers 500 without leaking internals from %s",
    async (url) => {
      const response = await t.app.inject({ method: "GET", url });
      const message = expectMessage(response, 500, /something went wrong/i);
      expect(message).not.toContain("hunter2");
      expect(message).not.toContain("db-internal");
      expect(message).not.toContain("ECONNREFUSED");
      expect(message).not.toMatch(/undefined|TypeError|Cannot read/);
      expect(message).not.toMatch(/\.ts:\d+|node_modules|at /);
      expect(response.body).not.toContain("hunter2");
      expect(response.body).not.toContain("stack");
      // The reference lets the operator find the logged error.
      expect(message).toMatch(/reference [0-9a-f-]{36}/);
    },
  );

  it("gives each 500 its own reference", async () => {
    const first = (await t.app.inject({ method: "GET", url: "/api/test/boom" })).json().message;
    const second = (await t.app.inject({ method: "GET", url: "/api/test/boom" })).json().message;
    expect(first).not.toBe(second);
  });

  it("passes a deliberate client error's message through", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/test/http-error" });
    expect(expectMessage(response, 418)).toBe("A message meant for the caller.");
  });

  it("answers 400 with a message for malformed JSON", async () => {
    for (const payload of ["{", '{"email": }', "{'single': 'quotes'}", "[1, 2,]"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload,
      });
      expect(expectMessage(response, 400)).toBe("The request body is not valid JSON");
    }
  });

  it("answers 400 for a JSON body that tries prototype poisoning", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: '{"__proto__": {"isAdmin": true}}',
    });
    expectMessage(response, 400);
  });

  it("answers 413 with a message for a body over 1 MB", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: nextAddress(),
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify(newAccount({ firstName: "x".repeat(1024 * 1024 + 10) })),
    });
    expectMessage(response, 413, /too large/i);
  });

  it("answers 415 with a message for a body that is not JSON", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: TEST_ORIGIN, "content-type": "application/xml" },
      payload: "<login/>",
    });
    expectMessage(response, 415, /JSON/);
  });
});
