import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { browserForTests, chromiumPath, expectToast, openTab, registerThroughWizard, uniqueEmail } from "./browser";

const HELP = "Maximum file size: 5MB. Supported formats: JPG, PNG, GIF";

const png = () =>
  sharp({ create: { width: 480, height: 320, channels: 4, background: "#e0662f" } })
    .png()
    .toBuffer();

describe.skipIf(!chromiumPath)("profile picture in a real browser", () => {
  const browser = browserForTests();

  it("uploads a PNG through the dialog and shows it in the nav and on the settings card", async () => {
    const { page, problems, context } = await openTab(browser());
    await registerThroughWizard(page, uniqueEmail("picture"));
    // The home page may show other journeys' articles with video thumbnails this offline
    // machine cannot load; what counts here starts at Settings.
    problems.length = 0;
    await page.goto("/settings");

    const card = page.getByTestId("settings-avatar");
    await expect(card.textContent()).resolves.toBe("AM");

    await page.getByRole("button", { name: "Change Profile Picture" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(HELP).waitFor();
    const upload = dialog.getByRole("button", { name: "Upload", exact: true });
    expect(await upload.isDisabled()).toBe(true);

    // The dialog's own checks, before anything is sent.
    const input = dialog.getByLabel("Choose a picture");
    expect(await input.getAttribute("multiple")).toBeNull();
    await input.setInputFiles({ name: "drawing.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg/>") });
    await dialog.getByRole("alert").getByText("Please choose a JPG, PNG or GIF image.", { exact: false }).waitFor();
    expect(await upload.isDisabled()).toBe(true);
    await input.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5_242_881),
    });
    await dialog.getByRole("alert").getByText("larger than 5MB", { exact: false }).waitFor();

    // Manual start: choosing a file sends nothing until Upload is pressed.
    const requests: string[] = [];
    page.on("request", (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
    await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png() });
    await dialog.getByText("me.png").waitFor();
    await page.waitForTimeout(300);
    expect(requests.filter((r) => r.startsWith("POST") || r.startsWith("PUT"))).toEqual([]);

    await upload.click();
    await expectToast(page, "Success", "Profile picture updated successfully!");
    await dialog.waitFor({ state: "detached" });

    // One PUT with the file as its body (not multipart), then the save.
    const writes = requests.filter((r) => r.startsWith("POST") || r.startsWith("PUT"));
    expect(writes[0]).toBe("POST /api/objects/upload");
    expect(writes[1]).toMatch(/^PUT \/api\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(writes[2]).toBe("PUT /api/profile-picture");

    const navImage = page.getByRole("button", { name: "Open user menu" }).locator("img");
    await navImage.waitFor();
    const src = await navImage.getAttribute("src");
    expect(src).toMatch(/^\/media\/avatars\/[0-9a-f]{64}\.webp$/);
    await expect(navImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).resolves.toBe(256);
    await expect(card.locator("img").getAttribute("src")).resolves.toBe(src);

    // It stays after a reload (the server renders the page with the saved user).
    await page.reload();
    await expect(page.getByTestId("settings-avatar").locator("img").getAttribute("src")).resolves.toBe(src);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("fits a phone screen, and says when the upload URL cannot be had", async () => {
    const { page, context } = await openTab(browser(), { width: 390, height: 844 });
    await registerThroughWizard(page, uniqueEmail("phone"));
    await page.goto("/settings");
    await page.getByRole("button", { name: "Change Profile Picture" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(HELP).waitFor();
    await dialog
      .getByLabel("Choose a picture")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png() });
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.route("**/api/objects/upload", (route) => route.fulfill({ status: 500, body: "{}" }));
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expectToast(page, "Error", "Failed to get upload URL");
    await dialog.getByText("me.png").waitFor();
    await context.close();
  });
});
