import { describe, expect, it } from "vitest";
import { EMAIL_TAKEN } from "../contract/auth";
import {
  baseUrl,
  becomeAdmin,
  browserForTests,
  chromiumPath,
  expectToast,
  openTab,
  registerThroughWizard,
  signInOrRegister,
  uniqueEmail,
} from "./browser";
import { E2E_ADMIN_EMAIL } from "./global-setup";

describe.skipIf(!chromiumPath)("accounts in a real browser", () => {
  const browser = browserForTests();

  it("shows the landing page to visitors, with both calls to action leading to /register", async () => {
    const { page, problems, context } = await openTab(browser());
    await page.goto("/");
    expect(await page.title()).toContain("VidScribe");
    await expect(page.getByRole("link", { name: "Start Creating Articles" }).getAttribute("href")).resolves.toBe(
      "/register",
    );
    await expect(page.getByRole("link", { name: "Get Started for Free" }).getAttribute("href")).resolves.toBe(
      "/register",
    );
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole("link", { name: "Sign up for free" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("registers through all three steps, with the spec's checks and texts", async () => {
    const { page, problems, context } = await openTab(browser());
    const email = uniqueEmail();
    await page.goto("/register");
    await page.getByRole("heading", { name: "Create Your Account" }).waitFor();
    expect(await page.locator("[data-testid^='step-dot-'][data-active='true']").count()).toBe(1);

    await page.getByRole("button", { name: "Next" }).click();
    await expectToast(page, "Missing information", "Please fill in all required fields.");

    await page.getByLabel("First name").fill("Ama");
    await page.getByLabel("Last name").fill("Mensah");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Next" }).click();
    await expectToast(page, "Password too short", "Password must be at least 6 characters.");

    await page.getByLabel("Password").fill("s3cret-pass");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Choose Your Interests" }).waitFor();
    expect(await page.getByRole("checkbox").count()).toBe(12);
    await page.getByLabel("Technology").click();
    await page.getByLabel("Music").click();
    await page.getByRole("button", { name: "Next" }).click();

    await page.getByRole("heading", { name: "Personalize Your Feed" }).waitFor();
    expect(await page.getByRole("checkbox").count()).toBe(15);
    const list = page.getByTestId("topic-list");
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("240px");
    expect(await list.evaluate((el) => getComputedStyle(el).overflowY)).toBe("auto");
    await page.getByText("Technology", { exact: true }).waitFor();
    await page.getByText("Music", { exact: true }).waitFor();
    await page.getByLabel("Startups").click();

    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("heading", { name: "Choose Your Interests" }).waitFor();
    expect(await page.getByLabel("Technology").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Next" }).click();
    expect(await page.getByLabel("Startups").isChecked()).toBe(true);

    await page.getByRole("button", { name: "Complete Setup" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("heading", { name: "Welcome to VidScribe, Ama" }).waitFor();
    await expectToast(page, "Welcome to VidScribe!", "Your personalized blog feed is ready!");

    const me = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.json()));
    expect(me.preferredCategories).toEqual(["Technology", "Music"]);
    expect(me.preferredTopics).toEqual(["Startups"]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a signed-in user navigates, sees profile and settings, signs out and back in", async () => {
    const { page, problems, context } = await openTab(browser());
    const email = uniqueEmail();
    await registerThroughWizard(page, email);

    // Sign-in and sign-up are for visitors: signed in, both go home.
    for (const path of ["/login", "/register"]) {
      await page.goto(path);
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole("heading", { name: "Welcome to VidScribe, Ama" }).waitFor();
    }

    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "My Articles", "Subscription"]) await nav.getByRole("link", { name }).waitFor();
    expect(await nav.getByRole("link", { name: "Admin" }).count()).toBe(0);

    await page.getByRole("button", { name: "Open user menu" }).click();
    await page.getByRole("menu").getByText("Ama Mensah").waitFor();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await page.waitForURL(`${baseUrl}/settings`);
    await page.getByText("Account Information").waitFor();
    const info = page.locator("dl");
    await expect(info.textContent()).resolves.toContain("Ama Mensah");
    await expect(info.textContent()).resolves.toContain(email);
    await expect(info.textContent()).resolves.toContain("guest");
    await expect(info.textContent()).resolves.toMatch(/Articles Generated\s*0/);

    await page.goto("/profile");
    await page.getByText("Guest User").waitFor();
    await page.getByText(/Member since [A-Z][a-z]{2} \d{1,2}, \d{4}/).waitFor();
    expect(await page.getByTestId("articles-created").textContent()).toBe("0");
    expect(await page.getByTestId("articles-remaining").textContent()).toBe("3");
    await page.getByRole("link", { name: "View My Articles" }).waitFor();
    await page.getByRole("link", { name: "Upgrade Account" }).waitFor();

    await page.getByRole("button", { name: "Open user menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.getByRole("link", { name: "Get Started for Free" }).waitFor();

    // The address is taken: sign-up says so at step 1, in the register endpoint's words.
    await page.goto("/register");
    await page.getByLabel("First name").fill("Ama");
    await page.getByLabel("Last name").fill("Mensah");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByLabel("Password").fill("s3cret-pass");
    await page.getByRole("button", { name: "Next" }).click();
    await expectToast(page, "Registration failed", EMAIL_TAKEN);
    await page.getByRole("heading", { name: "Create Your Account" }).waitFor();

    await page.goto("/profile");
    await page.getByText("Access Denied").waitFor();
    await page.getByText("Please sign in to view your profile.").waitFor();

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Login failed", "Invalid email or password.");

    await page.getByLabel("Password").fill("s3cret-pass");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await expectToast(page, "Welcome back!", "You've been logged in successfully.");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("serves signed-in pages with the user already in the HTML", async () => {
    const { page, context } = await openTab(browser());
    await registerThroughWizard(page, uniqueEmail());
    const response = await page.request.get("/profile");
    const html = await response.text();
    expect(html).toContain("<title>Profile | VidScribe</title>");
    expect(html).toContain("Guest User");
    expect(html).toMatch(/<script id="__APP_DATA__" type="application\/json">/);
    await context.close();
  });

  it("answers an unknown path with the 404 page and status", async () => {
    const { page, context } = await openTab(browser());
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await context.close();
  });

  it("collapses the navigation into a menu on a phone, with Admin Dashboard for admins", async () => {
    const { page, problems, context } = await openTab(browser(), { width: 390, height: 844 });
    // The shared admin account may already exist (another journey made it): sign in or register.
    await signInOrRegister(page, E2E_ADMIN_EMAIL);
    // Signing up with an ADMIN_EMAILS address is not proof of owning it: the setup link is.
    await becomeAdmin(page);
    await page.goto("/");
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await mobile.getByRole("link", { name: "Admin Dashboard" }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });
});
