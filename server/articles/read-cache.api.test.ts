import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAdmin } from "../../test/admin";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { seedArticle } from "../../test/factories";

// The feed, featured and stats are answered from short-lived caches: these tests check that
// every write through the app shows at once, and that the caches do serve repeated reads.
let t: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let reader: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "chief@example.com" });
  owner = await registerUser(t.app);
  reader = await registerUser(t.app);
  admin = await registerAdmin(t, { email: "chief@example.com" });
});
afterAll(() => t?.close());

const call = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const titles = async (url = "/api/articles?sortBy=latest") =>
  ((await call("GET", url)).json() as Array<{ title: string }>).map((a) => a.title);

describe("read caches", () => {
  it("serve repeated reads without asking the database again", async () => {
    await seedArticle(t.database, owner.user.id, { title: "Cached once" });
    expect(await titles()).toContain("Cached once");
    // Behind the app's back (as another process would): the cached page is still served...
    await t.database.db.execute(sql`update articles set title = 'Renamed elsewhere' where title = 'Cached once'`);
    expect(await titles()).toContain("Cached once");
    // ...until this process writes, or the few seconds pass.
    await seedArticle(t.database, owner.user.id, { title: "Another" });
    expect(await titles()).toContain("Renamed elsewhere");
  });

  it("show an owner's edit and delete at once", async () => {
    const article = await seedArticle(t.database, owner.user.id, { title: "Before the edit" });
    expect(await titles()).toContain("Before the edit");
    const edited = await call("PUT", `/api/articles/${article.id}`, owner.cookie, {
      title: "After the edit",
      content: "New body.",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await titles()).toContain("After the edit");
    expect(await titles()).not.toContain("Before the edit");
    expect((await call("DELETE", `/api/articles/${article.id}`, owner.cookie)).statusCode).toBe(200);
    expect(await titles()).not.toContain("After the edit");
  });

  it("show a rating at once in the feed, the rating order and the featured article", async () => {
    const article = await seedArticle(t.database, owner.user.id, { title: "Rate me" });
    const card = async () =>
      ((await call("GET", "/api/articles?sortBy=latest")).json() as Array<{ id: number; avgRating: number }>).find(
        (a) => a.id === article.id,
      );
    expect((await card())?.avgRating).toBe(0);
    await call("GET", "/api/articles/featured");
    expect((await call("POST", `/api/articles/${article.id}/rate`, reader.cookie, { rating: 5 })).statusCode).toBe(200);
    expect((await card())?.avgRating).toBe(5);
    expect((await titles("/api/articles?sortBy=rating"))[0]).toBe("Rate me");
    expect((await call("GET", "/api/articles/featured")).json().title).toBe("Rate me");
  });

  it("show an admin's pin, edit and delete at once", async () => {
    const article = await seedArticle(t.database, owner.user.id, { title: "Pin me", createdAt: new Date(2020, 1, 1) });
    const featured = async () => (await call("GET", "/api/articles/featured")).json().title;
    expect(await featured()).not.toBe("Pin me");
    expect((await call("PUT", `/api/admin/articles/${article.id}/featured`, admin.cookie)).statusCode).toBe(200);
    expect(await featured()).toBe("Pin me");
    expect(
      (await call("PUT", `/api/admin/articles/${article.id}`, admin.cookie, { title: "Pinned and renamed" }))
        .statusCode,
    ).toBe(200);
    expect(await featured()).toBe("Pinned and renamed");
    const before = (await call("GET", "/api/stats")).json().totalArticles;
    expect((await call("DELETE", `/api/admin/articles/${article.id}`, admin.cookie)).statusCode).toBe(200);
    expect(await featured()).not.toBe("Pinned and renamed");
    expect((await call("GET", "/api/stats")).json().totalArticles).toBe(before - 1);
  });

  it("answer 'For You' per reader's interests, not from another reader's page", async () => {
    const techie = await registerUser(t.app, { preferredCategories: ["Technology"], preferredTopics: [] });
    const cook = await registerUser(t.app, { preferredCategories: ["Food"], preferredTopics: [] });
    await seedArticle(t.database, owner.user.id, { title: "Fresh tech", category: "Technology" });
    await seedArticle(t.database, owner.user.id, { title: "Fresh food", category: "Food" });
    const first = async (cookie: string) =>
      ((await call("GET", "/api/articles", cookie)).json() as Array<{ title: string }>)[0].title;
    expect(await first(techie.cookie)).toBe("Fresh tech");
    expect(await first(cook.cookie)).toBe("Fresh food");
  });
});
