import type { Article } from "@contract/articles";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../test/fixtures";
import {
  baseUrl,
  becomeAdmin,
  browserForTests,
  chromiumPath,
  expectToast,
  signedInContext,
  signInOrRegister,
  waitForApp,
} from "./browser";
import { E2E_ADMIN_EMAIL } from "./global-setup";

/**
 * Comments in a real browser (issue 19 item 4), on a phone and on a desktop: a reader comments,
 * another replies, the writer edits within the window, the article's author deletes one, a
 * reader reports one and an admin removes it from the queue, and an XSS payload posted as a
 * comment never runs. Then the same page with JavaScript turned off: the comments are there and
 * a comment can be posted and deleted through the native forms.
 */

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const PASSWORD = "s3cret-pass";
const XSS = ["<img src=x onerror=alert(1)>", "[click me](javascript:alert(1))", "<script>alert(1)</script>"];

async function createArticle(context: BrowserContext): Promise<Article> {
  const response = await context.request.post(`${baseUrl}/api/articles`, {
    headers: { origin: baseUrl },
    data: { youtubeUrl: `https://youtu.be/${FIXTURES.rich()}`, style: "blog", length: "short" },
    timeout: 60_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Article;
}

/** A page in this context that records any dialog (an alert from injected script would open one) and page error. */
async function pageWatchingDialogs(context: BrowserContext, dialogs: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Errors thrown in the page (a hydration mismatch, an injected script) are recorded alike.
  page.on("pageerror", (error) => dialogs.push(`pageerror: ${error.message}`));
  return page;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}

/** One comment's own box (its replies are outside it), found by its writer and text. */
const commentBy = (page: Page, name: string, text: string) =>
  page.getByRole("article", { name: `Comment by ${name}` }).filter({ hasText: text });

/** The admin account of the shared server (E2E_ADMIN_EMAIL), signed in and made an admin. */
async function adminContext(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  await signInOrRegister(page, E2E_ADMIN_EMAIL, { password: PASSWORD, firstName: "Ada", lastName: "Admin" });
  const user = await (await context.request.get(`${baseUrl}/api/auth/user`)).json();
  if (user.role !== "admin") await becomeAdmin(page);
  return { context, page };
}

describe.skipIf(!chromiumPath)("comments in a real browser", () => {
  const browser = browserForTests();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`post, reply, edit, delete, report and moderate; XSS never runs (${name})`, async () => {
      const dialogs: string[] = [];
      const author = await signedInContext(browser(), { viewport, firstName: "Arthur", lastName: "Author" });
      const reader = await signedInContext(browser(), { viewport, firstName: "Rita", lastName: "Reader" });
      const replier = await signedInContext(browser(), { viewport, firstName: "Ralph", lastName: "Replier" });
      const article = await createArticle(author);
      const path = `/article/${article.slug || article.id}`;

      // A reader (a guest account) comments.
      const readerPage = await pageWatchingDialogs(reader, dialogs);
      await open(readerPage, path);
      await readerPage.getByLabel("Add a comment").fill("Hello from **Rita**");
      await readerPage.getByRole("button", { name: "Post comment" }).click();
      await expectToast(readerPage, "Comment posted");
      const first = commentBy(readerPage, "Rita Reader", "Hello from Rita");
      await first.waitFor();
      expect(await first.locator("strong").textContent()).toBe("Rita");
      await readerPage.getByRole("heading", { name: "Comments (1)" }).waitFor();

      // Another replies to it.
      const replierPage = await pageWatchingDialogs(replier, dialogs);
      await open(replierPage, path);
      const toReply = commentBy(replierPage, "Rita Reader", "Hello from Rita");
      await toReply.locator("summary", { hasText: "Reply" }).click();
      await toReply.getByLabel("Your reply").fill("Welcome, Rita");
      await toReply.getByRole("button", { name: "Post reply" }).click();
      await expectToast(replierPage, "Reply posted");
      await commentBy(replierPage, "Ralph Replier", "Welcome, Rita").waitFor();

      // The writer edits within the window.
      await readerPage.reload();
      await commentBy(readerPage, "Ralph Replier", "Welcome, Rita").waitFor();
      await first.getByRole("button", { name: "Edit" }).click();
      await readerPage.getByLabel("Edit your comment").fill("Hello from Rita, edited");
      await readerPage.getByRole("button", { name: "Save", exact: true }).click();
      await expectToast(readerPage, "Comment updated");
      const edited = commentBy(readerPage, "Rita Reader", "Hello from Rita, edited");
      await edited.waitFor();
      expect(await edited.textContent()).toContain("(edited)");

      // The article's author deletes another comment on it.
      await replierPage.getByLabel("Add a comment").fill("Off-topic remark");
      await replierPage.getByRole("button", { name: "Post comment" }).click();
      await commentBy(replierPage, "Ralph Replier", "Off-topic remark").waitFor();
      const authorPage = await pageWatchingDialogs(author, dialogs);
      await open(authorPage, path);
      const offTopic = commentBy(authorPage, "Ralph Replier", "Off-topic remark");
      await offTopic.getByRole("button", { name: "Delete" }).click();
      const confirm = authorPage.getByRole("alertdialog");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expectToast(authorPage, "Comment deleted");
      await offTopic.waitFor({ state: "detached" });
      await authorPage.getByRole("heading", { name: "Comments (2)" }).waitFor();

      // The replier reports Rita's comment; an admin removes it from the queue.
      await replierPage.reload();
      const reported = commentBy(replierPage, "Rita Reader", "Hello from Rita, edited");
      await reported.locator("summary", { hasText: "Report" }).click();
      await reported.getByLabel(/Why should an admin look at it/).fill("Testing the queue");
      await reported.getByRole("button", { name: "Report comment" }).click();
      await expectToast(replierPage, "Comment reported");

      const admin = await adminContext(browser(), viewport);
      await open(admin.page, "/admin?tab=comments");
      const card = admin.page.getByTestId("reported-comment").filter({ hasText: "Hello from Rita, edited" });
      await card.waitFor();
      expect(await card.textContent()).toContain("Testing the queue");
      await card.getByRole("button", { name: "Remove comment" }).click();
      await expectToast(admin.page, "Comment removed");
      await card.waitFor({ state: "detached" });
      await admin.context.close();

      // It had a reply: its place stays as "Comment deleted", the reply with it.
      await readerPage.reload();
      await readerPage.getByText("Comment deleted", { exact: true }).waitFor();
      await commentBy(readerPage, "Ralph Replier", "Welcome, Rita").waitFor();
      expect(await readerPage.getByText("Hello from Rita, edited").count()).toBe(0);
      await readerPage.getByRole("heading", { name: "Comments (1)" }).waitFor();

      // XSS posted as comments is shown as text and never runs, as posted and after a reload.
      for (const payload of XSS) {
        await replierPage.getByLabel("Add a comment").fill(payload);
        await replierPage.getByRole("button", { name: "Post comment" }).click();
        await commentBy(replierPage, "Ralph Replier", payload.slice(0, 12)).waitFor();
      }
      const visitor = await browser().newContext({ baseURL: baseUrl, viewport });
      const visitorPage = await pageWatchingDialogs(visitor, dialogs);
      await open(visitorPage, path);
      await visitorPage.getByRole("link", { name: "Sign in to comment" }).waitFor();
      for (const page of [replierPage, visitorPage]) {
        await page.reload();
        for (const payload of XSS) await page.getByText(payload, { exact: true }).first().waitFor();
        const injected = await page.evaluate(() => ({
          images: document.querySelectorAll("[data-testid=comment-body] img").length,
          scripts: document.querySelectorAll("[data-testid=comment-body] script").length,
          scriptLinks: document.querySelectorAll('[data-testid=comment-body] a[href^="javascript" i]').length,
          handlers: [...document.querySelectorAll("[data-testid=comment-body] *")].filter((el) =>
            [...el.attributes].some((attribute) => attribute.name.startsWith("on")),
          ).length,
        }));
        expect(injected).toEqual({ images: 0, scripts: 0, scriptLinks: 0, handlers: 0 });
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(dialogs).toEqual([]);

      // The card in the feed shows the count.
      const count = await (await visitor.request.get(`${baseUrl}/api/articles/${article.id}`)).json();
      expect(count.commentCount).toBe(1 + XSS.length);
      for (const context of [visitor, author, reader, replier]) await context.close();
    });
  }

  it("shows comments and takes a comment and a delete with JavaScript turned off", async () => {
    const author = await signedInContext(browser(), { firstName: "Nana", lastName: "Author" });
    const article = await createArticle(author);
    const path = `/article/${article.slug || article.id}`;
    const seeded = await author.request.post(`${baseUrl}/api/articles/${article.id}/comments`, {
      headers: { origin: baseUrl },
      data: { body: "Visible *without* scripts" },
    });
    expect(seeded.status()).toBe(201);

    // A visitor without scripts reads the comments and is offered sign-in.
    const visitor = await browser().newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(path);
    await commentBy(visitorPage, "Nana Author", "Visible without scripts").waitFor();
    await visitorPage.getByRole("link", { name: "Sign in to comment" }).waitFor();
    await visitor.close();

    // A signed-in reader without scripts posts, then deletes their comment, by native forms.
    const reader = await signedInContext(browser(), {
      javaScriptEnabled: false,
      viewport: VIEWPORTS.phone,
      firstName: "Kofi",
      lastName: "Noscript",
    });
    const page = await reader.newPage();
    await page.goto(path);
    await page.getByLabel("Add a comment").fill("Posted with scripts off");
    await page.getByRole("button", { name: "Post comment" }).click();
    await page.waitForURL(/#comment-\d+$/);
    const mine = commentBy(page, "Kofi Noscript", "Posted with scripts off");
    await mine.waitFor();
    await page.getByRole("heading", { name: "Comments (2)" }).waitFor();
    // A reply through the disclosure, which opens without scripts too.
    const seededBox = commentBy(page, "Nana Author", "Visible without scripts");
    await seededBox.locator("summary", { hasText: "Reply" }).click();
    await seededBox.getByLabel("Your reply").fill("A reply with scripts off");
    await seededBox.getByRole("button", { name: "Post reply" }).click();
    await commentBy(page, "Kofi Noscript", "A reply with scripts off").waitFor();
    // A refused post comes back with the sentence and what was typed.
    await page.getByLabel("Add a comment").fill("   ");
    await page.getByRole("button", { name: "Post comment" }).click();
    await page.getByRole("alert").filter({ hasText: "Please write a comment." }).waitFor();

    await commentBy(page, "Kofi Noscript", "Posted with scripts off").getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/#comments$/);
    expect(await page.getByText("Posted with scripts off").count()).toBe(0);
    await page.getByRole("heading", { name: "Comments (2)" }).waitFor();
    await reader.close();
    await author.close();
  });
});
