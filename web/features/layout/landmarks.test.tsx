import { describe, expect, it } from "vitest";
import { render } from "../../entry-server";

// Issue 19 item 7, in the server's HTML (what a screen reader meets before any script runs):
// the skip link first, one h1 on sign-in and sign-up, and a main landmark it leads to.

const signedOut = [{ queryKey: ["/api/auth/user"], data: null }];

/** The first element a Tab reaches in the markup: a link, button, input, select or textarea. */
function firstFocusable(html: string): string | undefined {
  return /<(a|button|input|select|textarea)\b[^>]*>/.exec(html)?.[0];
}

describe("landmarks, headings and the skip link", () => {
  it.each(["/login", "/register", "/nowhere", "/payment/success", "/payment/failed"])(
    "%s starts with Skip to content",
    async (path) => {
      const { html } = await render(path, signedOut);
      expect(firstFocusable(html)).toMatch(/^<a href="#main"/);
      expect(html).toMatch(/<a href="#main"[^>]*>Skip to content<\/a>/);
    },
  );

  it.each(["/login", "/register"])("%s has exactly one h1", async (path) => {
    const { html } = await render(path, signedOut);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
  });

  it.each(["/nowhere", "/payment/success", "/payment/failed"])(
    "%s has its content in the main landmark the skip link targets",
    async (path) => {
      const { html } = await render(path, signedOut);
      expect(html.match(/<main\b/g)).toHaveLength(1);
      expect(html).toMatch(/<main id="main" tabindex="-1"/);
      expect(html).toMatch(/<h1\b/);
    },
  );
});
