import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "../../test/app";
import type { PageRenderer, PreloadedQuery, RenderedHead } from "./routes";

// A stand-in for the Vite-built renderer: it writes down what the server handed it, so these
// tests check the server's part (status, head, preloaded data) without building the web app.
const stubRenderer: PageRenderer = {
  async render(input) {
    return `<!doctype html><html><body><pre>${JSON.stringify(input).replace(/</g, "\\u003c")}</pre></body></html>`;
  },
};

function rendered(body: string): { url: string; head: RenderedHead; queries: PreloadedQuery[] } {
  const json = body.slice(body.indexOf("<pre>") + 5, body.indexOf("</pre>"));
  return JSON.parse(json);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { pages: stubRenderer });
});
afterAll(() => t?.close());

describe("HTML pages", () => {
  it("renders a visitor's page with its title and a signed-out user already answered", async () => {
    const response = await t.app.inject({ method: "GET", url: "/login" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const page = rendered(response.body);
    expect(page.head.title).toBe("Sign In | VidScribe");
    expect(page.head.canonicalUrl).toBe("http://localhost:5000/login");
    expect(page.queries).toEqual([{ queryKey: ["/api/auth/user"], data: null }]);
  });

  it("preloads the signed-in user and their limits", async () => {
    const { cookie, user } = await registerUser(t.app);
    const response = await t.app.inject({ method: "GET", url: "/profile", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const page = rendered(response.body);
    expect(page.head.title).toBe("Profile | VidScribe");
    expect(page.queries).toEqual([
      { queryKey: ["/api/auth/user"], data: user },
      { queryKey: ["/api/user/limits"], data: { canCreate: true, remaining: 3, isGuest: true } },
    ]);
    expect(JSON.stringify(page.queries)).not.toContain("passwordHash");
  });

  it("titles home for who is looking", async () => {
    const { cookie } = await registerUser(t.app);
    expect(rendered((await t.app.inject({ url: "/" })).body).head.title).toContain("Turn videos into articles");
    expect(rendered((await t.app.inject({ url: "/", headers: { cookie } })).body).head.title).toBe("Home | VidScribe");
  });

  it("answers paths outside the route table with status 404 and the 404 page", async () => {
    const response = await t.app.inject({ method: "GET", url: "/no/such/page" });
    expect(response.statusCode).toBe(404);
    expect(rendered(response.body).head.title).toBe("404 Page Not Found | VidScribe");
  });

  it("answers unknown API paths with JSON, not a page", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/No such endpoint/);
  });

  it("redirects a trailing slash to the page's one address, never off-site", async () => {
    const response = await t.app.inject({ method: "GET", url: "/login/?next=1" });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/login?next=1");
    const sneaky = await t.app.inject({ method: "GET", url: "//evil.example/" });
    expect(sneaky.statusCode).toBe(301);
    expect(sneaky.headers.location).toBe("/evil.example");
  });

  it("sends security headers with pages", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["content-security-policy"]).not.toContain("unsafe-inline';script");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});
