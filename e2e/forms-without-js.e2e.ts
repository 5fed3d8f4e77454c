import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, browserForTests, chromiumPath, holdScripts, uniqueEmail, waitForApp } from "./browser";

// Sign-in and sign-up work before the page's scripts have run and with JavaScript turned off:
// the forms post natively and the server answers with the next step, the page again with the
// problem, or a redirect home (server/pages/form-posts.ts).

const PASSWORD = "s3cret-pass";

/** A tab whose app scripts are held back until `release` is called: the page as first painted. */
async function tabWithHeldScripts(browser: Browser) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const release = await holdScripts(page);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, release, problems };
}

async function signedInEmail(context: BrowserContext): Promise<string | null> {
  const me = await context.request.get(`${baseUrl}/api/auth/user`);
  return ((await me.json()) as { email: string } | null)?.email ?? null;
}

const alertText = (page: Page) => page.getByRole("alert").first().textContent();

describe.skipIf(!chromiumPath)("forms without JavaScript and before hydration", () => {
  const browser = browserForTests();

  it("signs up through all three steps and signs in with JavaScript turned off", async () => {
    const context = await browser().newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    const email = uniqueEmail("nojs");

    await page.goto("/register");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Create Your Account" }).waitFor();
    expect(await alertText(page)).toContain("Please fill in all required fields.");

    await page.getByLabel("First name").fill("Kofi");
    await page.getByLabel("Last name").fill("Boateng");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Next" }).click();
    expect(await alertText(page)).toContain("Password must be at least 6 characters.");
    // What was typed is still there (the password is typed again, as on any site).
    expect(await page.getByLabel("First name").inputValue()).toBe("Kofi");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Choose Your Interests" }).waitFor();
    expect(await page.content()).not.toContain(PASSWORD);
    await page.getByLabel("Technology").check();
    await page.getByLabel("Science").check();
    await page.getByRole("button", { name: "Next" }).click();

    await page.getByRole("heading", { name: "Personalize Your Feed" }).waitFor();
    await page.getByText("Science", { exact: true }).waitFor();
    await page.getByLabel("Startups").check();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("heading", { name: "Choose Your Interests" }).waitFor();
    expect(await page.getByLabel("Technology").isChecked()).toBe(true);
    expect(await page.getByLabel("Music").isChecked()).toBe(false);
    await page.getByRole("button", { name: "Next" }).click();
    expect(await page.getByLabel("Startups").isChecked()).toBe(true);

    await page.getByRole("button", { name: "Complete Setup" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("heading", { name: /Welcome (back|to VidScribe), Kofi/ }).waitFor();
    const me = await (await context.request.get(`${baseUrl}/api/auth/user`)).json();
    expect(me).toMatchObject({ email, preferredCategories: ["Technology", "Science"], preferredTopics: ["Startups"] });

    // Signed out (the cookie dropped), a wrong password is the page again with the API's sentence.
    await context.clearCookies();
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    expect(await alertText(page)).toContain("Invalid email or password.");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("heading", { name: /Welcome (back|to VidScribe), Kofi/ }).waitFor();
    expect(await signedInEmail(context)).toBe(email);

    // The feed's search is a GET form: Enter searches, and the server renders what the URL asks.
    await page.getByRole("searchbox").fill("zzqx nothing matches");
    await page.getByRole("searchbox").press("Enter");
    await page.waitForURL(/[?&]search=zzqx\+nothing\+matches/);
    expect(await page.getByRole("searchbox").inputValue()).toBe("zzqx nothing matches");
    await page.getByRole("heading", { name: "No articles found" }).waitFor();
    await context.close();
  });

  it("keeps a sign-in submitted before hydration: the browser posts it and the server signs in", async () => {
    const email = uniqueEmail("early");
    const setup = await browser().newContext({ baseURL: baseUrl });
    const signup = await setup.request.post(`${baseUrl}/api/auth/register`, {
      headers: { origin: baseUrl },
      data: { firstName: "Efua", lastName: "Owusu", email, password: PASSWORD },
    });
    expect(signup.status()).toBe(201);
    await setup.close();

    const { context, page, release } = await tabWithHeldScripts(browser());
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${baseUrl}/`, { waitUntil: "domcontentloaded" });
    expect(await signedInEmail(context)).toBe(email);
    release();
    await waitForApp(page);
    await page.getByRole("heading", { name: /Welcome (back|to VidScribe), Efua/ }).waitFor();
    await context.close();
  });

  it("keeps what was typed before hydration, then finishes in the hydrated page", async () => {
    const email = uniqueEmail("typed");
    const { context, page, release, problems } = await tabWithHeldScripts(browser());
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await page.goto("/register", { waitUntil: "domcontentloaded" });
    await page.getByLabel("First name").fill("Yaw");
    await page.getByLabel("Last name").fill("Asante");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);

    release();
    await waitForApp(page);
    expect(await page.getByLabel("First name").inputValue()).toBe("Yaw");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.getByLabel("Password").inputValue()).toBe(PASSWORD);

    // Hydrated, the steps run in the page and only the last one calls the API.
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Choose Your Interests" }).waitFor();
    await page.getByLabel("Health").check();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("heading", { name: /Welcome (back|to VidScribe), Yaw/ }).waitFor();
    expect(posts).toEqual(["/api/auth/register"]);
    const me = await (await context.request.get(`${baseUrl}/api/auth/user`)).json();
    expect(me).toMatchObject({ email, firstName: "Yaw", preferredCategories: ["Health"] });

    // Hydrated, the search form is the page's: Enter filters the feed without loading a page.
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.getByRole("searchbox").fill("zzqx");
    await page.getByRole("searchbox").press("Enter");
    await page.waitForURL(/[?&]search=zzqx/);
    await page.getByRole("heading", { name: "No articles found" }).waitFor();
    expect(documents).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("finishes in the page a sign-up that began without JavaScript and hydrated on its second step", async () => {
    const email = uniqueEmail("mixed");
    const { context, page, release, problems } = await tabWithHeldScripts(browser());
    await page.goto("/register", { waitUntil: "domcontentloaded" });
    await page.getByLabel("First name").fill("Akua");
    await page.getByLabel("Last name").fill("Mensah");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Choose Your Interests" }).waitFor();
    await page.getByLabel("Travel").check();
    release();
    await waitForApp(page);
    // The box ticked before hydration stays ticked, and goes with the rest.
    expect(await page.getByLabel("Travel").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Personalize Your Feed" }).waitFor();
    await page.getByLabel("Cooking").check();
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("heading", { name: /Welcome (back|to VidScribe), Akua/ }).waitFor();
    const me = await (await context.request.get(`${baseUrl}/api/auth/user`)).json();
    expect(me).toMatchObject({ email, preferredCategories: ["Travel"], preferredTopics: ["Cooking"] });
    expect(problems).toEqual([]);
    await context.close();
  });
});
