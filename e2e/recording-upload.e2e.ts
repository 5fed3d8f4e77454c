import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSttServer, startFakeSttServer } from "../test/fakes/stt-server";
import { browserForTests, chromiumPath, uniqueEmail } from "./browser";
import { type BuiltServer, freePort, startBuiltServer } from "./built-server";

// Your own recording, from the Create dialog to the article: the file goes up in parts (the
// server is told to split anything above 1 KB into 8 KB parts), one part's PUT fails once and
// is retried, and speech to text (a fake on loopback) hears it. Its own server, for those settings.

const RECORDING = join(import.meta.dirname, "../fixtures/videos/fL4tTyr3Fix.mp3");
// What espeak-ng says in the fixture (fixtures/videos/README.md): the fake hears it as these words.
const SPOKEN =
  "Welcome back to the workshop. Today we fix a flat tyre in five minutes. First, take the wheel off. Then find the hole and patch it.";

describe.skipIf(!chromiumPath)("uploading your own recording", () => {
  const browser = browserForTests();
  let stt: FakeSttServer;
  let built: BuiltServer | undefined;
  let base = "";
  const dataDir = mkdtempSync(join(tmpdir(), "vidscribe-recording-"));

  beforeAll(async () => {
    stt = await startFakeSttServer();
    const port = await freePort();
    base = `http://localhost:${port}`;
    const started = startBuiltServer({
      port,
      dataDir,
      env: {
        LLM_PROVIDER: "extractive",
        STT_PROVIDER: "openai",
        STT_BASE_URL: stt.url,
        STT_API_KEY: "test-key",
        RECORDING_MULTIPART_ABOVE: "1024",
        RECORDING_PART_BYTES: "8192",
      },
    });
    built = started;
    await started.ready(`${base}/login`);
  });

  afterAll(async () => {
    await built?.stop();
    await stt?.close();
    if (/"level":(50|60)/.test(built?.log() ?? ""))
      console.error(`server logged errors during the recording journeys:\n${built?.log()}`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A signed-in tab on this test's server, with the page's problems collected. */
  async function signedInTab(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await browser().newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
    const registered = await context.request.post(`${base}/api/auth/register`, {
      headers: { origin: base },
      data: {
        firstName: "Ama",
        lastName: "Mensah",
        email: uniqueEmail("recording"),
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
      // The part answered 503 on purpose; the browser logs it as a failed resource.
      if (message.type() === "error" && !/status of 503/.test(message.text())) problems.push(message.text());
    });
    await page.goto("/?create=1");
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    return { context, page, problems };
  }

  it("uploads in parts, retries a part that failed, and writes the article from it", async () => {
    stt.enqueue({ type: "answer", heard: SPOKEN }, { type: "answer", heard: SPOKEN });
    const { context, page, problems } = await signedInTab();

    // The first PUT of a part fails with 503; the uploader tries that part again.
    const puts: string[] = [];
    let failed = false;
    await page.route(/\/api\/recording-parts\//, async (route) => {
      if (route.request().method() !== "PUT") return route.continue();
      puts.push(route.request().url());
      if (!failed) {
        failed = true;
        return route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Busy"}' });
      }
      return route.continue();
    });

    const dialog = page.getByRole("dialog");
    await dialog.getByText("Create New Article").waitFor();
    const generate = dialog.getByRole("button", { name: "Generate Article" });
    await expect.poll(() => generate.isDisabled()).toBe(true);

    await dialog.getByRole("button", { name: "Or upload your own recording" }).click();
    await dialog.getByLabel("Your recording").setInputFiles(RECORDING);
    const uploaded = dialog.getByText(/Uploaded: fL4tTyr3Fix\.mp3 \(0:1\d\)/);
    await uploaded.waitFor({ timeout: 30_000 });
    await page.screenshot({ path: "/tmp/recording-uploaded.png" });

    // 30 KB in 8 KB parts: four parts, one of them sent twice.
    expect(failed).toBe(true);
    expect(puts).toHaveLength(5);
    expect(new Set(puts.map((url) => new URL(url).pathname)).size).toBe(4);
    expect(await dialog.locator('input[type="hidden"][name="recordingId"]').inputValue()).toMatch(/^[0-9a-f-]{36}$/);

    // No link needed now.
    await expect.poll(() => generate.isDisabled()).toBe(false);
    await generate.click();
    await page.waitForURL(/\/article\/[a-z0-9-]+$/, { timeout: 60_000 });
    await page.getByText("Written from your recording").waitFor();
    await page.screenshot({ path: "/tmp/recording-article.png" });
    expect(stt.requests.length).toBeGreaterThan(0);
    expect(await page.locator(".article-body").textContent()).toMatch(/tyre/i);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("cancels an upload under way and removes what the server had", async () => {
    const { context, page } = await signedInTab();
    // Parts hang until the test lets them go, so the upload is still under way when cancelled.
    let releaseParts = () => {};
    const held = new Promise<void>((resolve) => {
      releaseParts = resolve;
    });
    await page.route(/\/api\/recording-parts\//, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    const deletes: number[] = [];
    page.on("response", (response) => {
      const request = response.request();
      if (request.method() === "DELETE" && /\/api\/recordings\//.test(request.url())) deletes.push(response.status());
    });

    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Or upload your own recording" }).click();
    await dialog.getByLabel("Your recording").setInputFiles(RECORDING);
    const progress = dialog.getByRole("progressbar");
    await progress.waitFor();
    expect(await progress.getAttribute("aria-valuenow")).not.toBeNull();
    expect(await dialog.getByRole("button", { name: /Uploading/ }).isDisabled()).toBe(true);
    await page.screenshot({ path: "/tmp/recording-uploading.png" });

    await dialog.getByRole("button", { name: "Cancel upload" }).click();
    await expect.poll(() => deletes).toEqual([204]);
    releaseParts();
    await dialog.getByText("Choose a recording").waitFor();
    expect(await dialog.locator('input[type="hidden"][name="recordingId"]').inputValue()).toBe("");

    // The link comes back, and it is required again.
    await dialog.getByRole("button", { name: "Use a link instead" }).click();
    await dialog.getByLabel("YouTube URL").waitFor();
    expect(await dialog.getByRole("button", { name: "Generate Article" }).isDisabled()).toBe(true);
    await context.close();
  });
});
