import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "../../test/app";
import { seedArticle, seedAuthor } from "../../test/factories";

// 'For You' is computed per score tier (see forYouPageIds): these tests check the order and
// the paging against the rule written out in plain code.
let t: TestApp;
const seeded: Array<{ id: number; category: string; title: string; at: number }> = [];

beforeAll(async () => {
  t = await createTestApp();
  const author = await seedAuthor(t.database);
  const categories = ["Health", "Technology", "Science"];
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 37; i += 1) {
    const category = categories[i % 3];
    // Every fourth article is about productivity; a few mention it only deep in the body.
    const aboutBread = i % 4 === 0;
    const title = aboutBread ? `Productivity lessons number ${i}` : `Notes number ${i}`;
    const contentText =
      i % 5 === 1 ? "A long body that mentions productivity once, in passing." : "A body about other things.";
    // Several share a timestamp: ties must be broken by id, the same way on every page.
    const at = base + Math.floor(i / 3) * 3_600_000;
    const row = await seedArticle(t.database, author.id, { title, category, contentText, createdAt: new Date(at) });
    seeded.push({ id: row.id, category, title, at });
  }
});
afterAll(() => t?.close());

function expectedOrder(categories: string[], topic: string): number[] {
  const score = (a: (typeof seeded)[number]) =>
    (categories.includes(a.category) ? 2 : 0) + (a.title.toLowerCase().includes(topic) ? 1 : 0);
  return [...seeded].sort((a, b) => score(b) - score(a) || b.at - a.at || b.id - a.id).map((a) => a.id);
}

async function allPages(cookie: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= 5; page += 1) {
    const response = await t.app.inject({ method: "GET", url: `/api/articles?page=${page}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    ids.push(...(response.json() as Array<{ id: number }>).map((a) => a.id));
  }
  return ids;
}

describe("For You", () => {
  it("orders by category and topic, then by recency, across every page exactly once", async () => {
    const { cookie } = await registerUser(t.app, {
      preferredCategories: ["Health"],
      preferredTopics: ["Productivity"],
    });
    const ids = await allPages(cookie);
    expect(ids).toEqual(expectedOrder(["Health"], "productivity"));
    expect(new Set(ids).size).toBe(seeded.length);
  });

  it("works with categories alone and topics alone", async () => {
    const categoriesOnly = await registerUser(t.app, {
      preferredCategories: ["Science", "Technology"],
      preferredTopics: [],
    });
    expect(await allPages(categoriesOnly.cookie)).toEqual(expectedOrder(["Science", "Technology"], "\u0000"));
    const topicsOnly = await registerUser(t.app, { preferredCategories: [], preferredTopics: ["Productivity"] });
    expect(await allPages(topicsOnly.cookie)).toEqual(expectedOrder([], "productivity"));
  });

  it("keeps the reader's filters", async () => {
    const { cookie } = await registerUser(t.app, {
      preferredCategories: ["Health"],
      preferredTopics: ["Productivity"],
    });
    const response = await t.app.inject({ method: "GET", url: "/api/articles?category=Science", headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    const ids = (response.json() as Array<{ id: number }>).map((a) => a.id);
    const science = expectedOrder(["Health"], "productivity").filter(
      (id) => seeded.find((a) => a.id === id)?.category === "Science",
    );
    expect(ids).toEqual(science.slice(0, 10));
  });
});
