import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { CHROMIUM_FLAGS } from "../scripts/chromium";

export const baseUrl = inject("baseUrl");
export const chromiumPath = inject("chromiumPath");
const setupUrl = inject("adminSetupUrl");
/** The server's DATA_DIR: its dev mailbox is DATA_DIR/mail. */
const dataDir = inject("dataDir");

/** A running app as the journeys reach it: its address, its DATA_DIR and its admin setup link. */
export interface AppServer {
  base: string;
  dataDir: string;
  /** Opened by a signed-in ADMIN_EMAILS account with a verified address, it makes that account an admin. */
  setupUrl: string;
}

/** The server every journey shares (global-setup.ts); journeys with their own server pass theirs. */
const sharedServer: AppServer = { base: baseUrl, dataDir, setupUrl };

/**
 * The newest link to `path` the app mailed to `email`: read from its dev mailbox (the server's
 * DATA_DIR/mail, as an operator without SMTP_URL would), waiting for mail sent after an answer.
 */
export async function mailedLink(email: string, path: string, serverDataDir = dataDir): Promise<string> {
  const dir = join(serverDataDir, "mail");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".json")) : [];
    for (const name of names.sort().reverse()) {
      const mail = JSON.parse(readFileSync(join(dir, name), "utf8")) as { to: string; text: string };
      if (mail.to.toLowerCase() !== email.toLowerCase()) continue;
      const link = mail.text.split(/\s+/).find((word) => word.includes(`${path}?token=`));
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${path} link was mailed to ${email}`);
}

/**
 * Makes the signed-in account (it must be E2E_ADMIN_EMAIL, or listed in ADMIN_EMAILS of the
 * server given) an admin the way a site owner does: ADMIN_EMAILS takes effect only for a verified
 * address, so the address is verified first with the link mailed at sign-up; then the one-time
 * setup link the server logs lands on the dashboard.
 */
export async function becomeAdmin(page: Page, server: AppServer = sharedServer): Promise<void> {
  const { base } = server;
  const user = (await (await page.request.get(`${base}/api/auth/user`)).json()) as {
    email: string;
    emailVerified: boolean;
  };
  if (!user.emailVerified) {
    const token = new URL(await mailedLink(user.email, "/verify-email", server.dataDir)).searchParams.get("token");
    const verified = await page.request.post(`${base}/api/auth/verify-email`, {
      data: { token },
      headers: { origin: base },
    });
    if (!verified.ok()) throw new Error(`verifying ${user.email}: ${verified.status()} ${await verified.text()}`);
  }
  await page.goto(server.setupUrl);
  await page.waitForURL(/\/admin$/);
}

/** Headless system Chromium with the flags this machine needs (no downloads, no sync). */
export function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error("no Chromium");
  return chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_FLAGS,
  });
}

/**
 * One Chromium for the enclosing describe's tests: launched before them (before the describe's
 * own beforeAll hooks that come later) and closed after them. Call it in the describe's body;
 * the answer gives the browser once it has started.
 */
export function browserForTests(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("Chromium has not started");
    return browser;
  };
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught exceptions and CSP violations seen so far. */
  problems: string[];
}

/**
 * Waits until the app has taken the page over: its scripts load after the first paint
 * (server/pages/boot-script.ts), so the load event comes before a click would do anything.
 * Parts that hydrate on their own once their code arrives (the comments) are marked
 * [data-island] and waited for too: a click on one before then posts its form natively.
 * Pages that are not the app (the payment sandbox's checkout) are ready when loaded.
 */
export function waitForApp(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () =>
      !document.getElementById("root") ||
      (document.documentElement.hasAttribute("data-hydrated") &&
        document.querySelector("[data-island]:not([data-hydrated])") === null),
  );
}

/**
 * After each navigation by goto, reload or one a test waits for with waitForURL, the page is
 * ready to use, as a reader would find it once it responds.
 */
function waitForAppAfterNavigations(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const waitForURL = page.waitForURL.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForApp(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForApp(page);
    return response;
  };
  page.waitForURL = async (...args) => {
    await waitForURL(...args);
    await waitForApp(page);
  };
}

/** A fresh browser context (its own cookies) at the given viewport width, on the shared server or `base`. */
export async function openTab(browser: Browser, viewport = { width: 1280, height: 800 }, base = baseUrl): Promise<Tab> {
  const context = await browser.newContext({ viewport, baseURL: base });
  const page = await context.newPage();
  waitForAppAfterNavigations(page);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // A failed sign-in answers 401 on purpose; the browser logs that as a resource error.
    if (/status of 40[14]/.test(message.text())) return;
    // This machine has no internet: YouTube thumbnails cannot load (the page falls back to its own images).
    const source = message.location().url;
    if (/^Failed to load resource/.test(message.text()) && source && !source.startsWith(base)) return;
    problems.push(`console: ${message.text()}${source ? ` (${source})` : ""}`);
  });
  return { context, page, problems };
}

let counter = 0;
export function uniqueEmail(prefix = "reader"): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** Waits for the toast with this title (spec: one shows at a time) and answers its text. */
export async function expectToast(page: Page, title: string, description?: string): Promise<string> {
  const shown = page.getByTestId("toast").filter({ hasText: title });
  await shown.waitFor();
  const text = (await shown.textContent()) ?? "";
  if (description !== undefined && !text.includes(description)) {
    throw new Error(`toast "${title}" says "${text}", expected it to include "${description}"`);
  }
  return text;
}

/** Signs up through the real three-step wizard and waits for the signed-in home. */
/**
 * Signs a page's context in as `email`, registering the account first when it does not exist
 * yet. For accounts several journeys share on the shared server (E2E_ADMIN_EMAIL): whichever
 * journey comes first makes it, in any order.
 */
export async function signInOrRegister(
  page: Page,
  email: string,
  { password = "s3cret-pass", firstName = "Efua", lastName = "Asante" } = {},
): Promise<void> {
  const headers = { origin: baseUrl };
  const login = await page.request.post(`${baseUrl}/api/auth/login`, { headers, data: { email, password } });
  if (login.ok()) return;
  const registered = await page.request.post(`${baseUrl}/api/auth/register`, {
    headers,
    data: { email, password, firstName, lastName },
  });
  if (registered.status() !== 201)
    throw new Error(`register ${email}: ${registered.status()} ${await registered.text()}`);
}

export async function registerThroughWizard(page: Page, email: string, password = "s3cret-pass") {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Ama");
  await page.getByLabel("Last name").fill("Mensah");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("heading", { name: "Choose Your Interests" }).waitFor();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await page.getByRole("heading", { name: /Welcome (back|to VidScribe), Ama/ }).waitFor();
}

/**
 * Holds back the app's scripts on this page until the returned `release` is called: the page as
 * first painted, before hydration (for journeys that type or submit before the scripts run).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * A browser context signed in as a new account, made through the API (whose answer sets the
 * session cookie), with or without JavaScript.
 */
export async function signedInContext(
  browser: Browser,
  {
    javaScriptEnabled = true,
    viewport,
    firstName = "Esi",
    lastName = "Owusu",
  }: {
    javaScriptEnabled?: boolean;
    viewport?: { width: number; height: number };
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled, ...(viewport ? { viewport } : {}) });
  const response = await context.request.post(`${baseUrl}/api/auth/register`, {
    headers: { origin: baseUrl },
    data: {
      firstName,
      lastName,
      email: uniqueEmail("signed-in"),
      password: "s3cret-pass",
      preferredCategories: ["Technology"],
      preferredTopics: [],
      preferredAuthors: [],
    },
  });
  if (response.status() !== 201) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return context;
}
