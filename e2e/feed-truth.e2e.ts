import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HAS_MORE_HEADER } from "@contract/feed-query";
import { GUEST_ARTICLE_LIMIT, PAGE_SIZE } from "@contract/options";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../test/fixtures";
import { browserForTests, chromiumPath, uniqueEmail, waitForApp } from "./browser";
import { type BuiltServer, freePort, startBuiltServer } from "./built-server";

/*
 * Issue 19, "the feed that tells the truth": the pager offers page 2 only when there is one, and
 * a phone shows the first article within its first screen. This journey has a server of its own
 * (a fresh embedded database), because it counts every article in the feed.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe.skipIf(!chromiumPath)("the feed's pager and the phone home page", () => {
  const browser = browserForTests();
  let server: BuiltServer;
  let base = "";
  let dataDir = "";
  let author: BrowserContext | undefined;
  let written = 0;

  /** A signed-in context on this journey's server, the account made through the API. */
  async function signedIn(options: { javaScriptEnabled?: boolean; viewport?: typeof PHONE } = {}) {
    const context = await browser().newContext({ baseURL: base, viewport: DESKTOP, ...options });
    const response = await context.request.post(`${base}/api/auth/register`, {
      headers: { origin: base },
      data: {
        firstName: "Kofi",
        lastName: "Asante",
        email: uniqueEmail("feed"),
        password: "s3cret-pass",
        preferredCategories: [],
        preferredTopics: [],
        preferredAuthors: [],
      },
    });
    expect(response.status()).toBe(201);
    return context;
  }

  /**
   * One more article, written from a bundled video (each asked differently, so none is a repeat).
   * A new account may write three before it verifies its address: a new author every three.
   */
  async function writeArticle(): Promise<void> {
    if (!author || written % GUEST_ARTICLE_LIMIT === 0) {
      await author?.close();
      author = await signedIn();
    }
    const videos = FIXTURES.withTranscript();
    const styles = ["blog", "nyt", "custom"] as const;
    const video = videos[written % videos.length];
    const style = styles[Math.floor(written / videos.length) % styles.length];
    const response = await author.request.post(`${base}/api/articles`, {
      headers: { origin: base },
      data: { youtubeUrl: `https://youtu.be/${video}`, style, length: "short" },
      timeout: 60_000,
    });
    expect(response.status(), await response.text()).toBe(201);
    written += 1;
  }

  async function home(context: BrowserContext, { javaScriptEnabled = true } = {}): Promise<Page> {
    const page = await context.newPage();
    page.on("pageerror", (error) => console.error(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      // Video thumbnails cannot load on a machine without internet: anything else is worth seeing.
      if (message.type() === "error" && !/net::ERR_/.test(message.text())) console.error(`console: ${message.text()}`);
    });
    await page.goto("/");
    // With JavaScript the app takes the page over first; without it the HTML is all there is.
    if (javaScriptEnabled) await waitForApp(page);
    return page;
  }

  const cards = (page: Page) => page.locator("#latest-articles > ul > li");
  const nextLink = (page: Page) => page.locator('#latest-articles nav[aria-label="Pagination"] a', { hasText: "Next" });

  beforeAll(async () => {
    const port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), "vidscribe-feed-"));
    base = `http://localhost:${port}`;
    server = startBuiltServer({ port, dataDir, env: { LLM_PROVIDER: "extractive" } });
    await server.ready(`${base}/login`);
    for (let i = 0; i < PAGE_SIZE; i++) await writeArticle();
  }, 300_000);

  afterAll(async () => {
    await author?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows the first article within a phone's first screen, signed in", async () => {
    const context = await signedIn({ viewport: PHONE });
    const page = await home(context);
    await cards(page).first().waitFor();
    await page.screenshot({ path: "/tmp/feed-phone-home.png" });
    const top = await cards(page)
      .first()
      .evaluate((card) => card.getBoundingClientRect().top);
    expect(top).toBeLessThan(PHONE.height);
    // The folded filters open from their heading.
    const search = page.getByPlaceholder("Search by title, author...");
    expect(await search.isVisible()).toBe(false);
    await page.locator("label", { hasText: "Filters" }).click();
    await expect.poll(() => search.isVisible()).toBe(true);
    await context.close();
  });

  it("offers no page 2 with exactly a page of articles, with or without JavaScript", async () => {
    const api = await fetch(`${base}/api/articles?sortBy=latest`);
    expect(await api.json()).toHaveLength(PAGE_SIZE);
    expect(api.headers.get(HAS_MORE_HEADER)).toBe("false");

    for (const javaScriptEnabled of [true, false]) {
      const context = await signedIn({ javaScriptEnabled });
      const page = await home(context, { javaScriptEnabled });
      await expect.poll(() => cards(page).count()).toBe(PAGE_SIZE);
      expect(await nextLink(page).count(), `JavaScript ${javaScriptEnabled}`).toBe(0);
      expect(await page.locator('a[href*="page=2"]').count()).toBe(0);
      if (javaScriptEnabled) await page.screenshot({ path: "/tmp/feed-desktop-home.png" });
      await context.close();
    }
  });

  it("offers page 2 once there is an eleventh article, and page 2 works", async () => {
    await writeArticle();
    const api = await fetch(`${base}/api/articles?sortBy=latest&page=2`);
    expect(await api.json()).toHaveLength(1);
    expect(api.headers.get(HAS_MORE_HEADER)).toBe("false");
    expect((await fetch(`${base}/api/articles?sortBy=latest`)).headers.get(HAS_MORE_HEADER)).toBe("true");

    const context = await signedIn();
    const page = await home(context);
    await nextLink(page).click();
    await page.waitForURL(/[?&]page=2/);
    await expect.poll(() => cards(page).count()).toBe(1);
    // The last page: Next is offered no further, Previous goes back.
    expect(await nextLink(page).count()).toBe(0);
    await expect.poll(() => page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await context.close();

    const withoutScripts = await signedIn({ javaScriptEnabled: false });
    const plain = await home(withoutScripts, { javaScriptEnabled: false });
    const href = await nextLink(plain).getAttribute("href");
    expect(href).toBe("/?page=2");
    await plain.goto(href ?? "");
    expect(await cards(plain).count()).toBe(1);
    expect(await nextLink(plain).count()).toBe(0);
    await withoutScripts.close();
  });
});
