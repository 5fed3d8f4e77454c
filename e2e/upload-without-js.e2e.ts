import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { baseUrl, browserForTests, chromiumPath, holdScripts, signedInContext, waitForApp } from "./browser";

// The profile picture before the page's scripts have run and with JavaScript turned off: the
// settings card is a plain multipart form posted to /settings, and the server answers with a
// redirect back to the page, which says how it went (server/profile/form-upload.ts).

const HELP = "Maximum file size: 5MB. Supported formats: JPG, PNG, GIF";

const png = (colour: string) =>
  sharp({ create: { width: 300, height: 200, channels: 4, background: colour } })
    .png()
    .toBuffer();

/** A signed-in context for the settings page, with or without JavaScript. */
const signedIn = (browser: Browser, javaScriptEnabled: boolean): Promise<BrowserContext> =>
  signedInContext(browser, {
    javaScriptEnabled,
    viewport: { width: 1024, height: 800 },
    firstName: "Kofi",
    lastName: "Boateng",
  });

/** The avatar's picture on the settings card, checked to be one of ours and really served. */
async function avatarSrc(page: Page, context: BrowserContext): Promise<string> {
  const src = await page.getByTestId("settings-avatar").locator("img").getAttribute("src");
  expect(src).toMatch(/^\/media\/avatars\/[0-9a-f]{64}\.webp$/);
  const image = await context.request.get(`${baseUrl}${src}`);
  expect(image.headers()["content-type"]).toBe("image/webp");
  return src ?? "";
}

describe.skipIf(!chromiumPath)("the profile picture without JavaScript and before hydration", () => {
  const browser = browserForTests();

  it("uploads a PNG with JavaScript off, and says what went wrong with a file it refuses", async () => {
    const context = await signedIn(browser(), false);
    const page = await context.newPage();
    await page.goto("/settings");
    const card = page.getByTestId("settings-avatar");
    expect(await card.textContent()).toBe("KB");
    await page.getByText(HELP).waitFor();
    const input = page.getByLabel("Change Profile Picture");
    expect(await input.getAttribute("accept")).toBe("image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif");

    // A file it refuses: the page again, with the contract's sentence.
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.waitForURL(`${baseUrl}/settings?picture=type`);
    await page
      .getByRole("alert")
      .getByText("This file type is not supported. Please choose a JPG, PNG or GIF image.")
      .waitFor();

    await page.getByLabel("Change Profile Picture").setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.concat([await png("#123456"), Buffer.alloc(6 * 1024 * 1024)]),
    });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.waitForURL(`${baseUrl}/settings?picture=too-large`);
    await page.getByRole("alert").getByText("This file is larger than 5MB.", { exact: false }).waitFor();

    await page
      .getByLabel("Change Profile Picture")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png("#e0662f") });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.waitForURL(`${baseUrl}/settings?picture=updated`);
    await page.getByRole("status").getByText("Profile picture updated successfully!").waitFor();
    const src = await avatarSrc(page, context);
    const me = await (await context.request.get(`${baseUrl}/api/auth/user`)).json();
    expect(me.profileImageUrl).toBe(src);
    await context.close();
  });

  it("keeps a file chosen before hydration and posts it natively; hydrated, the button opens the dialog", async () => {
    const context = await signedIn(browser(), true);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    const release = await holdScripts(page);

    await page.goto("/settings", { waitUntil: "domcontentloaded" });
    await page
      .getByLabel("Change Profile Picture")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png("#2f9e6d") });
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
    release();
    await waitForApp(page);

    // The choice made before hydration is still there, and posts the plain form.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posts.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    const answer = await answered;
    expect(answer.status()).toBe(303);
    expect(answer.headers().location).toBe("/settings?picture=updated");
    expect(posts).toEqual(["POST /settings"]);
    await page.getByRole("status").getByText("Profile picture updated successfully!").waitFor();
    await waitForApp(page);
    await avatarSrc(page, context);
    // Hydrated, the answer leaves the address (a reload does not say it again) and the control
    // is the button that opens the dialog.
    await page.waitForFunction(() => window.location.search === "");
    expect(await page.getByLabel("Change Profile Picture").count()).toBe(0);
    await page.getByRole("button", { name: "Change Profile Picture" }).click();
    await page.getByRole("dialog").getByText(HELP).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
