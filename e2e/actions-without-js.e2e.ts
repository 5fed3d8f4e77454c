import type { Browser, BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../test/fixtures";
import { baseUrl, becomeAdmin, browserForTests, chromiumPath, expectToast, openTab, uniqueEmail } from "./browser";
import { E2E_ADMIN_EMAIL } from "./global-setup";

// The action buttons with JavaScript turned off: each is a form the browser posts natively, and
// the server answers with a redirect back to the page or the page again with the problem
// (server/pages/action-posts.ts).

const PASSWORD = "s3cret-pass";

/** Signs in through the API (the context keeps the cookie), registering first if needed. */
async function signIn(context: BrowserContext, email: string) {
  const headers = { origin: baseUrl };
  const login = await context.request.post(`${baseUrl}/api/auth/login`, {
    headers,
    data: { email, password: PASSWORD },
  });
  if (login.ok()) return;
  const registered = await context.request.post(`${baseUrl}/api/auth/register`, {
    headers,
    data: { firstName: "Esi", lastName: "Quaye", email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
}

/** A tab without JavaScript, signed in as a new account (or as `email`). */
async function signedInWithoutScripts(browser: Browser, prefix: string, email = uniqueEmail(prefix)) {
  const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
  await signIn(context, email);
  return { context, page: await context.newPage() };
}

async function createArticle(context: BrowserContext) {
  const response = await context.request.post(`${baseUrl}/api/articles`, {
    headers: { origin: baseUrl },
    data: { youtubeUrl: FIXTURES.rich(), length: "short", style: "blog" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; title: string; slug: string | null };
}

describe.skipIf(!chromiumPath)("action buttons with JavaScript turned off", () => {
  const browser = browserForTests();

  it("saves, unsaves and rates another author's article; the author is offered no stars and a posted rating is refused", async () => {
    const author = await signedInWithoutScripts(browser(), "nojs-author");
    const article = await createArticle(author.context);
    const { context, page } = await signedInWithoutScripts(browser(), "nojs-reader");

    await page.goto(`/article/${article.id}`);
    await page.getByRole("button", { name: "Save Article" }).click();
    await page.waitForURL(`${baseUrl}/article/${article.id}`);
    const saved = page.getByRole("button", { name: "Saved" });
    expect(await saved.getAttribute("aria-pressed")).toBe("true");
    const check = await context.request.get(`${baseUrl}/api/bookmarks/check/${article.id}`);
    expect(await check.json()).toEqual({ isBookmarked: true });

    await saved.click();
    await page.getByRole("button", { name: "Save Article" }).waitFor();
    const after = await context.request.get(`${baseUrl}/api/bookmarks/check/${article.id}`);
    expect(await after.json()).toEqual({ isBookmarked: false });

    await page.getByRole("button", { name: "Rate 4 stars" }).click();
    await page.getByText("Your rating: 4").waitFor();
    expect(await page.getByTestId("rating-count").textContent()).toBe("(1 rating)");
    expect(await page.getByRole("button", { name: "Rate 4 stars" }).getAttribute("aria-pressed")).toBe("true");

    // The author is offered no stars to press on their own article; a rating posted anyway is
    // refused (400) and counts for nothing.
    await author.page.goto(`/article/${article.id}`);
    await author.page.getByTestId("own-article-rating").waitFor();
    expect(await author.page.getByRole("button", { name: "Rate 5 stars" }).count()).toBe(0);
    expect(await author.page.getByTestId("rating-count").textContent()).toBe("(1 rating)");
    const posted = await author.context.request.post(`${baseUrl}/article/${article.id}`, {
      headers: { origin: baseUrl },
      form: { intent: "rate", rating: "5" },
    });
    expect(posted.status()).toBe(400);
    const stored = await context.request.get(`${baseUrl}/api/articles/${article.id}`);
    expect((await stored.json()).ratingCount).toBe(1);
    await author.context.close();
    await context.close();
  });

  it("deletes an own article from /my-articles, starts a checkout and signs out", async () => {
    const { context, page } = await signedInWithoutScripts(browser(), "nojs-owner");
    const article = await createArticle(context);

    await page.goto("/my-articles");
    await page.getByRole("link", { name: article.title }).waitFor();
    await page.getByTestId("my-article").getByRole("button", { name: "Delete" }).click();
    // The server asks what the page's dialog would have asked; Cancel keeps the article.
    const question = page.getByRole("alert").filter({ hasText: "Are you sure you want to delete" });
    expect(await question.textContent()).toContain(`Are you sure you want to delete "${article.title}"?`);
    await question.getByRole("link", { name: "Cancel" }).click();
    await page.getByTestId("my-article").waitFor();
    expect(await question.count()).toBe(0);
    await page.getByTestId("my-article").getByRole("button", { name: "Delete" }).click();
    await question.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(`${baseUrl}/my-articles`);
    await page.getByText("No articles yet").waitFor();
    expect((await context.request.get(`${baseUrl}/api/articles/${article.id}`)).status()).toBe(404);

    // The sandbox checkout is this site's own page: the post is answered with a redirect to it.
    await page.goto("/subscription");
    await page.getByRole("button", { name: "Subscribe Monthly" }).click();
    await page.waitForURL(/\/payments\/sandbox\/vs_/);
    await page.goto("/subscription");
    await page.getByText("Payment History").waitFor();

    // The account menu needs scripts; without them the header has a plain Sign Out button.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    expect((await context.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);
    await context.close();
  });

  it("deletes any article from /admin as an admin", async () => {
    const author = await signedInWithoutScripts(browser(), "nojs-author");
    const article = await createArticle(author.context);
    const { context, page } = await signedInWithoutScripts(browser(), "", E2E_ADMIN_EMAIL);
    await becomeAdmin(page);
    const card = page
      .getByTestId("admin-article")
      .filter({ has: page.locator(`a[href="/article/${article.slug || article.id}"]`) });
    await card.getByRole("button", { name: "Delete" }).click();
    const question = page.getByRole("alert").filter({ hasText: "Are you sure you want to delete this article?" });
    await question.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    expect(await card.count()).toBe(0);
    expect((await context.request.get(`${baseUrl}/api/articles/${article.id}`)).status()).toBe(404);
    await author.context.close();
    await context.close();
  });

  it("keeps the hydrated page's own behaviour: the buttons call the API, no page is posted", async () => {
    const author = await signedInWithoutScripts(browser(), "js-author");
    const article = await createArticle(author.context);
    await author.context.close();
    const { context, page, problems } = await openTab(browser());
    await signIn(context, uniqueEmail("js-reader"));
    await page.goto(`/article/${article.id}`);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(`${request.method()} ${request.url()}`);
    });
    await page.getByRole("button", { name: "Save Article" }).click();
    await expectToast(page, "Article bookmarked!");
    await page.getByRole("button", { name: "Rate 3 stars" }).click();
    await expectToast(page, "Rating submitted");
    expect(documents).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
