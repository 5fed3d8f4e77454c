import { describe, expect, it } from "vitest";
import { FIXTURES } from "../test/fixtures";
import { browserForTests, chromiumPath, openTab, registerThroughWizard, uniqueEmail } from "./browser";

// Issue 20: while an article waits for a worker, the Create dialog says its place in line. The
// server's progress stream is stood in for here (a busy queue is slow to arrange in a browser
// test); what it sends is covered by server/generation/scale.api.test.ts.

const queued = (queuePosition: number) =>
  `data: ${JSON.stringify({
    id: "k",
    status: "queued",
    stage: "queued",
    label: "Extracting video metadata...",
    percent: 5,
    articleId: null,
    articleSlug: null,
    error: null,
    queuePosition,
  })}\n\nretry: 100\n\n`;

describe.skipIf(!chromiumPath)("the create dialog while the article waits in line", () => {
  const browser = browserForTests();

  for (const width of [390, 1280]) {
    it(`says the place in line, at ${width} px`, async () => {
      const { page, context } = await openTab(browser(), { width, height: 844 });
      await registerThroughWizard(page, uniqueEmail("queued"));
      let place = 3;
      await page.route("**/api/generations/*/events", (route) =>
        route.fulfill({ status: 200, contentType: "text/event-stream", body: queued(place) }),
      );
      // The create request waits, as it does while the job is queued.
      await page.route("**/api/articles", () => {});

      await page.getByRole("button", { name: "Create Article" }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("YouTube URL").fill(`https://youtu.be/${FIXTURES.rich()}`);
      await dialog.getByRole("button", { name: "Generate Article" }).click();
      const shown = dialog.getByTestId("generation-place");
      await shown.waitFor();
      expect(await shown.textContent()).toBe("Waiting in line: 3rd");
      // Inside the live region, so a screen reader hears the place change.
      expect(await dialog.locator("[aria-live='polite'] [data-testid='generation-place']").count()).toBe(1);
      await shown.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/queue-place-${width}.png` });
      place = 1;
      await dialog.getByText("Waiting in line: next").waitFor();
      await context.close();
    });
  }
});
