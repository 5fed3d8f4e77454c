import type { Article } from "@contract/articles";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../test/fixtures";
import { baseUrl, browserForTests, chromiumPath, openTab, signedInContext, waitForApp } from "./browser";

/**
 * The article page people finish (issue 19): reading time, a table of contents that takes the
 * reader to a heading, related articles, the author's next article, and stars the author sees
 * but is not offered.
 */

/** About `words` words under h2 headings, as an author might write them in the edit dialog. */
function longMarkdown(headings: readonly string[], words: number): string {
  const sentence = "Readers finish articles that tell them where they are and what comes next.";
  const perSection = Math.ceil(words / headings.length / sentence.split(" ").length);
  const paragraph = Array.from({ length: perSection }, () => sentence).join(" ");
  return headings.map((heading) => `## ${heading}\n\n${paragraph}\n\n${paragraph}`).join("\n\n");
}

const HEADINGS = ["Feeding the starter", "Mixing and resting", "Shaping the loaf", "Baking day"];

/** Whether the element's top is inside the viewport's upper part (below the sticky header). */
async function scrolledTo(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((node) => {
    const top = node.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight / 3;
  });
}

describe.skipIf(!chromiumPath)("the article page in a real browser", () => {
  const browser = browserForTests();
  let author: BrowserContext;
  let long: Article;
  let other: Article;

  beforeAll(async () => {
    // An author writes two articles in one category from bundled fixture videos, then makes the
    // first a long piece with sections, through the API as the edit dialog would.
    author = await signedInContext(browser(), { firstName: "Abena", lastName: "Baker" });
    const create = async (videoId: string) => {
      const response = await author.request.post("/api/articles", {
        headers: { origin: baseUrl },
        data: { youtubeUrl: `https://youtu.be/${videoId}`, style: "blog", length: "short", category: "Lifestyle" },
        timeout: 60_000,
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as Article;
    };
    long = await create(FIXTURES.rich());
    other = await create(FIXTURES.noComments());
    const edit = await author.request.put(`/api/articles/${long.id}`, {
      headers: { origin: baseUrl },
      data: { title: long.title, content: longMarkdown(HEADINGS, 1400) },
    });
    expect(edit.status(), await edit.text()).toBe(200);
    long = await edit.json();
  });
  afterAll(() => author?.close());

  it("on a wide screen: reading time, a sticky Contents beside the article whose links scroll to the headings", async () => {
    const { page, problems, context } = await openTab(browser(), { width: 1280, height: 800 });
    await page.goto(`/article/${long.slug}`);
    // About 230 words a minute, from the article's words.
    expect(long.wordCount).toBeGreaterThan(2000);
    const minutes = Math.round(long.wordCount / 230);
    expect((await page.getByTestId("reading-time").textContent())?.trim()).toBe(`${minutes} min read`);
    const contents = page.getByRole("navigation", { name: "Contents" });
    await contents.waitFor();
    expect(await contents.getByRole("link").allTextContents()).toEqual(HEADINGS);
    // The phone's disclosure is not shown here.
    expect(await page.getByTestId("contents-inline").isVisible()).toBe(false);

    await contents.getByRole("link", { name: "Baking day" }).click();
    await page.waitForFunction(() => location.hash === "#section-baking-day");
    await page.waitForFunction(() => {
      const top = document.getElementById("section-baking-day")?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight / 3;
    });
    // Below the sticky header, not under it; and the contents stayed in view as the page scrolled.
    expect(
      await page.locator("#section-baking-day").evaluate((node) => node.getBoundingClientRect().top),
    ).toBeGreaterThan(60);
    expect(await contents.isVisible()).toBe(true);
    expect(await contents.evaluate((node) => node.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: "/tmp/article-page-desktop.png", fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a phone: the contents are a closed disclosure above the body that opens and leads to a heading", async () => {
    const { page, problems, context } = await openTab(browser(), { width: 390, height: 844 });
    await page.goto(`/article/${long.slug}`);
    const inline = page.getByTestId("contents-inline");
    await inline.waitFor();
    expect(await page.getByTestId("contents-sidebar").isVisible()).toBe(false);
    const link = inline.getByRole("link", { name: "Shaping the loaf" });
    expect(await link.isVisible()).toBe(false);
    await page.screenshot({ path: "/tmp/article-page-phone.png", fullPage: false });
    await inline.getByText("Contents").click();
    await link.click();
    await page.waitForFunction(() => location.hash === "#section-shaping-the-loaf");
    await page.waitForFunction(() => {
      const top = document.getElementById("section-shaping-the-loaf")?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight / 3;
    });
    expect(await scrolledTo(page, "#section-shaping-the-loaf")).toBe(true);
    await page.getByTestId("author-next").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/article-page-end-phone.png" });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("ends with the author's next article and related cards that lead to the other article", async () => {
    const { page, problems, context } = await openTab(browser());
    await page.goto(`/article/${long.slug}`);
    const next = page.getByTestId("author-next");
    expect(await next.textContent()).toContain(other.title);
    expect(await page.getByTestId("author-previous").count()).toBe(0);

    const related = page.getByRole("region", { name: "Related articles" });
    // Other journeys write from the same fixture videos on this server, so which articles rank
    // first is theirs to change (the ranking itself is checked in related.api.test.ts): any
    // card, never the article itself, at most four, and each leads to its article.
    const cards = related.getByTestId("related-card");
    await cards.first().waitFor();
    expect(await cards.count()).toBeLessThanOrEqual(4);
    expect(await related.locator(`a[href="/article/${long.slug}"]`).count()).toBe(0);
    const firstHref = await cards.first().locator("a[href^='/article/']").first().getAttribute("href");
    expect(firstHref).toMatch(/^\/article\//);
    await next.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/article-page-end-desktop.png" });
    await cards.first().locator("a[href^='/article/']").first().click();
    await page.waitForURL(`${baseUrl}${firstHref}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // The author's next article, and from there the long one is its previous.
    await page.goto(`/article/${long.slug}`);
    await page.getByTestId("author-next").click();
    await page.waitForURL(`${baseUrl}/article/${other.slug}`);
    await page.getByRole("heading", { level: 1, name: other.title }).waitFor();
    expect(await page.getByTestId("author-previous").textContent()).toContain(long.title);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the author their stars with nothing to press, and a reader the stars to rate with", async () => {
    const page = await author.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !/^Failed to load resource/.test(message.text())) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`/article/${long.slug}`);
    await waitForApp(page);
    const own = page.getByTestId("own-article-rating");
    await own.waitFor();
    expect(await own.getByRole("img", { name: "Rated 0.0 out of 5" }).count()).toBe(1);
    expect(await own.locator("button, input, [role=radio], [tabindex]").count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Rate \d stars?$/ }).count()).toBe(0);
    expect(await page.locator("form input[name=intent][value=rate]").count()).toBe(0);
    expect(await page.getByTestId("rating-average").textContent()).toBe("0.0");
    await page.getByRole("navigation", { name: "Contents" }).waitFor();
    await page.screenshot({ path: "/tmp/article-page-author.png", fullPage: false });
    expect(problems).toEqual([]);
    await page.close();

    const reader = await openTab(browser());
    await reader.page.goto(`/article/${long.slug}`);
    expect(await reader.page.getByRole("button", { name: /^Rate \d stars?$/ }).count()).toBe(5);
    expect(await reader.page.getByTestId("own-article-rating").count()).toBe(0);
    expect(reader.problems).toEqual([]);
    await reader.context.close();
  });
});
