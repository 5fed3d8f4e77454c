import type { Article } from "@contract/articles";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../test/fixtures";
import {
  baseUrl,
  browserForTests,
  chromiumPath,
  expectToast,
  openTab,
  registerThroughWizard,
  uniqueEmail,
} from "./browser";

/**
 * Pictures come from i.ytimg.com, which this machine cannot reach: the page falls back to the
 * category picture, and the browser logs the failed request. Those are the only console errors
 * a journey here may see.
 */
const offlineImage = (problem: string) => /net::ERR_/.test(problem);
const realProblems = (problems: string[]) => problems.filter((p) => !offlineImage(p));

/** The rating text next to the stars, e.g. "4.0 (1 rating)". */
async function ratingText(page: Page): Promise<string> {
  const average = await page.getByTestId("rating-average").textContent();
  const count = await page.getByTestId("rating-count").textContent();
  return `${average} ${count}`;
}

describe.skipIf(!chromiumPath)("reading, rating, saving and sharing an article in a real browser", () => {
  const browser = browserForTests();
  let article: Article;
  let articleUrl: string;

  beforeAll(async () => {
    // An author writes an article from a bundled fixture video, through the API.
    const { page, context } = await openTab(browser());
    await registerThroughWizard(page, uniqueEmail("author"));
    const response = await page.request.post("/api/articles", {
      headers: { origin: baseUrl },
      data: { youtubeUrl: `https://youtu.be/${FIXTURES.rich()}`, style: "blog", length: "short" },
      timeout: 60_000,
    });
    expect(response.status()).toBe(201);
    article = await response.json();
    articleUrl = `${baseUrl}/article/${article.slug}`;
    await context.close();
  });

  it("serves the article complete to a client that runs no JavaScript", async () => {
    // What a crawler or a share preview gets: a plain HTTP GET.
    const response = await fetch(articleUrl);
    expect(response.status).toBe(200);
    const html = await response.text();
    const ogTitle = /<meta property="og:title" content="([^"]*)" \/>/.exec(html)?.[1];
    expect(
      ogTitle
        ?.replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"'),
    ).toBe(article.title);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(
      `<meta property="og:image" content="https://i.ytimg.com/vi/${article.youtubeVideoId}/maxresdefault.jpg" />`,
    );
    expect(html).toContain(`<link rel="canonical" href="${articleUrl}" />`);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}" \/>/);
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(ld ?? "{}")).toMatchObject({
      "@type": "Article",
      headline: article.title,
      isBasedOn: { "@type": "VideoObject" },
    });
    // The body itself, as the API holds it, is in the first HTML.
    // Headings carry their table-of-contents ids (server/content/headings.ts).
    const firstHeading = /<h2[^>]*>[^<]+<\/h2>/.exec(article.content)?.[0];
    expect(firstHeading).toBeDefined();
    expect(html).toContain(firstHeading);

    const missing = await fetch(`${baseUrl}/article/no-such-article-here`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Article Not Found");
  });

  it("shows a visitor the article, its share links, and asks them to sign in to rate", async () => {
    const { page, problems, context } = await openTab(browser());
    await page.goto(`/article/${article.slug}`);
    expect(await page.title()).toBe(`${article.title} | VidScribe`);
    await page.getByRole("heading", { level: 1, name: article.title }).waitFor();
    await page.getByText("From YouTube").waitFor();
    await page.getByText("Blog Style").waitFor();
    expect(await page.getByRole("button", { name: "Save Article" }).count()).toBe(0);

    const shareHref = async (network: string) => {
      const link = page.getByRole("link", { name: `Share on ${network}` });
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toContain("noopener");
      return link.getAttribute("href");
    };
    const encoded = encodeURIComponent(articleUrl);
    expect(await shareHref("Facebook")).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    expect(await shareHref("Twitter")).toBe(
      `https://twitter.com/intent/tweet?url=${encoded}&text=${encodeURIComponent(article.title)}`,
    );
    expect(await shareHref("LinkedIn")).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`);

    const video = page.getByRole("link", { name: /Watch Original Video/ });
    expect(await video.getAttribute("href")).toBe(article.youtubeUrl);
    expect(await video.getAttribute("target")).toBe("_blank");
    expect(await video.getAttribute("rel")).toContain("noopener");

    await page.getByRole("button", { name: "Rate 4 stars" }).click();
    await expectToast(page, "Sign in required", "Please sign in to rate articles.");
    expect(await ratingText(page)).toBe("0.0 (0 ratings)");
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it("lets a reader rate, save, find it under Saved, copy the link, and unsave", async () => {
    const { page, problems, context } = await openTab(browser());
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await registerThroughWizard(page, uniqueEmail("reader"));
    await page.goto(`/article/${article.slug}`);

    // Rating: the toast, then the average and count from the server's answer.
    await page.getByRole("button", { name: "Rate 4 stars" }).click();
    await expectToast(page, "Rating submitted");
    await page.getByText("Your rating: 4").waitFor();
    expect(await ratingText(page)).toBe("4.0 (1 rating)");
    await page.getByRole("button", { name: "Rate 2 stars" }).click();
    await page.getByText("Your rating: 2").waitFor();
    expect(await ratingText(page)).toBe("2.0 (1 rating)");
    await page.reload();
    await page.getByText("Your rating: 2").waitFor();
    expect(await ratingText(page)).toBe("2.0 (1 rating)");

    // Saving.
    await page.getByRole("button", { name: "Save Article" }).click();
    await expectToast(page, "Article bookmarked!");
    await page.getByRole("button", { name: "Saved" }).waitFor();

    // Copy Link puts the article's address on the clipboard.
    await page.getByRole("button", { name: "Copy Link" }).click();
    await expectToast(page, "Link copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(articleUrl);

    // The Saved tab lists it, and its card leads back to the article.
    await page.goto("/my-articles");
    await page.getByRole("tab", { name: "Saved" }).click();
    const card = page.getByTestId("saved-article");
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    expect(await card.textContent()).toContain(article.title);
    await card.getByRole("link", { name: article.title }).click();
    await page.waitForURL(articleUrl);

    // Unsaving empties the Saved tab again.
    await page.getByRole("button", { name: "Saved" }).click();
    await expectToast(page, "Bookmark removed!");
    await page.getByRole("button", { name: "Save Article" }).waitFor();
    await page.goto("/my-articles");
    await page.getByRole("tab", { name: "Saved" }).click();
    await page.getByText("No saved articles yet").waitFor();
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it("says what was checked and plays a moment in the embedded player, loading nothing from YouTube before", async () => {
    expect(article.evidence, "the create answer carries the receipts").toBeTruthy();
    // Without JavaScript the receipts are there, their list in a <details>, and no player.
    const html = await (await fetch(articleUrl)).text();
    expect(html).toContain('data-testid="receipts"');
    expect(html).toContain("<details");
    expect(html).not.toContain("youtube-nocookie");

    const { page, problems, context } = await openTab(browser());
    // The machine has no internet: the player's page is an empty local answer.
    const embeds: string[] = [];
    await context.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) => {
      embeds.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" });
    });
    await page.goto(`/article/${article.slug}`);
    const receipts = page.getByTestId("receipts");
    expect(await receipts.textContent()).toMatch(/^(\d+ quotes?|No quotations)[^.]*(checked against|linked to)/);
    expect(await page.locator("iframe").count()).toBe(0);

    // The list: each quote and section with its moment.
    await page.locator("summary", { hasText: /^Show the / }).click();
    const listed = page.getByRole("complementary", { name: "What was checked" }).locator("a[href*='&t=']");
    await listed.first().waitFor();
    const href = (await listed.first().getAttribute("href")) ?? "";
    const start = Number(/[?&]t=(\d+)s/.exec(href)?.[1]);
    expect(href).toContain(`v=${article.youtubeVideoId}`);
    await listed.first().click();
    const frame = page.getByTestId("moment-player").locator("iframe");
    await frame.waitFor();
    expect(await frame.getAttribute("src")).toBe(
      `https://www.youtube-nocookie.com/embed/${article.youtubeVideoId}?start=${start}&autoplay=1`,
    );
    expect(await frame.getAttribute("allow")).toBe("autoplay; encrypted-media; picture-in-picture");
    expect(await frame.getAttribute("title")).toBeTruthy();
    expect(page.url()).toBe(articleUrl);

    // Esc closes it and focus goes back to the link.
    await page.keyboard.press("Escape");
    await frame.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe(href);

    // A moment link in the body plays there too.
    const inBody = page.locator(`.article-body a[href*="v=${article.youtubeVideoId}&t="]`).first();
    const bodyStart = Number(/[?&]t=(\d+)s/.exec((await inBody.getAttribute("href")) ?? "")?.[1]);
    await inBody.click();
    await frame.waitFor();
    expect(await frame.getAttribute("src")).toContain(`?start=${bodyStart}&autoplay=1`);
    await page.getByRole("button", { name: "Close video" }).click();
    await frame.waitFor({ state: "detached" });
    expect(embeds).toHaveLength(2);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it("fits a phone without sideways scrolling", async () => {
    const { page, problems, context } = await openTab(browser(), { width: 390, height: 844 });
    await page.goto(`/article/${article.slug}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("button", { name: "Copy Link" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });
});
