import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAS_MORE_HEADER } from "../../contract/feed-query";
import { createTestApp, type TestApp } from "../../test/app";
import { DOCS_PATH, OPENAPI_PATH } from "./openapi";

interface Operation {
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<
    string,
    {
      content?: Record<string, { schema: { properties?: Record<string, unknown> } }>;
      headers?: Record<string, { description?: string; schema: { type?: string; enum?: string[] } }>;
    }
  >;
  parameters?: Array<{ in: string; name: string }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

// Every /api route as the app registers it, to hold the document to.
const apiRoutes: Array<{ method: string; url: string; body: boolean }> = [];
let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      generation: {},
      beforeRoutes(app: FastifyInstance) {
        app.addHook("onRoute", (route) => {
          if (!route.url.startsWith("/api/") || route.url === OPENAPI_PATH || route.url.startsWith(DOCS_PATH)) return;
          for (const method of [route.method].flat()) {
            if (method === "HEAD" || method === "OPTIONS") continue;
            apiRoutes.push({ method: method.toLowerCase(), url: route.url, body: Boolean(route.schema?.body) });
          }
        });
      },
    },
  );
  const response = await t.app.inject({ url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  doc = response.json();
});
afterAll(() => t?.close());

/** Fastify's ":id" (and a trailing "*") as OpenAPI's "{id}" ("{*}"). */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/\*$/, "{*}");

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and describes every /api route, and nothing else", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(apiRoutes.length).toBeGreaterThan(25);
    for (const route of apiRoutes) {
      expect(doc.paths[openApiPath(route.url)]?.[route.method], `${route.method} ${route.url}`).toBeDefined();
    }
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(described.length).toBe(apiRoutes.length);
    expect(described.some((d) => !d.includes(" /api/"))).toBe(false);
  });

  it("carries each route's request schema and its error shape", () => {
    for (const route of apiRoutes.filter((r) => r.body)) {
      const operation = doc.paths[openApiPath(route.url)][route.method];
      expect(operation.requestBody?.content["application/json"]?.schema, `${route.method} ${route.url}`).toBeTruthy();
    }
    const register = doc.paths["/api/auth/register"].post;
    expect(JSON.stringify(register.requestBody)).toContain("preferredCategories");
    expect(register.responses["201"]).toBeDefined();
    const error = register.responses["400"]?.content?.["application/json"]?.schema;
    expect(error?.properties).toHaveProperty("message");
    const byId = doc.paths["/api/articles/{id}"].put;
    expect(byId.parameters?.some((p) => p.in === "path" && p.name === "id")).toBe(true);
  });

  it("describes the feed's X-Has-More header beside its array", () => {
    const ok = doc.paths["/api/articles"].get.responses["200"];
    expect(ok.headers?.[HAS_MORE_HEADER]).toMatchObject({
      description: expect.stringContaining("next page"),
      schema: { type: "string", enum: ["true", "false"] },
    });
    expect(JSON.stringify(ok.content?.["application/json"]?.schema)).toContain('"type":"array"');
    // Only the answers that carry it say so.
    expect(doc.paths["/api/articles"].get.responses["400"]?.headers).toBeUndefined();
    expect(doc.paths["/api/bookmarks"].get.responses["200"]?.headers).toBeUndefined();
  });

  it("describes the admin's user list, role and type changes and dashboard", () => {
    const list = doc.paths["/api/admin/users"].get;
    expect(list.parameters?.filter((p) => p.in === "query").map((p) => p.name)).toEqual(["search", "page"]);
    expect(JSON.stringify(list.responses["200"])).toContain("lastSeenAt");
    const change = doc.paths["/api/admin/users/{id}"].put;
    expect(change.parameters?.some((p) => p.in === "path" && p.name === "id")).toBe(true);
    expect(JSON.stringify(change.requestBody)).toContain("userType");
    expect(change.responses["409"]?.content?.["application/json"]?.schema.properties).toHaveProperty("message");
    expect(JSON.stringify(doc.paths["/api/admin/dashboard"].get.responses["200"])).toContain("payingUsers");
    const articles = doc.paths["/api/admin/articles"].get;
    expect(articles.parameters?.filter((p) => p.in === "query").map((p) => p.name)).toEqual(["search", "page"]);
  });
});

describe("sign-up's address check in the OpenAPI document", () => {
  it("describes GET /api/auth/email-available with its email query and answers", () => {
    const check = doc.paths["/api/auth/email-available"].get;
    expect(check.parameters?.some((p) => p.in === "query" && p.name === "email")).toBe(true);
    expect(JSON.stringify(check.responses["200"])).toContain("available");
    expect(check.responses["400"]).toBeDefined();
    expect(check.responses["429"]).toBeDefined();
  });
});

