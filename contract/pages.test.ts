import { describe, expect, it } from "vitest";
import { articlePath, matchPage, PAGE_ROUTES, SITEMAP_PATHS, UNCRAWLED_PATHS } from "./pages";

describe("matchPage", () => {
  it("knows every route of the spec's route table", () => {
    const names = ["/", "/login", "/register", "/payment/success", "/payment/failed", "/profile"]
      .concat(["/my-articles", "/settings", "/subscription", "/admin", "/article/some-slug", "/article/42"])
      .map((path) => matchPage(path).name);
    expect(names).not.toContain("notFound");
  });

  it("answers the 404 page for anything else", () => {
    for (const path of ["/nope", "/article", "/article/a/b", "/login/extra", "/admin/x"]) {
      const page = matchPage(path);
      expect(page.name).toBe("notFound");
      expect(page.title).toBe("404 Page Not Found | VidScribe");
    }
  });

  it("titles home differently for signed-in users and visitors", () => {
    expect(matchPage("/", true).title).toBe("Home | VidScribe");
    expect(matchPage("/", false).title).toContain("Turn videos into articles");
  });

  it("marks the pages that need an account", () => {
    expect(matchPage("/settings").signedIn).toBe(true);
    expect(matchPage("/login").signedIn).toBe(false);
  });
});

describe("the route table", () => {
  it("names each page once and ends with the 404 page, the only entry without a path", () => {
    const names = PAGE_ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    const last = PAGE_ROUTES[PAGE_ROUTES.length - 1];
    expect(last.name).toBe("notFound");
    expect(PAGE_ROUTES.filter((route) => !("path" in route))).toEqual([last]);
  });

  it("gives every page with a path that page back from matchPage", () => {
    for (const route of PAGE_ROUTES) {
      if (!("path" in route)) continue;
      const path = route.path.replace(/:[^/]+/g, "some-value");
      expect(matchPage(path)).toMatchObject({ name: route.name, title: route.title, signedIn: route.signedIn });
    }
  });

  it("matches paths exactly: case, trailing slashes and extra segments lead to the 404 page", () => {
    for (const path of ["/Login", "/login/", "/article/", "/article//x", "/ARTICLE/x", "//"]) {
      expect(matchPage(path).name).toBe("notFound");
    }
  });

  it("keeps crawlers out of the payment answers and the signed-in pages, in the table's order", () => {
    expect(UNCRAWLED_PATHS).toEqual([
      "/reset-password",
      "/verify-email",
      "/payment/success",
      "/payment/failed",
      "/profile",
      "/my-articles",
      "/settings",
      "/subscription",
      "/admin",
      "/admin/mailbox",
    ]);
  });

  it("lists the home page and /browse in the sitemap (articles, topics and authors are listed on their own)", () => {
    expect(SITEMAP_PATHS).toEqual(["/", "/browse"]);
  });
});

describe("articlePath", () => {
  it("uses the slug, else the id, encoded as one path segment", () => {
    expect(articlePath({ id: 4, slug: "my-story" })).toBe("/article/my-story");
    expect(articlePath({ id: 4, slug: "" })).toBe("/article/4");
    expect(articlePath({ id: 4, slug: null })).toBe("/article/4");
    expect(articlePath({ id: 4, slug: "a/b c" })).toBe("/article/a%2Fb%20c");
  });
});
