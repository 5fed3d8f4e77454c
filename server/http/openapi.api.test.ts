import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { DOCS_PATH, OPENAPI_PATH } from "./openapi";

interface Operation {
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
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