describe("the account's mailed links in the OpenAPI document", () => {
  it("describes forgot, reset, verify and resend, and the admin's dev mailbox", () => {
    const forgot = doc.paths["/api/auth/forgot-password"].post;
    expect(JSON.stringify(forgot.requestBody)).toContain("email");
    expect(forgot.responses["202"]).toBeDefined();
    expect(forgot.responses["429"]).toBeDefined();
    const reset = doc.paths["/api/auth/reset-password"].post;
    expect(JSON.stringify(reset.requestBody)).toContain("token");
    expect(JSON.stringify(reset.requestBody)).toContain("password");
    expect(JSON.stringify(doc.paths["/api/auth/verify-email"].post.requestBody)).toContain("token");
    expect(doc.paths["/api/auth/verify-email/resend"].post.responses["202"]).toBeDefined();
    expect(JSON.stringify(doc.paths["/api/admin/mailbox"].get.responses["200"])).toContain("subject");
    const message = doc.paths["/api/admin/mailbox/{id}"].get;
    expect(message.parameters?.some((p) => p.in === "path" && p.name === "id")).toBe(true);
  });
});

describe("account settings in the OpenAPI document", () => {
  it("describes the profile update", () => {
    const update = doc.paths["/api/user/profile"].put;
    for (const field of ["firstName", "lastName", "preferredCategories", "preferredTopics"]) {
      expect(JSON.stringify(update.requestBody)).toContain(field);
    }
    expect(JSON.stringify(update.responses["200"])).toContain("email");
    expect(update.responses["400"]?.content?.["application/json"]?.schema.properties).toHaveProperty("message");
  });

  it("describes the data export", () => {
    const exported = doc.paths["/api/user/export"].get;
    for (const field of ["account", "articles", "contentMarkdown", "ratings", "bookmarks"]) {
      expect(JSON.stringify(exported.responses["200"])).toContain(field);
    }
    expect(JSON.stringify(exported.responses["200"])).not.toContain("passwordHash");
    expect(exported.responses["401"]?.content?.["application/json"]?.schema.properties).toHaveProperty("message");
  });

  it("describes the account deletion", () => {
    const remove = doc.paths["/api/user"].delete;
    expect(JSON.stringify(remove.requestBody)).toContain("password");
    for (const status of ["200", "400", "401", "409", "429"]) expect(remove.responses[status]).toBeDefined();
  });

  it("describes the password change", () => {
    const change = doc.paths["/api/user/password"].put;
    expect(JSON.stringify(change.requestBody)).toContain("currentPassword");
    expect(JSON.stringify(change.requestBody)).toContain("newPassword");
    expect(JSON.stringify(change.responses["200"])).toContain("message");
    for (const status of ["400", "401", "429"]) {
      expect(change.responses[status]?.content?.["application/json"]?.schema.properties).toHaveProperty("message");
    }
  });
});

describe("payments in the OpenAPI document", () => {
  it("describes the payment history and one payment by reference, with its statuses", () => {
    const history = doc.paths["/api/user/payments"].get;
    expect(JSON.stringify(history.responses["200"])).toContain("abandoned");
    const one = doc.paths["/api/user/payments/{reference}"].get;
    expect(one.parameters?.some((p) => p.in === "path" && p.name === "reference")).toBe(true);
    expect(JSON.stringify(one.responses["200"])).toContain("paystackReference");
    for (const status of ["400", "401", "404"]) {
      expect(one.responses[status]?.content?.["application/json"]?.schema.properties).toHaveProperty("message");
    }
  });

  it("describes cancelling a subscription: the plan as it now stands, and why it could not be", () => {
    const cancel = doc.paths["/api/user/subscription/cancel"].post;
    expect(JSON.stringify(cancel.responses["200"])).toContain("renews");
    for (const status of ["401", "409", "502"]) {
      expect(cancel.responses[status]?.content?.["application/json"]?.schema.properties).toHaveProperty("message");
    }
  });
});

describe("the API docs page", () => {
  it("is served by the app with no inline script, under the site's CSP", async () => {
    const page = await t.app.inject({ url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    // The site's policy, unchanged: scripts from our own origin only (and the pages' boot script by hash).
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp.split(";").find((d) => d.startsWith("script-src"))).not.toContain("unsafe");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual([`${DOCS_PATH}/swagger-ui-bundle.js`, `${DOCS_PATH}/initializer.js`]);
    for (const src of [...scripts, `${DOCS_PATH}/swagger-ui.css`]) {
      const file = await t.app.inject({ url: src });
      expect(file.statusCode, src).toBe(200);
      expect(file.body.length).toBeGreaterThan(50);
    }
    expect((await t.app.inject({ url: `${DOCS_PATH}/initializer.js` })).body).toContain(OPENAPI_PATH);
  });
});
