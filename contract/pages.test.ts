import { describe, expect, it } from "vitest";
import { articlePath, matchPage } from "./pages";

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

describe("articlePath", () => {
  it("uses the slug, else the id, encoded as one path segment", () => {
    expect(articlePath({ id: 4, slug: "my-story" })).toBe("/article/my-story");
    expect(articlePath({ id: 4, slug: "" })).toBe("/article/4");
    expect(articlePath({ id: 4, slug: null })).toBe("/article/4");
    expect(articlePath({ id: 4, slug: "a/b c" })).toBe("/article/a%2Fb%20c");
  });
});
