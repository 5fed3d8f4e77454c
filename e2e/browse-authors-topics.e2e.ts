import type { Article } from "@contract/articles";
import { tagSlug } from "@contract/topics";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../test/fixtures";
import { baseUrl, browserForTests, chromiumPath, openTab, signedInContext } from "./browser";

/*
 * Issue 19, "a visitor browses, searches, opens an author and a tag, reads RSS": signed out, on a
 * phone and on a desktop. The shared server holds other journeys' articles too, so this one
 * finds its own by a word and a tag nobody else uses, and counts nothing else.
 */

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

describe.skipIf(!chromiumPath)("a visitor browses, opens an author and a tag, and reads the tag's RSS", () => {
  const browser = browserForTests();
  const stamp = Date.now().toString(36);
  const word = `zanzibarite${stamp}`;
  const tag = `Browse Journey ${stamp}`;
  const slug = tagSlug(tag);
  let author: BrowserContext;
  let article: Article;

  beforeAll(async () => {
    // An author writes an article from a bundled fixture video, then gives it a title word and a
    // tag of this run's own (and a title a feed reader must escape).
    author = await signedInContext(browser(), { firstName: "Kwesi", lastName: "Journey" });
    const created = await author.request.post("/api/articles", {
      headers: { origin: baseUrl },
      data: { youtubeUrl: `https://youtu.be/${FIXTURES.rich()}`, style: "blog", length: "short", category: "Science" },
      timeout: 60_000,
    });
    expect(created.status(), await created.text()).toBe(201);
    const written = (await created.json()) as Article;
    const edited = await author.request.put(`/api/articles/${written.id}`, {
      headers: { origin: baseUrl },
      data: {
        title: `The ${word} <b>story</b> & more`,
        content: `## What happened\n\nThe ${word} story, told from the video.`,
        tags: [tag, "video"],
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    article = (await edited.json()) as Article;
    expect(article.authorHandle).toMatch(/^kwesi-journey/);
  });
  afterAll(() => author?.close());

  it("works without JavaScript: the browse form searches, and the links lead to the author and the tag", async () => {
    const context = await browser().newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/browse");
      // The no-script form (native fields, an Apply button) posts to /browse itself.
      await page.getByRole("searchbox", { name: "Search" }).fill(word);
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL((url) => url.pathname === "/browse" && url.searchParams.get("search") === word);
      const card = page.getByTestId("article-card").filter({ hasText: word });
      await card.waitFor();
      await card.getByRole("link", { name: "Kwesi Journey" }).click();
      await page.waitForURL(`**/u/${article.authorHandle}`);
      await page.getByRole("heading", { level: 1, name: "Kwesi Journey" }).waitFor();
      await page.getByTestId("article-card").filter({ hasText: word }).getByRole("link", { name: tag }).click();
      await page.waitForURL(`**/tag/${slug}`);
      await page.getByRole("heading", { level: 1, name: tag }).waitFor();
    } finally {
      await context.close();
    }
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`on a ${name}: landing, browse, search, the author's page, the tag's page and its RSS`, async () => {
      const { page, problems, context } = await openTab(browser(), viewport);
      try {
        // The landing page stays the front door for visitors, with a way in to read.
        await page.goto("/");
        await page.getByRole("heading", { level: 1, name: /Turn videos into/ }).waitFor();
        await page.getByRole("main").getByRole("link", { name: "Browse articles" }).click();
        await page.waitForURL("**/browse");
        await page.getByRole("heading", { level: 1, name: "Browse articles" }).waitFor();
        // Nothing to rate or save here: the cards are links.
        expect(await page.getByRole("button", { name: /bookmark|save|rate/i }).count()).toBe(0);

        // On a phone the filters are folded away under their heading: the reader opens them.
        if (viewport.width < 1024) await page.getByText("Filters", { exact: true }).click();
        await page.getByRole("searchbox", { name: "Search" }).fill(word);
        await page.waitForURL((url) => url.pathname === "/browse" && url.searchParams.get("search") === word);
        const card = page.getByTestId("article-card").filter({ hasText: word });
        // The URL changes before the answer arrives, and the unfiltered list holds this card
        // too: wait for the list to narrow to it.
        await expect.poll(() => page.getByTestId("article-card").count()).toBe(1);
        await card.waitFor();

        // The category over the card's picture is a link of its own too.
        expect(await card.getByRole("link", { name: "Science" }).getAttribute("href")).toBe("/category/science");
        await card.getByRole("link", { name: "Science" }).click({ trial: true });

        // The author's name on the card leads to their page.
        await card.getByRole("link", { name: "Kwesi Journey" }).click();
        await page.waitForURL(`**/u/${article.authorHandle}`);
        await page.getByRole("heading", { level: 1, name: "Kwesi Journey" }).waitFor();
        expect(await page.getByText(`@${article.authorHandle}`).isVisible()).toBe(true);
        const authorsCard = page.getByTestId("article-card").filter({ hasText: word });
        await authorsCard.waitFor();

        // The tag on the card leads to the tag's page, which offers its RSS feed.
        await authorsCard.getByRole("link", { name: tag }).click();
        await page.waitForURL(`**/tag/${slug}`);
        await page.getByRole("heading", { level: 1, name: tag }).waitFor();
        expect(await page.getByTestId("article-card").count()).toBe(1);
        expect(await page.title()).toBe(`#${tag}: articles | VidScribe`);
        // The page as the server sends it (a visitor arriving by a link) names its feed in its head.
        await page.reload();
        const alternate = await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute("href");
        expect(alternate).toBe(`${baseUrl}/tag/${slug}/rss.xml`);

        const rssLink = page.getByRole("link", { name: /RSS feed/ });
        const rss = await context.request.get(new URL((await rssLink.getAttribute("href")) ?? "", baseUrl).toString());
        expect(rss.status()).toBe(200);
        expect(rss.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
        const xml = await rss.text();
        expect(xml).toContain(`<title>#${tag} | VidScribe</title>`);
        expect(xml).toContain(`The ${word} &lt;b&gt;story&lt;/b&gt; &amp; more`);
        expect([...xml.matchAll(/<item>/g)]).toHaveLength(1);

        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
