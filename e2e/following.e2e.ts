import type { Article } from "@contract/articles";
import { tagSlug } from "@contract/topics";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../test/fixtures";
import { baseUrl, browserForTests, chromiumPath, signedInContext } from "./browser";

/*
 * Issue 19, "a user follows a tag and sees it in Following": in a real browser, with scripts
 * and without them, on a phone and on a desktop. The shared server holds other journeys'
 * articles, so this one uses a tag of its own and looks only for its article.
 */

describe.skipIf(!chromiumPath)("following a tag, then reading it in Following", () => {
  const browser = browserForTests();
  const stamp = Date.now().toString(36);
  const tag = `Follow Journey ${stamp}`;
  const slug = tagSlug(tag);
  const title = `The follow journey ${stamp}`;
  let author: BrowserContext;
  let article: Article;

  beforeAll(async () => {
    author = await signedInContext(browser(), { firstName: "Abena", lastName: "Follows" });
    const created = await author.request.post("/api/articles", {
      headers: { origin: baseUrl },
      data: { youtubeUrl: `https://youtu.be/${FIXTURES.rich()}`, style: "blog", length: "short" },
      timeout: 60_000,
    });
    expect(created.status(), await created.text()).toBe(201);
    const written = (await created.json()) as Article;
    const edited = await author.request.put(`/api/articles/${written.id}`, {
      headers: { origin: baseUrl },
      data: { title, content: "## What happened\n\nA story to follow.", tags: [tag] },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    article = (await edited.json()) as Article;
  });
  afterAll(() => author?.close());

  for (const [name, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1280, height: 800 }],
  ] as const) {
    it(`on a ${name}: Follow on the tag's page, then the article in Following, then Unfollow`, async () => {
      const reader = await signedInContext(browser(), { viewport });
      try {
        const page = await reader.newPage();
        await page.goto("/");
        const following = page
          .getByRole("navigation", { name: "Which articles" })
          .getByRole("link", { name: "Following" });
        await following.click();
        await page.waitForURL((url) => url.searchParams.get("following") === "true");
        await page.getByRole("heading", { name: "Nothing from who you follow yet" }).waitFor();

        await page.goto(`/tag/${slug}`);
        const follow = page.getByRole("button", { name: `Follow #${tag}` });
        await follow.click();
        await page.getByRole("button", { name: `Unfollow #${tag}` }).waitFor();
        await expect
          .poll(async () => await page.getByRole("button", { name: `Unfollow #${tag}` }).getAttribute("aria-pressed"))
          .toBe("true");

        await page.goto("/?following=true");
        await page.getByTestId("article-card").filter({ hasText: title }).waitFor();

        await page.goto(`/tag/${slug}`);
        await page.getByRole("button", { name: `Unfollow #${tag}` }).click();
        await page.getByRole("button", { name: `Follow #${tag}` }).waitFor();
        await page.goto("/?following=true");
        await page.getByRole("heading", { name: "Nothing from who you follow yet" }).waitFor();
      } finally {
        await reader.close();
      }
    });
  }

  it("works without JavaScript: Follow posts the form, and the Following link lists the article", async () => {
    const reader = await signedInContext(browser(), { javaScriptEnabled: false });
    try {
      const page = await reader.newPage();
      await page.goto(`/u/${article.authorHandle}`);
      await page.getByRole("button", { name: "Follow Abena Follows" }).click();
      await page.waitForURL(`**/u/${article.authorHandle}`);
      await page.getByRole("button", { name: "Unfollow Abena Follows" }).waitFor();
      await page.goto("/");
      await page.getByRole("navigation", { name: "Which articles" }).getByRole("link", { name: "Following" }).click();
      await page.waitForURL((url) => url.searchParams.get("following") === "true");
      await page.getByTestId("article-card").filter({ hasText: title }).waitFor();
    } finally {
      await reader.close();
    }
  });
});
