// Search by relevance in tiers (server/articles/feed-queries.ts searchPageIds): articles about
// the words (title, tags, author, excerpt) newest first, then those that only mention them in
// the body, newest first; paging crosses from one tier to the next without a gap or a repeat.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAS_MORE_HEADER } from "../../contract/feed-query";
import { createTestApp, registerUser, type TestApp } from "../../test/app";
import { seedArticle, seedAuthor, setArticle } from "../../test/factories";
import { articles } from "../db/schema";
import { forgetCachedReads } from "./read-cache";

let t: TestApp;
const hoursAgo = (n: number) => new Date(Date.now() - n * 60 * 60 * 1000);

beforeAll(async () => {
  t = await createTestApp();
  const author = await seedAuthor(t.database, { firstName: "Kofi", lastName: "Mensah" });
  // Twelve articles about zeppelins (the word in the title, a tag or the excerpt), one to
  // twelve hours old, and three older-to-newer ones that only mention them in the body, the
  // newest of all among them: relevance must put it after every article about the subject.
  for (let n = 1; n <= 12; n++) {
    const where = n % 3;
    await seedArticle(t.database, author.id, {
      title: where === 0 ? `Zeppelin story ${n}` : `Airship story ${n}`,
      tags: where === 1 ? ["zeppelin"] : ["airships"],
      excerpt: where === 2 ? `How the zeppelin flew, part ${n}.` : `Part ${n} of the series.`,
      contentText: "A history of flight.",
      createdAt: hoursAgo(n),
    });
  }
  for (const [n, age] of [
    [1, 0.5],
    [2, 20],
    [3, 30],
  ] as const) {
    await seedArticle(t.database, author.id, {
      title: `Ballooning notes ${n}`,
      tags: ["balloons"],
      excerpt: "Notes from the field.",
      contentText: "Someone once saw a zeppelin over the town.",
      createdAt: hoursAgo(age),
      ratingAvg: n === 3 ? 5 : 0,
      ratingCount: n === 3 ? 1 : 0,
    });
  }
  await seedArticle(t.database, author.id, {
    title: "Zeppelin shipping costs",
    tags: ["zeppelin"],
    contentText: "Freight by airship is slow.",
    createdAt: hoursAgo(0.1),
  });
});
afterAll(() => t?.close());

async function page(query: string) {
  const response = await t.app.inject({ method: "GET", url: `/api/articles?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return {
    titles: response.json().map((a: { title: string }) => a.title) as string[],
    hasMore: response.headers[HAS_MORE_HEADER.toLowerCase()],
  };
}

describe("search by relevance", () => {
  it("puts articles about the words first, newest first, then those that only mention them", async () => {
    const first = await page("search=zeppelin");
    const second = await page("search=zeppelin&page=2");
    expect(first.hasMore).toBe("true");
    expect(second.hasMore).toBe("false");
    expect([...first.titles, ...second.titles]).toEqual([
      "Zeppelin shipping costs",
      ...Array.from({ length: 12 }, (_, i) => `${(i + 1) % 3 === 0 ? "Zeppelin" : "Airship"} story ${i + 1}`),
      "Ballooning notes 1",
      "Ballooning notes 2",
      "Ballooning notes 3",
    ]);
  });

  it("orders a signed-in reader's search (their default sort is 'For You') by relevance too", async () => {
    // Interests under which 'For You' would list every match newest first, body-only mentions among them.
    const { cookie } = await registerUser(t.app, {
      preferredCategories: ["Technology"],
      preferredTopics: [],
    });
    for (const query of ["search=zeppelin", "search=zeppelin&sortBy=for_you"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/articles?${query}`, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().map((a: { title: string }) => a.title)).toEqual((await page("search=zeppelin")).titles);
    }
  });

  it("keeps an exclusion across both tiers", async () => {
    const { titles } = await page(`search=${encodeURIComponent("zeppelin -freight")}&page=1`);
    expect(titles).not.toContain("Zeppelin shipping costs");
    expect(titles[0]).toBe("Airship story 1");
  });

  it("orders by the chosen sort instead when there is one", async () => {
    const { titles } = await page("search=zeppelin&sortBy=rating");
    expect(titles[0]).toBe("Ballooning notes 3");
  });
});

describe("one word and other searches", () => {
  it("ranks a one-word search (read from the postings) exactly as the same word written otherwise", async () => {
    // "Zeppelin!" is not a plain word, so it takes the general query; the words are the same.
    for (const page of [1, 2]) {
      const plain = await titlesOf(`search=zeppelin&page=${page}`);
      expect(await titlesOf(`search=${encodeURIComponent("Zeppelin!")}&page=${page}`)).toEqual(plain);
    }
    // With the other filters, checked article by article along the postings.
    expect(await titlesOf("search=zeppelin&category=Technology&page=2")).toEqual(
      await titlesOf("search=zeppelin&page=2"),
    );
    expect(await titlesOf("search=zeppelin&category=Business")).toEqual([]);
    expect(await titlesOf(`search=${encodeURIComponent("zeppelin story")}`)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${(i + 1) % 3 === 0 ? "Zeppelin" : "Airship"} story ${i + 1}`),
    );
  });

  it("keeps the postings in step when an article is written, changed and deleted", async () => {
    const author = await seedAuthor(t.database, { firstName: "Esi", lastName: "Owusu" });
    const article = await seedArticle(t.database, author.id, {
      title: "Quokka habits",
      tags: ["marsupials"],
      excerpt: "What they eat.",
      contentText: "Leaves, mostly.",
    });
    expect(await titlesOf("search=quokka")).toEqual(["Quokka habits"]);
    await setArticle(t.database, article.id, { title: "Wombat habits" });
    expect(await titlesOf("search=quokka")).toEqual([]);
    expect(await titlesOf("search=wombat")).toEqual(["Wombat habits"]);
    // A read counted changes nothing the postings hold.
    await setArticle(t.database, article.id, { viewCount: 7 });
    expect(await titlesOf("search=wombat")).toEqual(["Wombat habits"]);
    await t.database.db.delete(articles).where(eq(articles.id, article.id));
    forgetCachedReads(t.database.db);
    expect(await titlesOf("search=wombat")).toEqual([]);
    // Every article's words, and nothing else, dated as the article is.
    const { rows } = await t.database.executeSql(
      `select (select count(*) from article_terms) as postings,
              (select count(*) from articles a, unnest(a.rank_vector) w) as words,
              (select count(*) from article_terms p join articles a on a.id = p.article_id
                 where p.created_at = a.created_at and p.term = any(tsvector_to_array(a.rank_vector))) as matching`,
    );
    const [counts] = rows as Array<{ postings: string; words: string; matching: string }>;
    expect(Number(counts?.postings)).toBeGreaterThan(0);
    expect(counts?.postings).toBe(counts?.words);
    expect(counts?.matching).toBe(counts?.words);
  });
});

async function titlesOf(query: string) {
  return (await page(query)).titles;
}
