import { describe, expect, it } from "vitest";
import {
  baseUrl,
  browserForTests,
  chromiumPath,
  expectToast,
  mailedLink,
  openTab,
  registerThroughWizard,
  uniqueEmail,
} from "./browser";

// The account's mailed links on the embedded default: no SMTP_URL, so every mail is read from
// the server's dev mailbox (DATA_DIR/mail), as an operator would.

/** A mailed link as a path on the app under test. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe.skipIf(!chromiumPath)("mailed links in a real browser", () => {
  const browser = browserForTests();

  it("resets a forgotten password through the dev mailbox, ends the old sessions, and the link works once", async () => {
    const email = uniqueEmail("forgetful");
    const before = await openTab(browser());
    await registerThroughWizard(before.page, email);

    const { page, problems, context } = await openTab(browser());
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Check your email").waitFor();

    const reset = pathOf(await mailedLink(email, "/reset-password"));
    await page.goto(reset);
    await page.getByLabel("New password").fill("a-new-pass-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.waitForURL(`${baseUrl}/login?reset=1`);
    await page.getByText("Password changed").first().waitFor();

    // The session that signed up is over; the new password signs in.
    expect((await before.context.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a-new-pass-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(problems).toEqual([]);

    // The same link again is refused with the server's sentence.
    await page.goto(reset);
    await page.getByLabel("New password").fill("another-pass-2");
    await page.getByRole("button", { name: "Change password" }).click();
    await expectToast(page, "Could not change the password", "has been used or has expired");
    await before.context.close();
    await context.close();
  });

  it("verifies the address from the mailed link, after the profile's reminder sends a new one", async () => {
    const email = uniqueEmail("verifier");
    const { page, problems, context } = await openTab(browser());
    await registerThroughWizard(page, email);
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Please verify your email address" }).waitFor();
    await page.getByRole("button", { name: "Send a new link" }).click();
    await page.getByText("Link sent").waitFor();

    await page.goto(pathOf(await mailedLink(email, "/verify-email")));
    await page.getByText("Email verified").waitFor();
    await page.goto("/profile");
    expect(await page.getByTestId("verify-reminder").count()).toBe(0);
    const me = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.json()));
    expect(me.emailVerified).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
