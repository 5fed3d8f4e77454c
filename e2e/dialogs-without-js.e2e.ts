import { describe, expect, it } from "vitest";
import { FIXTURES } from "../test/fixtures";
import {
  baseUrl,
  browserForTests,
  chromiumPath,
  expectToast,
  holdScripts,
  signedInContext,
  waitForApp,
} from "./browser";

// The Create New Article dialog before the page's scripts have run and with JavaScript turned
// off: the Create Article button is a GET form to /?create=1, where the server sends the dialog
// open; the dialog posts natively, and the server answers with the article or the dialog again
// (server/pages/create-article-post.ts).

/** A bundled fixture with a transcript: an article in a few seconds. */
const fixtureId = () => FIXTURES.withTranscript()[0];

describe.skipIf(!chromiumPath)("the create and edit dialogs without JavaScript and before hydration", () => {
  const browser = browserForTests();

  it("opens the dialog, shows the server's problem, and creates the article with JavaScript off", async () => {
    const context = await signedInContext(browser(), { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Create Article" }).first().click();
    await page.waitForURL(/\/\?create=1$/);
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Create New Article" }).waitFor();

    // The reference boxes show only for the custom style, by CSS alone.
    const reference = dialog.getByLabel("Reference article 1");
    expect(await reference.isVisible()).toBe(false);
    await dialog.getByLabel("Writing Style").selectOption({ label: "Custom Style" });
    expect(await reference.isVisible()).toBe(true);
    await dialog.getByLabel("Writing Style").selectOption({ label: "Blog Style" });

    await dialog.getByLabel("YouTube URL").fill("https://example.com/watch?v=abc");
    await dialog.getByLabel("Tone").selectOption("formal");
    await dialog.getByRole("button", { name: "Generate Article" }).click();
    await page.getByRole("alert").filter({ hasText: "Please enter a valid YouTube URL" }).waitFor();
    // What was chosen is still there.
    expect(await page.getByLabel("YouTube URL").inputValue()).toBe("https://example.com/watch?v=abc");
    expect(await page.getByLabel("Tone").inputValue()).toBe("formal");

    await page.getByLabel("YouTube URL").fill(`https://www.youtube.com/watch?v=${fixtureId()}`);
    await page.getByLabel("Length").selectOption("short");
    await page.getByRole("button", { name: "Generate Article" }).click();
    await page.waitForURL(/\/article\/[a-z0-9-]+$/, { timeout: 60_000 });
    await page.getByRole("heading", { level: 1 }).waitFor();
    const mine = await (await context.request.get(`${baseUrl}/api/user/articles`)).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ length: "short", tone: "formal" });

    // Cancel is a link home: the dialog closes without scripts too.
    await page.goto("/?create=1");
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await context.close();
  });

  it("keeps what was typed in the dialog before hydration and creates in the hydrated page", async () => {
    const context = await signedInContext(browser());
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    const release = await holdScripts(page);

    await page.goto("/?create=1", { waitUntil: "domcontentloaded" });
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("YouTube URL").fill(`https://youtu.be/${fixtureId()}`);
    await dialog.getByLabel("Length").selectOption("short");
    await dialog.getByLabel("Include comments").uncheck();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);

    release();
    await waitForApp(page);
    // The dialog's own chunk may hydrate after the page: its form is React's once marked.
    await dialog.locator("form[data-hydrated]").waitFor();
    expect(await dialog.getByLabel("YouTube URL").inputValue()).toBe(`https://youtu.be/${fixtureId()}`);
    expect(await dialog.getByLabel("Length").inputValue()).toBe("short");
    expect(await dialog.getByLabel("Include comments").isChecked()).toBe(false);

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await dialog.getByRole("button", { name: "Generate Article" }).click();
    await page.waitForURL(/\/article\/[a-z0-9-]+$/, { timeout: 60_000 });
    // Hydrated, the dialog used the API (with its progress stream), not the native post.
    expect(posts).toEqual(["/api/articles"]);
    const mine = await (await context.request.get(`${baseUrl}/api/user/articles`)).json();
    expect(mine[0]).toMatchObject({ length: "short" });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("edits an article from My Articles with JavaScript off: dialog, tags and the server's problem", async () => {
    const context = await signedInContext(browser(), { javaScriptEnabled: false });
    const created = await context.request.post(`${baseUrl}/api/articles`, {
      headers: { origin: baseUrl },
      data: { youtubeUrl: `https://www.youtube.com/watch?v=${fixtureId()}`, length: "short" },
    });
    expect(created.status()).toBe(201);
    const { tags } = (await created.json()) as { tags: string[] };
    const page = await context.newPage();
    await page.goto("/my-articles");
    await page.getByRole("button", { name: "Edit" }).click();
    await page.waitForURL(/\/my-articles\?edit=\d+$/);
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Edit Article" }).waitFor();

    // An empty title is the server's to refuse: the dialog comes back with the sentence and the text.
    await dialog.getByLabel("Title").fill("");
    await dialog.getByLabel("Excerpt").fill("Kept while the title is fixed");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("alert").filter({ hasText: "Failed to update article" }).waitFor();
    expect(await page.getByLabel("Excerpt").inputValue()).toBe("Kept while the title is fixed");

    await page.getByLabel("Title").fill("Edited with scripts off");
    // A tag chip is a label: a click unticks the tag it holds, and the chip shows it struck through.
    const chip = (tag: string) => page.locator("label").filter({ hasText: tag }).first();
    const struck = (tag: string) => chip(tag).evaluate((el) => getComputedStyle(el).textDecorationLine);
    await chip(tags[0]).click();
    expect(await page.getByLabel(`Keep tag ${tags[0]}`).isChecked()).toBe(false);
    expect(await struck(tags[0])).toBe("line-through");
    expect(await struck(tags[1])).toBe("none");
    await page.getByLabel("Tags").fill("fresh tag, another");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(`${baseUrl}/my-articles`);
    await page.getByRole("link", { name: "Edited with scripts off" }).waitFor();
    const mine = (await (await context.request.get(`${baseUrl}/api/user/articles`)).json()) as Array<{
      excerpt: string;
      tags: string[];
    }>;
    expect(mine[0].excerpt).toBe("Kept while the title is fixed");
    expect(mine[0].tags).toEqual([...tags.slice(1), "fresh tag", "another"]);
    await context.close();
  });

  it("filters, sorts and pages the feed with JavaScript off, through the no-script form", async () => {
    const context = await signedInContext(browser(), { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    // The scripted filters give way to one native form.
    expect(await page.getByRole("combobox", { name: "Sort articles" }).isVisible()).toBe(false);
    const category = page.getByRole("combobox", { name: "Category" });
    const sort = page.getByRole("combobox", { name: "Sort by" });
    await category.selectOption("Education");
    await sort.selectOption("rating");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/[?&]category=Education/);
    expect(new URL(page.url()).searchParams.get("sortBy")).toBe("rating");
    expect(await category.inputValue()).toBe("Education");
    expect(await sort.inputValue()).toBe("rating");

    // A later page links back to the one before it.
    await page.goto("/?category=Education&page=2");
    expect(await page.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/?category=Education");
    await page.getByRole("link", { name: "Clear all" }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await category.inputValue()).toBe("");
    await context.close();
  });

  it("keeps an edit begun before hydration: typed text, an unticked tag and a tag in the box", async () => {
    const context = await signedInContext(browser());
    const created = await context.request.post(`${baseUrl}/api/articles`, {
      headers: { origin: baseUrl },
      data: { youtubeUrl: `https://www.youtube.com/watch?v=${fixtureId()}`, length: "short" },
    });
    const { id, tags } = (await created.json()) as { id: number; tags: string[] };
    const page = await context.newPage();
    const release = await holdScripts(page);
    await page.goto(`/my-articles?edit=${id}`, { waitUntil: "domcontentloaded" });
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill("Typed before the scripts");
    await dialog.locator("label").filter({ hasText: tags[0] }).first().click();
    await dialog.getByLabel("Tags").fill("early tag");
    release();
    await waitForApp(page);
    expect(await dialog.getByLabel("Title").inputValue()).toBe("Typed before the scripts");
    expect(await dialog.getByLabel("Tags").inputValue()).toBe("early tag");
    // Hydrated, the chips are the editor's own, without the unticked one.
    await dialog.getByRole("button", { name: `Remove tag ${tags[1]}` }).waitFor();
    await expect.poll(() => dialog.getByRole("button", { name: `Remove tag ${tags[0]}` }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Add tag" }).click();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Article updated");
    const mine = (await (await context.request.get(`${baseUrl}/api/user/articles`)).json()) as Array<{
      title: string;
      tags: string[];
    }>;
    expect(mine[0]).toMatchObject({ title: "Typed before the scripts", tags: [...tags.slice(1), "early tag"] });
    await context.close();
  });
});
