import { describe, expect, it } from "vitest";
import { render } from "./entry-server";

const signedOut = [{ queryKey: ["/api/auth/user"], data: null }];

describe("render", () => {
  it("renders the real page, never a loading fallback, and names its module", async () => {
    const { html, page } = await render("/login", signedOut);
    expect(page).toBe("pages/login.tsx");
    expect(html).toContain("Welcome back");
    expect(html).not.toContain('aria-busy="true"');
  });

  it("picks the landing page for a visitor at '/'", async () => {
    const { html, page } = await render("/?ref=x", signedOut);
    expect(page).toBe("pages/landing.tsx");
    expect(html).toContain("Turn videos into");
  });

  it("renders the 404 page for a path outside the route table", async () => {
    const { page } = await render("/nowhere", signedOut);
    expect(page).toBe("pages/not-found.tsx");
  });
});
