import { readdirSync } from "node:fs";
import { matchPage, PAGE_ROUTES, type PageName } from "@contract/pages";
import { describe, expect, it } from "vitest";
import { matchRoute } from "wouter";
import { matchAppRoute, ROUTES, routeParser } from "./routes";

// The server answers a path with matchPage (status, title); the client renders the route
// table's page. Both must name the same page.
const FILE_OF: Record<PageName, string> = {
  home: "pages/home.tsx",
  login: "pages/login.tsx",
  register: "pages/register.tsx",
  forgotPassword: "pages/forgot-password.tsx",
  resetPassword: "pages/reset-password.tsx",
  verifyEmail: "pages/verify-email.tsx",
  article: "pages/article.tsx",
  browse: "pages/browse.tsx",
  author: "pages/author.tsx",
  category: "pages/topic.tsx",
  tag: "pages/topic.tsx",
  paymentSuccess: "pages/payment-success.tsx",
  paymentFailed: "pages/payment-failed.tsx",
  profile: "pages/profile.tsx",
  myArticles: "pages/my-articles.tsx",
  settings: "pages/settings.tsx",
  subscription: "pages/subscription.tsx",
  admin: "pages/admin.tsx",
  adminMailbox: "pages/admin-mailbox.tsx",
  notFound: "pages/not-found.tsx",
};

describe("routeParser", () => {
  const matches = (pattern: string, path: string) => matchRoute(routeParser, pattern, path);

  it("matches static paths case-insensitively, with an optional trailing slash (like wouter's own)", () => {
    expect(matches("/my-articles", "/my-articles")[0]).toBe(true);
    expect(matches("/my-articles", "/My-Articles/")[0]).toBe(true);
    expect(matches("/my-articles", "/my-articles/x")[0]).toBe(false);
    expect(matches("/", "/")[0]).toBe(true);
    expect(matches("/", "/login")[0]).toBe(false);
  });

  it("reads named segments as params, one segment each", () => {
    expect(matches("/article/:identifier", "/article/my-slug")).toEqual([
      true,
      { 0: "my-slug", identifier: "my-slug" },
    ]);
    expect(matches("/article/:identifier", "/article/a/b")[0]).toBe(false);
    expect(matches("/article/:identifier", "/article/")[0]).toBe(false);
  });

  it("takes regular-expression characters in a path literally", () => {
    expect(matches("/a.b", "/a.b")[0]).toBe(true);
    expect(matches("/a.b", "/axb")[0]).toBe(false);
  });

  it("lets '*' match every path", () => {
    expect(matches("*", "/anything/at/all")[0]).toBe(true);
  });
});

describe("matchAppRoute", () => {
  it("shows the landing page to visitors and home to signed-in users at '/'", () => {
    expect(matchAppRoute("/", false).page.module).toBe("pages/landing.tsx");
    expect(matchAppRoute("/", true).page.module).toBe("pages/home.tsx");
  });

  it.each([
    ["/login", false],
    ["/register", false],
    ["/article/some-slug", false],
    ["/article/42", true],
    ["/payment/success", true],
    ["/payment/failed", false],
    ["/profile", false],
    ["/my-articles", true],
    ["/settings", true],
    ["/subscription", true],
    ["/admin", true],
    ["/", true],
    ["/no/such/page", false],
    ["/article/a/b", false],
  ] as const)("agrees with the server's matchPage on %s (signed in: %s)", (path, signedIn) => {
    const name = matchPage(path, signedIn).name;
    const expected = name === "home" && !signedIn ? "pages/landing.tsx" : FILE_OF[name];
    expect(matchAppRoute(path, signedIn).page.module).toBe(expected);
  });

  it("routes to every page file, and ends with the catch-all", () => {
    const files = readdirSync(new URL("./pages", import.meta.url))
      .filter((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"))
      .map((file) => `pages/${file}`);
    const routed = new Set(ROUTES.flatMap((route) => [route.page.module, route.signedInPage?.module]));
    expect([...routed].filter(Boolean).sort()).toEqual(files.sort());
    expect(ROUTES[ROUTES.length - 1].path).toBeUndefined();
  });

  it("is the contract's route table, in its order", () => {
    expect(ROUTES.map((route) => [route.path, route.name])).toEqual(
      PAGE_ROUTES.map((route) => ["path" in route ? route.path : undefined, route.name]),
    );
    expect(ROUTES.filter((route) => route.signedInPage).map((route) => route.path)).toEqual(["/"]);
  });

  it("loads a page's code once, after which it renders without suspending", async () => {
    const { page } = matchAppRoute("/payment/failed", false);
    await page.preload();
    expect(page.loaded()).toBeTypeOf("function");
  });
});
