import { describe, expect, it } from "vitest";
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

const STEP_LABELS = [
  "Extracting video metadata...",
  "Analyzing video content...",
  "Extracting transcript...",
  "Processing comments...",
  "Generating article with AI...",
  "Finalizing article...",
];

describe.skipIf(!chromiumPath)("creating an article in a real browser", () => {
  const browser = browserForTests();

  it("turns a pasted link into an article, showing the job's progress", async () => {
    const { page, problems, context } = await openTab(browser());
    await registerThroughWizard(page, uniqueEmail("creator"));

    // Every progress label the dialog shows, in order, however briefly.
    const seen: string[] = [];
    await page.exposeFunction("recordProgress", (label: string) => {
      if (seen.at(-1) !== label) seen.push(label);
    });
    await page.evaluate(() => {
      new MutationObserver(() => {
        const label = document.querySelector("[data-testid='generation-label']")?.textContent?.trim();
        if (label) (window as unknown as { recordProgress(l: string): void }).recordProgress(label);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    await page.getByRole("button", { name: "Create Article" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Create New Article").waitFor();
    await dialog.getByText(/about 30-60 seconds/).waitFor();
    await dialog.getByLabel("YouTube URL").fill(`https://youtu.be/${FIXTURES.rich()}?si=shared-from-phone`);
    await dialog.getByRole("button", { name: "Generate Article" }).click();

    await page.waitForURL(/\/article\/[a-z0-9-]+$/, { timeout: 60_000 });
    await expectToast(page, "Article created successfully!");
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    expect(title?.length).toBeGreaterThan(5);
    expect(await page.locator(".article-body h2").count()).toBeGreaterThan(0);
    await page.getByText("Watch Original Video").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);

    expect(seen.length).toBeGreaterThan(0);
    for (const label of seen) expect(STEP_LABELS).toContain(label);
    const order = seen.map((label) => STEP_LABELS.indexOf(label));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // It is listed in My Articles, with its badges.
    await page.goto("/my-articles");
    const mine = page.getByTestId("my-article");
    await mine.first().waitFor();
    expect(await mine.count()).toBe(1);
    expect(await mine.textContent()).toContain(title ?? "");
    expect(await mine.textContent()).toContain("Transcript Used");

    // The allowance moved: a guest has two articles left.
    await page.goto("/profile");
    expect(await page.getByTestId("articles-remaining").textContent()).toBe("2");
    expect(await page.getByTestId("articles-created").textContent()).toBe("1");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("takes a language, and says when the offline writer kept the video's own", async () => {
    const { page, context, problems } = await openTab(browser());
    await registerThroughWizard(page, uniqueEmail("creator"));
    await page.getByRole("button", { name: "Create Article" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("YouTube URL").fill(`https://youtu.be/${FIXTURES.rich()}`);
    expect(await dialog.getByLabel("Language").inputValue()).toBe("video");
    await dialog.getByLabel("Language").selectOption({ label: "French" });
    await dialog.getByRole("button", { name: "Generate Article" }).click();
    await page.waitForURL(/\/article\/[a-z0-9-]+$/, { timeout: 60_000 });
    await expectToast(page, "Article created successfully!", "the offline writer does not translate");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the schema's sentences under their fields, and the server's for a link without a video", async () => {
    const { page, context, problems } = await openTab(browser());
    await registerThroughWizard(page, uniqueEmail("creator"));
    await page.getByRole("button", { name: "Create Article" }).first().click();
    const dialog = page.getByRole("dialog");
    const url = dialog.getByLabel("YouTube URL");
    const generate = dialog.getByRole("button", { name: "Generate Article" });
    const badUrl = dialog.getByText("Please enter a valid YouTube URL");

    // Checked once the field is left, then on every change.
    await url.fill("not a link");
    expect(await badUrl.count()).toBe(0);
    await url.press("Tab");
    await badUrl.waitFor();
    expect(await url.getAttribute("aria-invalid")).toBe("true");
    expect(await generate.isDisabled()).toBe(true);
    await url.fill(`https://youtu.be/${FIXTURES.rich()}`);
    await badUrl.waitFor({ state: "detached" });
    expect(await generate.isEnabled()).toBe(true);

    // The custom style needs a reference article before the request can go.
    await dialog.getByLabel("Writing Style").selectOption({ label: "Custom Style" });
    const needsReference = dialog.getByText("Custom style needs 1 to 3 reference articles to learn the style from");
    await needsReference.waitFor();
    expect(await generate.isDisabled()).toBe(true);
    await dialog.getByLabel("Reference article 1").fill("A short article whose voice the writer should copy.");
    await needsReference.waitFor({ state: "detached" });
    await dialog.getByLabel("Writing Style").selectOption({ label: "Blog Style" });

    // A URL that is not YouTube passes the form; the server's answer shows in the toast and under the field.
    await url.fill("https://example.com/watch?v=abc");
    await generate.click();
    await expectToast(page, "Error creating article", "Please enter a valid YouTube URL");
    await badUrl.waitFor();
    // The browser logs the 400 answer as a resource error; nothing else may go wrong.
    expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
    await context.close();
  });

  it("keeps the dialog open while generating and reports a missing video", async () => {
    const { page, context } = await openTab(browser());
    await registerThroughWizard(page, uniqueEmail("creator"));
    await page.getByRole("button", { name: "Create Article" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("YouTube URL").fill("https://www.youtube.com/watch?v=NoSuchVideo");
    await dialog.getByRole("button", { name: "Generate Article" }).click();
    await expectToast(page, "Error creating article", "No video exists at this link");
    // Back to idle: the form can be used again, and the dialog is still there.
    await dialog.getByRole("button", { name: "Generate Article" }).waitFor();
    expect(await dialog.getByLabel("YouTube URL").isEnabled()).toBe(true);
    expect(new URL(page.url()).origin + new URL(page.url()).pathname).toBe(`${baseUrl}/`);
    await context.close();
  });
  it("says before writing where the words would come from, and offers the transcript box for none", async () => {
    const { page } = await openTab(browser());
    await registerThroughWizard(page, uniqueEmail("wordless"));
    await page.getByRole("button", { name: "Create Article" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("YouTube URL").fill(`https://youtu.be/${FIXTURES.rich()}`);
    await dialog.getByText("This video has captions: the article will be written from them.").waitFor();
    await dialog.getByLabel("YouTube URL").fill(`https://www.youtube.com/watch?v=${FIXTURES.wordless()}`);
    await dialog.getByText(/written from its description only/).waitFor();
    await dialog.getByRole("button", { name: "Paste a transcript" }).click();
    await dialog.getByPlaceholder("Paste the transcript here...").waitFor();
  });
});
