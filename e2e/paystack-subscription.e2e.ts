import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakePaystack, startFakePaystack } from "../test/fakes/paystack";
import { browserForTests, chromiumPath, expectToast, uniqueEmail, waitForApp } from "./browser";
import { type BuiltServer, freePort, startBuiltServer } from "./built-server";

// Subscribing and cancelling against Paystack's protocol (a fake on loopback): the browser pays on
// the fake's hosted checkout, which sends the signed events Paystack sends to the webhook; the
// Subscription page then cancels with subscription/disable. Its own server, for PAYMENTS=paystack.

describe.skipIf(!chromiumPath)("a renewing plan on Paystack, in a real browser", () => {
  const browser = browserForTests();
  let paystack: FakePaystack;
  let built: BuiltServer | undefined;
  let base = "";
  const dataDir = mkdtempSync(join(tmpdir(), "vidscribe-paystack-"));

  beforeAll(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    paystack = await startFakePaystack(undefined, { webhookUrl: `${base}/api/payments/webhook` });
    const started = startBuiltServer({
      port,
      dataDir,
      env: {
        LLM_PROVIDER: "extractive",
        PAYMENTS: "paystack",
        PAYSTACK_SECRET_KEY: paystack.secretKey,
        PAYSTACK_BASE_URL: paystack.url,
      },
    });
    built = started;
    await started.ready(`${base}/login`);
  });

  afterAll(async () => {
    await built?.stop();
    await paystack?.close();
    if (/"level":(50|60)/.test(built?.log() ?? ""))
      console.error(`server logged errors during the Paystack journeys:\n${built?.log()}`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A signed-in subscriber: registered, paid on the fake's checkout, back on /payment/success. */
  async function subscriber(javaScript = true): Promise<{ page: Page; problems: string[]; email: string }> {
    const context = await browser().newContext({ baseURL: base, javaScriptEnabled: javaScript });
    const email = uniqueEmail("renewing");
    const registered = await context.request.post(`${base}/api/auth/register`, {
      headers: { origin: base },
      data: {
        firstName: "Kofi",
        lastName: "Boateng",
        email,
        password: "s3cret-pass",
        preferredCategories: ["Technology"],
        preferredTopics: [],
        preferredAuthors: [],
      },
    });
    expect(registered.status()).toBe(201);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`${message.text()} at ${message.location().url}`);
    });
    await page.goto("/subscription");
    if (javaScript) await waitForApp(page);
    await page.getByText("Renews monthly until you cancel; cancel anytime").waitFor();
    await page.getByRole("button", { name: "Subscribe Monthly" }).click();
    await page.waitForURL(`${paystack.url}/checkout/**`);
    await page.getByText("every period, until cancelled").waitFor();
    await page.getByRole("button", { name: /^Pay/ }).click();
    await page.waitForURL(`${base}/payment/success?reference=*`);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    return { page, problems, email };
  }

  it("cancels through the app's dialog: premium stays to its end date and Paystack stops renewing", async () => {
    const { page, problems, email } = await subscriber();
    await page.goto("/subscription");
    await waitForApp(page);
    const current = page.getByTestId("current-subscription");
    await current.getByText("Renews:").waitFor();
    const endDate = (await current.textContent())?.match(/Renews:\s*(\w{3} \d{1,2}, \d{4})/)?.[1];
    expect(endDate).toBeTruthy();
    // The webhook's subscription.create reached the app: cancelling needs what it carried.
    const subscription = [...paystack.subscriptions.values()].find((s) => s.email === email);
    expect(subscription?.status).toBe("active");

    await current.getByRole("button", { name: "Cancel subscription" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("you will not be charged again").waitFor();
    // Backing out changes nothing.
    await dialog.getByRole("button", { name: "Keep subscription" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(paystack.count("disable")).toBe(0);

    await current.getByRole("button", { name: "Cancel subscription" }).click();
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await expectToast(page, "Subscription cancelled", `Premium stays until ${endDate}`);
    await page.getByTestId("subscription-cancelled").waitFor();
    expect(await current.textContent()).toContain(`Ends: ${endDate}`);
    expect(await current.getByText("Active", { exact: true }).count()).toBe(1);
    expect(await current.getByRole("button", { name: "Cancel subscription" }).count()).toBe(0);
    expect(subscription?.status).toBe("non-renewing");

    // What the page says is what the server keeps.
    await page.reload();
    await page.getByTestId("subscription-cancelled").waitFor();
    expect(problems).toEqual([]);
  });

  it("cancels with JavaScript off: the server asks first, then cancels", async () => {
    const { page, email } = await subscriber(false);
    await page.goto("/subscription");
    const current = page.getByTestId("current-subscription");
    await current.getByRole("button", { name: "Cancel subscription" }).click();
    // The server's question, in the page; its button confirms.
    const question = page.getByRole("alert").filter({ hasText: "you will not be charged again" });
    await question.waitFor();
    expect([...paystack.subscriptions.values()].find((s) => s.email === email)?.status).toBe("active");
    await question.getByRole("link", { name: "Keep subscription" }).waitFor();
    await question.getByRole("button", { name: "Cancel subscription" }).click();
    await page.waitForURL(`${base}/subscription`);
    await page.getByTestId("subscription-cancelled").waitFor();
    expect([...paystack.subscriptions.values()].find((s) => s.email === email)?.status).toBe("non-renewing");
  });
});
