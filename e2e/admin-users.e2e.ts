import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUserList } from "../contract/admin";
import { LAST_ADMIN_MESSAGE } from "../contract/admin-query";
import { adminSetupToken, adminSetupUrl } from "../server/auth/admin-setup";
import { SERVER_NODE_FLAGS } from "../server/lib/node-flags";
import { FIXTURES } from "../test/fixtures";
import {
  type AppServer,
  becomeAdmin,
  browserForTests,
  chromiumPath,
  expectToast,
  openTab,
  type Tab,
  waitForApp,
} from "./browser";
import { type BuiltServer, freePort, startBuiltServer } from "./built-server";

// The admin's user management (issue 18): the admin lists users, searches and pages through them,
// changes a role and a type, and cannot remove the last admin. Its own server, so the admin made
// here is certainly the only one (the shared server has the other journeys' admins).

const ADMIN_EMAIL = "owner@admin-users.example.com";
const APP_SECRET = "admin-users-secret-admin-users-secret-0123456789";
// Someone the search finds by name alone: nobody else's name or email holds "Quartey".
const PICKED = { firstName: "Zawadi", lastName: "Quartey", email: "zq.writer@example.com" };
// The one problem the admin's tab may show: the refusal asked for, the PUT's 409, which the browser
// logs as a failed resource.
const LAST_ADMIN_REFUSAL = expect.stringMatching(/status of 409 .*\/api\/admin\/users\/[0-9a-f-]+\)$/);
// Enough sign-ups (with the admin and the picked one) for a second page of 20.
const FILLERS = 20;

