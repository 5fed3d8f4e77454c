import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { FIXTURES } from "../../test/fixtures";

// Issue 16, item 5: the article's language travels with it (JSON, RSS; the page and JSON-LD read the JSON).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { generation: {} });
});
afterAll(() => t?.close());

describe("an article's language", () => {
  it("is the language the offline writer wrote in, in the article JSON and its RSS item", async () => {
    const { cookie } = await registerUser(t.app);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { youtubeUrl: `https://youtu.be/${FIXTURES.nonEnglish()}`, length: "short" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, slug } = created.json();
    expect(created.json().language).toBe("es");

    const read = await t.app.inject({ method: "GET", url: `/api/articles/${id}` });
    expect(read.json().language).toBe("es");

    const rss = (await t.app.inject({ method: "GET", url: "/rss.xml" })).body;
    const item = rss.split("<item>").find((part) => part.includes(slug));
    expect(item).toContain("<dc:language>es</dc:language>");
  });
});
