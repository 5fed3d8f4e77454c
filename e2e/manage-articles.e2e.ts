import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../test/fixtures";
import {
  baseUrl,
  becomeAdmin,
  browserForTests,
  chromiumPath,
  expectToast,
  openTab,
  signInOrRegister,
  uniqueEmail,
} from "./browser";
import { E2E_ADMIN_EMAIL } from "./global-setup";

/** Signs in through the API (the browser context keeps the cookie), registering first if needed. */
async function createArticle(page: Page, length: "short" | "medium" = "short") {
  const response = await page.request.post("/api/articles", {
    headers: { origin: baseUrl },
    data: { youtubeUrl: FIXTURES.rich(), length, style: "blog" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; title: string };
}

describe.skipIf(!chromiumPath)("managing articles in a real browser", () => {
  const browser = browserForTests();

  it("an owner edits an article in the dialog and deletes it after confirming", async () => {
    const { page, problems, context } = await openTab(browser());
    await signInOrRegister(page, uniqueEmail("owner"));
    const article = await createArticle(page);
    await page.goto("/my-articles");
    await page.getByTestId("my-article").getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Edit Article").waitFor();
    expect(await dialog.getByLabel("Content").getAttribute("rows")).toBe("15");
    expect(await dialog.getByLabel("Excerpt").getAttribute("rows")).toBe("3");

    await dialog.getByLabel("Title").fill("   ");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Missing required fields", "Please fill in the title and content.");
    // The contract's sentence also shows under the field, until the title is filled in.
    const titleProblem = dialog.getByText("Please fill in the title and content.");
    await titleProblem.waitFor();
    expect(await dialog.getByLabel("Title").getAttribute("aria-invalid")).toBe("true");

    await dialog.getByLabel("Title").fill("An edited <b>title</b>");
    await titleProblem.waitFor({ state: "detached" });
    await dialog.getByLabel("Tags").fill("  edited  ");
    await dialog.getByLabel("Tags").press("Enter");
    await dialog.getByLabel("Tags").fill("EDITED");
    await dialog.getByRole("button", { name: "Add tag" }).click();
    expect(await dialog.getByRole("button", { name: /Remove tag edited/i }).count()).toBe(1);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Article updated");
    await page.getByRole("link", { name: "An edited <b>title</b>" }).waitFor();

    page.once("dialog", (confirm) => {
      expect(confirm.message()).toBe(
        'Are you sure you want to delete "An edited <b>title</b>"? This action cannot be undone.',
      );
      void confirm.accept();
    });
    await page.getByTestId("my-article").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Article deleted");
    await page.getByText("No articles yet").waitFor();
    const gone = await page.request.get(`/api/articles/${article.id}`);
    expect(gone.status()).toBe(404);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("an admin edits in place and deletes from the dashboard", async () => {
    const writer = await openTab(browser());
    await signInOrRegister(writer.page, uniqueEmail("writer"));
    const article = await createArticle(writer.page);
    await writer.context.close();

    const { page, problems, context } = await openTab(browser());
    await signInOrRegister(page, E2E_ADMIN_EMAIL);
    await becomeAdmin(page);
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    const card = page.getByTestId("admin-article").filter({ hasText: article.title }).first();
    expect(await card.getByTestId("content-preview").textContent()).toMatch(/\.\.\.$/);
    await card.getByText("View Source Video").waitFor();

    await card.getByRole("button", { name: "Edit" }).click();
    // In edit mode the title is in an input, so the card is found by its open form, not its title text.
    const editing = page
      .getByTestId("admin-article")
      .filter({ has: page.getByLabel("Title") })
      .first();
    await editing.getByLabel("Content").fill("");
    await editing.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Missing required fields", "Please fill in the title and content.");
    await editing.getByText("Please fill in the title and content.").waitFor();
    expect(await editing.getByLabel("Content").getAttribute("aria-invalid")).toBe("true");
    await editing.getByLabel("Content").fill("## Rewritten\n\nThe admin's own words.");
    await editing.getByText("Please fill in the title and content.").waitFor({ state: "detached" });
    await editing.getByLabel("Title").fill("Retitled by the admin");
    await editing.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Article updated", "Article has been successfully updated.");
    const edited = page.getByTestId("admin-article").filter({ hasText: "Retitled by the admin" }).first();
    await edited.waitFor();

    // The dashboard asks in its own dialog, not the browser's confirm.
    page.once("dialog", (native) => void native.dismiss());
    await edited.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to delete this article? This action cannot be undone.").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Article deleted", "Article has been successfully deleted.");
    expect((await page.request.get(`/api/articles/${article.id}`)).status()).toBe(404);
    expect(problems).toEqual([]);
    await context.close();
  });
});