describe.skipIf(!chromiumPath)("an admin managing users, in a real browser", () => {
  const browser = browserForTests();
  let built: BuiltServer | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "vidscribe-admin-users-"));
  let server: AppServer;
  let admin: Tab;
  let picked: Tab;

  async function register(
    request: APIRequestContext,
    who: { firstName: string; lastName: string; email: string },
  ): Promise<void> {
    const response = await request.post(`${server.base}/api/auth/register`, {
      headers: { origin: server.base },
      data: { ...who, password: "s3cret-pass", preferredCategories: ["Technology"], preferredTopics: [] },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  /** The picked user's row, as the admin's list shows it now. */
  const pickedRow = (page: Page) => page.getByTestId("admin-user").filter({ hasText: PICKED.email });

  /**
   * The toast of this save: one toast shows at a time and the last save's may still be up, so
   * it is told apart by what it says.
   */
  const saved = (page: Page, description: string) =>
    page.getByTestId("toast").filter({ hasText: "User updated" }).filter({ hasText: description }).waitFor();

  /** The Admin badge beside a user's name (the role select's option says Admin too). */
  const adminBadge = (row: Locator) => row.locator("td").first().getByText("Admin", { exact: true });

  /** What the API says of the picked user (the admin's list, searched by email). */
  async function pickedByApi(page: Page) {
    const response = await page.request.get(`/api/admin/users?search=${encodeURIComponent(PICKED.email)}`);
    expect(response.status()).toBe(200);
    const list = (await response.json()) as AdminUserList;
    expect(list.users).toHaveLength(1);
    return list.users[0];
  }

  beforeAll(async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    server = { base, dataDir, setupUrl: adminSetupUrl(new URL(base), adminSetupToken(APP_SECRET)) };
    const started = startBuiltServer({
      port,
      dataDir,
      nodeFlags: SERVER_NODE_FLAGS,
      env: { ADMIN_EMAILS: ADMIN_EMAIL, APP_SECRET, LLM_PROVIDER: "extractive" },
    });
    built = started;
    await started.ready(`${base}/login`);

    // Other accounts first (the list is newest first): fillers, then the picked one with an article.
    const others = await browser().newContext();
    for (let i = 1; i <= FILLERS; i++) {
      await register(others.request, { firstName: "Kojo", lastName: `Filler${i}`, email: `filler${i}@example.com` });
      await others.clearCookies();
    }
    await others.close();
    picked = await openTab(browser(), undefined, base);
    await register(picked.page.request, PICKED);
    const article = await picked.page.request.post("/api/articles", {
      headers: { origin: base },
      data: { youtubeUrl: FIXTURES.rich(), length: "short", style: "blog" },
    });
    expect(article.status()).toBe(201);

    admin = await openTab(browser(), undefined, base);
    await register(admin.page.request, { firstName: "Abena", lastName: "Owner", email: ADMIN_EMAIL });
    await becomeAdmin(admin.page, server);
  });

  afterAll(async () => {
    await admin?.context.close();
    await picked?.context.close();
    await built?.stop();
    if (/"level":(50|60)/.test(built?.log() ?? ""))
      console.error(`server logged errors during the admin-users journeys:\n${built?.log()}`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists every user with role, type and articles, pages through them and finds one by name", async () => {
    const { page } = admin;
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Users" }).click();
    await page.waitForURL(/\/admin\?tab=users$/);
    const rows = page.getByTestId("admin-user");
    await page.getByText(`${FILLERS + 2} users · page 1 of 2`).waitFor();
    expect(await rows.count()).toBe(20);

    // Newest first: the admin, then the picked user, then the fillers.
    const own = rows.first();
    expect(await own.textContent()).toContain("Abena Owner");
    expect(await own.textContent()).toContain(ADMIN_EMAIL);
    await adminBadge(own).waitFor();
    expect(await own.getByLabel("Role").inputValue()).toBe("admin");
    const row = rows.nth(1);
    expect(await row.textContent()).toContain("Zawadi Quartey");
    expect(await row.textContent()).toContain(PICKED.email);
    expect(await row.getByLabel("Role").inputValue()).toBe("user");
    expect(await row.getByLabel("Type").inputValue()).toBe("guest");
    expect((await row.locator("td").nth(2).textContent())?.trim()).toBe("1");
    expect((await rows.nth(2).locator("td").nth(2).textContent())?.trim()).toBe("0");

    const pages = page.getByRole("navigation", { name: "Pages" });
    await pages.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/\/admin\?tab=users&page=2$/);
    await page.getByText(`${FILLERS + 2} users · page 2 of 2`).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining("filler2@example.com"),
      expect.stringContaining("filler1@example.com"),
    ]);
    await pages.getByRole("link", { name: "Previous" }).click();
    await page.getByText(`${FILLERS + 2} users · page 1 of 2`).waitFor();

    await page.getByLabel("Search users").fill("quartey");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/admin\?tab=users&search=quartey$/);
    await page.getByText("1 matching user · page 1 of 1").waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(PICKED.email);

    await page.getByLabel("Search users").fill("no-such-person");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await page.getByRole("heading", { name: "No users found" }).waitFor();
    await page.getByRole("link", { name: "Clear" }).click();
    await page.getByText(`${FILLERS + 2} users · page 1 of 2`).waitFor();
    expect(admin.problems).toEqual([]);
  });

  it("makes a user admin and registered, and takes the admin role back while another admin remains", async () => {
    const { page } = admin;
    await page.goto(`/admin?tab=users&search=${encodeURIComponent("Zawadi Quartey")}`);
    const row = pickedRow(page);
    await row.waitFor();

    await row.getByLabel("Role").selectOption("admin");
    await row.getByRole("button", { name: "Save" }).click();
    await saved(page, "Zawadi Quartey is now Admin · Guest.");
    await adminBadge(row).waitFor();
    expect((await pickedByApi(page)).role).toBe("admin");
    // The change holds at once: the picked user's next request is an admin's.
    const me = await picked.page.request.get("/api/auth/user");
    expect(((await me.json()) as { role: string }).role).toBe("admin");
    await picked.page.goto("/admin");
    await picked.page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();

    await row.getByLabel("Type").selectOption("registered");
    await row.getByRole("button", { name: "Save" }).click();
    await saved(page, "Zawadi Quartey is now Admin · Registered.");
    await expect.poll(async () => (await pickedByApi(page)).userType).toBe("registered");
    expect(await row.getByLabel("Type").inputValue()).toBe("registered");

    // Two admins: taking one's role away is allowed.
    await row.getByLabel("Role").selectOption("user");
    await row.getByRole("button", { name: "Save" }).click();
    await saved(page, "Zawadi Quartey is now User · Registered.");
    await adminBadge(row).waitFor({ state: "detached" });
    expect(await pickedByApi(page)).toMatchObject({ role: "user", userType: "registered" });
    await page.reload();
    expect(await pickedRow(page).getByLabel("Role").inputValue()).toBe("user");
    expect(await pickedRow(page).getByLabel("Type").inputValue()).toBe("registered");
    expect(admin.problems).toEqual([]);
  });

  it("refuses to demote the only admin, and a non-admin is refused the dashboard", async () => {
    const { page } = admin;
    await page.goto(`/admin?tab=users&search=${encodeURIComponent(ADMIN_EMAIL)}`);
    const own = page.getByTestId("admin-user").filter({ hasText: ADMIN_EMAIL });
    await own.waitFor();
    await own.getByLabel("Role").selectOption("user");
    await own.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Failed to update user", LAST_ADMIN_MESSAGE);
    // The form goes back to what is saved, and the page stays the admin's.
    await expect.poll(() => own.getByLabel("Role").inputValue()).toBe("admin");
    await page.reload();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    expect(await own.getByLabel("Role").inputValue()).toBe("admin");
    await adminBadge(own).waitFor();
    const me = (await (await page.request.get("/api/auth/user")).json()) as { role: string };
    expect(me.role).toBe("admin");

    // The picked user, no longer admin, sees the dashboard refused, and its API too.
    await picked.page.reload();
    await picked.page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await picked.page.getByText("You need admin privileges to access this page.").waitFor();
    expect(await picked.page.getByRole("heading", { name: "Admin Dashboard" }).count()).toBe(0);
    expect(await picked.page.getByTestId("admin-user").count()).toBe(0);
    expect((await picked.page.request.get("/api/admin/users")).status()).toBe(403);
    expect(admin.problems).toEqual([LAST_ADMIN_REFUSAL]);
    expect(picked.problems).toEqual([]);
  });

  it("an admin who gives up the role while another admin remains is shown the dashboard refused", async () => {
    const { page } = admin;
    await page.goto(`/admin?tab=users&search=${encodeURIComponent(PICKED.email)}`);
    const row = pickedRow(page);
    await row.getByLabel("Role").selectOption("admin");
    await row.getByRole("button", { name: "Save" }).click();
    await saved(page, "Zawadi Quartey is now Admin · Registered.");

    await page.goto(`/admin?tab=users&search=${encodeURIComponent(ADMIN_EMAIL)}`);
    const own = page.getByTestId("admin-user").filter({ hasText: ADMIN_EMAIL });
    await own.getByLabel("Role").selectOption("user");
    await own.getByRole("button", { name: "Save" }).click();
    // The page loads again, no longer theirs.
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await waitForApp(page);
    expect(((await (await page.request.get("/api/auth/user")).json()) as { role: string }).role).toBe("user");

    // The other admin sees the change in the list.
    await picked.page.goto(`/admin?tab=users&search=${encodeURIComponent(ADMIN_EMAIL)}`);
    const listed = picked.page.getByTestId("admin-user").filter({ hasText: ADMIN_EMAIL });
    expect(await listed.getByLabel("Role").inputValue()).toBe("user");
    expect(await adminBadge(listed).count()).toBe(0);
    expect(admin.problems).toEqual([LAST_ADMIN_REFUSAL]);
    expect(picked.problems).toEqual([]);
  });
});
