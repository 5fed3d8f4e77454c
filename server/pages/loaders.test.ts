import { describe, expect, it } from "vitest";
import { matchPage, PAGE_ROUTES } from "../../contract/pages";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { PAGE_LOADERS, type PageContext } from "./loaders";

// What each loader preloads is checked through the pages themselves (pages.api.test.ts,
// action-posts.api.test.ts, article-page.api.test.ts); here, the table and what needs no database.

/** A database that fails the test when touched. */
const untouchable = new Proxy({} as Db, {
  get(_target, property) {
    throw new Error(`The loader used the database (${String(property)})`);
  },
});

function context(path: string, user?: Partial<UserRow>): PageContext {
  const [pathname = "/", query] = path.split("?");
  return {
    db: untouchable,
    config: {} as PageContext["config"],
    url: path,
    pathname,
    search: query === undefined ? "" : `?${query}`,
    page: matchPage(pathname, Boolean(user)),
    request: {} as PageContext["request"],
    reply: {} as PageContext["reply"],
    user: user as UserRow | undefined,
    extraQueries: [],
  };
}

describe("PAGE_LOADERS", () => {
  it("loads data for the pages that preload it, each a page of the route table", () => {
    const names = new Set<string>(PAGE_ROUTES.map((route) => route.name));
    const loaded = Object.keys(PAGE_LOADERS);
    expect(loaded.filter((name) => !names.has(name))).toEqual([]);
    expect(loaded.sort()).toEqual([
      "admin",
      "adminMailbox",
      "article",
      "author",
      "browse",
      "category",
      "home",
      "myArticles",
      "paymentSuccess",
      "subscription",
      "tag",
    ]);
  });

  it.each(["/", "/my-articles", "/my-articles?tab=saved", "/admin", "/subscription"])(
    "preloads nothing for a visitor on %s, without reading the database",
    async (path) => {
      const load = context(path);
      expect(await PAGE_LOADERS[load.page.name]?.(load)).toEqual({ queries: [] });
    },
  );

  it("preloads no articles on /admin for a user who is not an admin", async () => {
    const load = context("/admin", { role: "user" });
    expect(await PAGE_LOADERS.admin?.(load)).toEqual({ queries: [] });
  });
});
