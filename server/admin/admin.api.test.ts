import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAdmin } from "../../test/admin";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { seedArticle, seedAuthor } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "chief@example.com" });
});
afterAll(() => t?.close());

const pin = (method: "PUT" | "DELETE", id: number | string, cookie?: string) =>
  t.app.inject({
    method,
    url: `/api/admin/articles/${id}/featured`,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });

describe("pinning the featured article", () => {
  it("is for admins only: 401 for visitors, 403 for other users, and nothing changes", async () => {
    const article = await seedArticle(t.database, (await seedAuthor(t.database)).id);
    expect((await pin("PUT", article.id)).statusCode).toBe(401);
    const { cookie } = await registerUser(t.app);
    const refused = await pin("PUT", article.id, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/admin/);
    const featured = (await t.app.inject({ method: "GET", url: "/api/articles/featured" })).json();
    expect(featured.id).toBe(article.id); // the only article, featured as the newest, not as a pin
  });

  it("makes the pinned article featured until unpinned", async () => {
    const author = await seedAuthor(t.database);
    const old = await seedArticle(t.database, author.id, { createdAt: new Date(Date.now() - 90 * 86_400_000) });
    await seedArticle(t.database, author.id, { viewCount: 10_000, ratingAvg: 5, ratingCount: 50 });
    const { cookie } = await registerAdmin(t, { email: "chief@example.com" });
    expect((await pin("PUT", old.id, cookie)).json()).toEqual({ articleId: old.id, featured: true });
    expect((await t.app.inject({ method: "GET", url: "/api/articles/featured" })).json().id).toBe(old.id);
    expect((await pin("DELETE", old.id, cookie)).json()).toEqual({ articleId: old.id, featured: false });
    expect((await t.app.inject({ method: "GET", url: "/api/articles/featured" })).json().id).not.toBe(old.id);
    expect((await pin("PUT", 999999, cookie)).statusCode).toBe(404);
    expect((await pin("PUT", "abc", cookie)).statusCode).toBe(400);
  });
});
