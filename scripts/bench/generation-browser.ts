/**
 * First progress in the create dialog (see generation.ts): the built app in production mode and
 * the system Chromium clicking Generate, with the times taken inside the page by a script
 * installed before the app's own.
 */
import { existsSync } from "node:fs";
import type { Page } from "playwright-core";
import { GUEST_ARTICLE_LIMIT } from "../../contract/options";
import { CHROMIUM_PATH } from "../chromium";
import { launchChromium, signUp, startBuiltServer } from "./browser";
import type { FixtureVideo, GenerationOverheadResult } from "./generation-types";
import { summarize } from "./percentiles";

interface ProgressTimes {
  clickAt: number | null;
  /** The label is in the page (React committed it). */
  domAt: number | null;
  /** The frame after that has been drawn: what a person sees. */
  shownAt: number | null;
  eventAt: number | null;
}

/**
 * Installed before the app's scripts: notes when a click reaches a submit button (the event's
 * own time stamp, so input delay counts), when the progress label enters the page and when the
 * next frame has been drawn, and when the progress stream delivers its first message.
 */
function recordProgressTimes() {
  const times: ProgressTimes = { clickAt: null, domAt: null, shownAt: null, eventAt: null };
  (window as unknown as { __bench: ProgressTimes }).__bench = times;
  document.addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element | null)?.closest?.("button");
      if (button?.type === "submit" && button.form) times.clickAt ??= event.timeStamp;
    },
    { capture: true },
  );
  new MutationObserver(() => {
    if (times.clickAt === null || times.domAt !== null) return;
    if (!document.querySelector("[data-testid='generation-label']")?.textContent?.trim()) return;
    times.domAt = performance.now();
    // rAF runs just before the frame that shows the label is drawn; a task queued there runs after it.
    requestAnimationFrame(() => setTimeout(() => (times.shownAt = performance.now())));
  }).observe(document, { subtree: true, childList: true, characterData: true });
  const NativeEventSource = window.EventSource;
  window.EventSource = class extends NativeEventSource {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener("message", () => (times.eventAt ??= performance.now()), { once: true });
    }
  };
}

const readTimes = (page: Page) => page.evaluate(() => (window as unknown as { __bench: ProgressTimes }).__bench);

/**
 * One click on Generate in the create dialog; answers the delays in ms from the click. The
 * stream's first message is null when the article came first (the dialog then closes the stream).
 */
async function clickGenerate(page: Page, videoId: string): Promise<{ shownMs: number; eventMs: number | null }> {
  await page.goto("/");
  // The app's code loads after the first paint: a click before it has hydrated would do nothing.
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const dialog = page.getByRole("dialog");
  await page.getByRole("button", { name: "Create Article" }).first().click();
  await dialog.waitFor();
  await dialog.getByLabel("YouTube URL").fill(`https://www.youtube.com/watch?v=${videoId}`);
  // Playwright clicks once the button is enabled (the form valid, the allowance loaded).
  await dialog.getByRole("button", { name: "Generate Article" }).click();
  await page
    .waitForFunction(() => ((window as unknown as { __bench: ProgressTimes }).__bench.shownAt ?? -1) >= 0, undefined, {
      polling: "raf",
      timeout: 10_000,
    })
    .catch(async (error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(await readTimes(page))} at ${page.url()}`);
    });
  // The article page follows when the generation is done: the next run starts from a quiet server.
  await page.waitForURL(/\/article\/[^/]+$/, { timeout: 60_000 });
  const { clickAt, shownAt, eventAt } = await readTimes(page);
  if (clickAt === null || shownAt === null) throw new Error("the click or the progress label went unseen");
  return { shownMs: shownAt - clickAt, eventMs: eventAt === null ? null : eventAt - clickAt };
}

/**
 * The built app in production mode with the extractive writer, and a real Chromium: a guest
 * opens the create dialog, pastes a fixture link and clicks Generate.
 */
export async function measureFirstProgress(
  runs: number,
  videos: FixtureVideo[],
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<GenerationOverheadResult["firstProgress"]> {
  if (!existsSync(CHROMIUM_PATH)) {
    log(`first progress: skipped, ${CHROMIUM_PATH} is missing`);
    return null;
  }
  // Short videos: each run waits for its article before the next click.
  const pool = videos.filter((v) => v.transcriptWords < 5_000);
  const server = await startBuiltServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const browser = await launchChromium();
  try {
    const shown: number[] = [];
    const events: number[] = [];
    let articleBeforeStream = 0;
    // One warm-up click (run -1), then `runs`, with a new guest whenever the allowance is used up.
    for (let run = -1; run < runs; ) {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
      const session = await signUp(server.baseUrl);
      const split = session.indexOf("=");
      await context.addCookies([
        { name: session.slice(0, split), value: session.slice(split + 1), url: server.baseUrl },
      ]);
      await context.addInitScript(recordProgressTimes);
      for (let i = 0; i < GUEST_ARTICLE_LIMIT && run < runs; i += 1, run += 1) {
        const page = await context.newPage();
        // Another video each time: the same one again would join the guest's finished generation.
        const result = await clickGenerate(page, pool[i % pool.length].videoId);
        await page.close();
        if (run < 0) continue;
        shown.push(result.shownMs);
        if (result.eventMs === null) articleBeforeStream += 1;
        else events.push(result.eventMs);
      }
      await context.close();
    }
    return {
      timing: summarize(shown),
      firstServerEvent: events.length ? summarize(events) : null,
      articleBeforeStream,
      note: `built app (NODE_ENV=production, ${databaseUrl ? "PostgreSQL" : "embedded database"}, extractive writer), headless Chromium at 1280x800 on loopback; times taken in the page`,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
