import type { Page } from "playwright-core";
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

const videoUrl = () => `https://www.youtube.com/watch?v=${FIXTURES.rich()}`;

/** Three different requests (an identical one in quick succession would join the first). */
async function useUpGuestAllowance(page: Page) {
  for (const options of [{ length: "short" }, { length: "long" }, { length: "short", tone: "casual" }]) {
    const response = await page.request.post("/api/articles", {
      headers: { origin: baseUrl },
      data: { youtubeUrl: videoUrl(), style: "blog", ...options },
    });
    expect(response.status()).toBe(201);
  }
  const limits = await (await page.request.get("/api/user/limits")).json();
  expect(limits).toEqual({ canCreate: false, remaining: 0, isGuest: true });
}

describe.skipIf(!chromiumPath)("subscribing in a real browser (sandbox payments)", () => {
  const browser = browserForTests();

  it("a guest at the limit subscribes through the sandbox checkout and creates a fourth article", async () => {
    const { page, problems, context } = await openTab(browser());
    await registerThroughWizard(page, uniqueEmail("subscriber"));
    await useUpGuestAllowance(page);

    await page.goto("/subscription");
    await page.getByRole("heading", { name: "Subscription Plans" }).waitFor();
    const current = page.getByTestId("current-subscription");
    await current.getByText("Inactive").waitFor();
    await page.getByText("Best Value").waitFor();
    await page.getByText("Save GH₵4 compared to monthly").waitFor();
    await page.getByText("Why Go Premium?").waitFor();
    expect(await page.getByTestId("payment-history").count()).toBe(0);

    await page.getByRole("button", { name: "Subscribe Monthly" }).click();
    await page.waitForURL(/\/payments\/sandbox\//);
    await page.getByText("TEST MODE").first().waitFor();
    await page.getByText("GH₵2.00").first().waitFor();
    await page.getByRole("button", { name: /^Pay/ }).click();

    await page.waitForURL(new RegExp(`^${baseUrl}/payment/success\\?reference=vs_`));
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await page.getByRole("link", { name: "View Subscription" }).click();
    await page.waitForURL(`${baseUrl}/subscription`);
    await current.getByText("Active", { exact: true }).waitFor();
    expect(await current.textContent()).toContain("registered");
    expect(await page.getByRole("button", { name: "Subscribe Monthly" }).count()).toBe(0);
    const row = page.getByTestId("payment-row");
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain("GH₵2.00");
    expect(await row.textContent()).toContain("Paid");

    const limits = await (await page.request.get("/api/user/limits")).json();
    expect(limits).toEqual({ canCreate: true, remaining: null, isGuest: false });

    // The fourth article, through the dialog.
    await page.goto("/");
    await page.getByRole("button", { name: "Create Article" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("YouTube URL").fill(videoUrl());
    await dialog.getByRole("button", { name: "Generate Article" }).click();
    await page.waitForURL(/\/article\/[a-z0-9-]+$/, { timeout: 60_000 });
    await expectToast(page, "Article created successfully!");
    const mine = await (await page.request.get("/api/user/articles")).json();
    expect(mine).toHaveLength(4);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a declined sandbox payment lands on /payment/failed and is listed as failed", async () => {
    const { page, problems, context } = await openTab(browser(), { width: 390, height: 844 });
    await registerThroughWizard(page, uniqueEmail("decliner"));
    await page.goto("/subscription");
    await page.getByRole("button", { name: "Subscribe Yearly" }).click();
    await page.waitForURL(/\/payments\/sandbox\//);
    await page.getByText("GH₵20.00").first().waitFor();
    await page.getByRole("button", { name: "Decline" }).click();
    await page.waitForURL(new RegExp(`^${baseUrl}/payment/failed\\?reference=vs_`));
    await page.getByRole("heading", { name: "Payment Failed" }).waitFor();
    await page.getByText(/No charges were made/).waitFor();
    await page.getByRole("link", { name: "Try Again" }).click();
    await page.waitForURL(`${baseUrl}/subscription`);
    await page.getByTestId("current-subscription").getByText("Inactive").waitFor();
    const row = page.getByTestId("payment-row");
    await row.first().waitFor();
    expect(await row.textContent()).toContain("Failed");
    expect(problems).toEqual([]);
    await context.close();
  });
});
