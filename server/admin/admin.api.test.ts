import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MAX_PAGE, ADMIN_PAGE_SIZE, LAST_ADMIN_MESSAGE } from "../../contract/admin-query";
import { GUEST_ARTICLE_LIMIT } from "../../contract/options";
import { registerAdmin } from "../../test/admin";
import { createTestApp, type RegisteredUser, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { articleValues, seedArticle, seedAuthor } from "../../test/factories";
import { presentLimits } from "../auth/presenter";
import { articles, payments, sessions, users } from "../db/schema";
import { startGeneration } from "../generation/repository";
import { dashboardSince } from "./service";

// No ADMIN_EMAILS: the setup link makes the first account that opens it admin (once), and the
// admin makes any others through the API under test.
let t: TestApp;
let admin: RegisteredUser;
let user: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerAdmin(t, { firstName: "Chief", lastName: "Admin" });
  user = await registerUser(t.app, { firstName: "Plain", lastName: "Reader" });
});
afterAll(() => t?.close());

const call = (method: "GET" | "PUT" | "DELETE", url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;
const setRole = (id: string, role: "user" | "admin") =>
  t.database.db.update(users).set({ role }).where(eq(users.id, id));
const DAY = 86_400_000;

const pin = (method: "PUT" | "DELETE", id: number | string, cookie?: string) =>
  t.app.inject({
    method,
    url: `/api/admin/articles/${id}/featured`,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });

describe("pinning the featured article", () => {
  it("is for admins only: 401 for visitors, 403 for other users, and nothing changes", async () => {
    const article = await seedArticle(t.database, (await seedAuthor(t.database)).id);
    expect((await pin("PUT", article.id)).statusCode).toBe(401);
    const refused = await pin("PUT", article.id, user.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/admin/);
    const featured = (await t.app.inject({ method: "GET", url: "/api/articles/featured" })).json();
    expect(featured.id).toBe(article.id); // the newest article, featured as the newest, not as a pin
  });

  it("makes the pinned article featured until unpinned", async () => {
    const author = await seedAuthor(t.database);
    const old = await seedArticle(t.database, author.id, { createdAt: new Date(Date.now() - 90 * DAY) });
    await seedArticle(t.database, author.id, { viewCount: 10_000, ratingAvg: 5, ratingCount: 50 });
    expect((await pin("PUT", old.id, admin.cookie)).json()).toEqual({ articleId: old.id, featured: true });
    expect((await t.app.inject({ method: "GET", url: "/api/articles/featured" })).json().id).toBe(old.id);
    expect((await pin("DELETE", old.id, admin.cookie)).json()).toEqual({ articleId: old.id, featured: false });
    expect((await t.app.inject({ method: "GET", url: "/api/articles/featured" })).json().id).not.toBe(old.id);
    expect((await pin("PUT", 999999, admin.cookie)).statusCode).toBe(404);
    expect((await pin("PUT", "abc", admin.cookie)).statusCode).toBe(400);
  });
});

describe("the admin access matrix", () => {
  it("answers 401 signed out, 403 to a user and 200 to an admin on every admin read and write", async () => {
    const target = await seedAuthor(t.database);
    const requests: Array<[method: "GET" | "PUT", url: string, body?: unknown]> = [
      ["GET", "/api/admin/users"],
      ["GET", "/api/admin/users?search=a&page=1"],
      ["PUT", `/api/admin/users/${target.id}`, { userType: "registered" }],
      ["GET", "/api/admin/dashboard"],
      ["GET", "/api/admin/articles?search=seeded&page=1"],
    ];
    for (const [method, url, body] of requests) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} signed out`).toBe(401);
      const refused = await call(method, url, user.cookie, body);
      expect(refused.statusCode, `${method} ${url} as a user`).toBe(403);
      expect(messageOf(refused)).toMatch(/admin/);
      const allowed = await call(method, url, admin.cookie, body);
      expect(allowed.statusCode, `${method} ${url} as an admin: ${allowed.body}`).toBe(200);
    }
    // A user's attempt changed nothing: the type above was set by the admin's call only.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row.userType).toBe("registered");
    expect(row.role).toBe("user");
  });

  it("checks the session before the body: a signed-out or non-admin PUT with junk is 401 or 403, not 400", async () => {
    expect((await call("PUT", "/api/admin/users/not-a-uuid", undefined, { role: 7 })).statusCode).toBe(401);
    expect((await call("PUT", "/api/admin/users/not-a-uuid", user.cookie, { role: 7 })).statusCode).toBe(403);
  });
});

describe("listing users", () => {
  it("shows name, email, role, type, plan, articles, joined and last seen, newest first", async () => {
    const author = await seedAuthor(t.database, {
      firstName: "Efua",
      lastName: "Listed",
      email: `efua.listed.${Date.now()}@example.com`,
      userType: "registered",
      subscriptionStatus: "active",
      subscriptionPlan: "monthly",
      subscriptionEndDate: new Date(Date.now() + 10 * DAY),
      articlesGenerated: 5,
    });
    await seedArticle(t.database, author.id);
    await seedArticle(t.database, author.id);
    const seen = new Date(Date.now() - 2 * DAY);
    await t.database.db.insert(sessions).values([
      {
        id: `s-old-${author.id}`,
        userId: author.id,
        lastSeenAt: new Date(Date.now() - 5 * DAY),
        expiresAt: new Date(Date.now() + DAY),
      },
      { id: `s-new-${author.id}`, userId: author.id, lastSeenAt: seen, expiresAt: new Date(Date.now() + DAY) },
    ]);
    const response = await call("GET", "/api/admin/users?search=efua", admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json();
    expect(list).toMatchObject({ page: 1, pageSize: ADMIN_PAGE_SIZE, total: 1 });
    expect(list.users[0]).toEqual({
      id: author.id,
      email: author.email,
      firstName: "Efua",
      lastName: "Listed",
      role: "user",
      userType: "registered",
      subscriptionStatus: "active",
      subscriptionPlan: "monthly",
      subscriptionEndDate: author.subscriptionEndDate?.toISOString(),
      articleCount: 2,
      articlesGenerated: 5,
      createdAt: author.createdAt.toISOString(),
      lastSeenAt: seen.toISOString(),
    });
    expect(JSON.stringify(list)).not.toContain("passwordHash");

    // Newest first; a user with no session on record was never seen.
    const all = (await call("GET", "/api/admin/users", admin.cookie)).json();
    expect(all.users[0].id).toBe(author.id);
    const created = all.users.map((u: { createdAt: string }) => u.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const never = await seedAuthor(t.database, { firstName: "Nobody", lastName: "Seen" });
    const nobody = (await call("GET", "/api/admin/users?search=Nobody%20Seen", admin.cookie)).json();
    expect(nobody.users.map((u: { id: string; lastSeenAt: null }) => [u.id, u.lastSeenAt])).toEqual([[never.id, null]]);
  });

  it("searches names and emails with % _ \\ and quotes taken literally, and pages by 20 with a total", async () => {
    const tag = `pg${Date.now()}`;
    for (let i = 0; i < 25; i++) {
      await seedAuthor(t.database, { firstName: `Page${i}`, lastName: tag, email: `${tag}.${i}@example.com` });
    }
    const odd = await seedAuthor(t.database, {
      firstName: "Per%cent_O'Neil\\",
      lastName: "Odd",
      email: `odd.${tag}@example.com`,
    });
    const first = (await call("GET", `/api/admin/users?search=${tag}`, admin.cookie)).json();
    expect(first.total).toBe(26); // the odd one's email holds the tag too
    expect(first.users).toHaveLength(ADMIN_PAGE_SIZE);
    const second = (await call("GET", `/api/admin/users?search=${tag}&page=2`, admin.cookie)).json();
    expect(second).toMatchObject({ page: 2, total: 26 });
    expect(second.users).toHaveLength(6);
    const ids = new Set([...first.users, ...second.users].map((u: { id: string }) => u.id));
    expect(ids.size).toBe(26);
    const beyond = (await call("GET", `/api/admin/users?search=${tag}&page=3`, admin.cookie)).json();
    expect(beyond).toMatchObject({ users: [], total: 26 });

    const search = async (text: string) =>
      (await call("GET", `/api/admin/users?search=${encodeURIComponent(text)}`, admin.cookie))
        .json()
        .users.map((u: { id: string }) => u.id);
    expect(await search("%cent_")).toEqual([odd.id]);
    expect(await search("O'Neil\\")).toEqual([odd.id]);
    // A wildcard is a character, not "anything": nobody else's name holds a literal % or _.
    expect(await search("%")).toEqual([odd.id]);
    expect(await search("_")).toEqual([odd.id]);
    expect(await search(`PAGE3 ${tag.toUpperCase()}`)).toHaveLength(1); // first and last name as one, any case
    expect(await search("'; drop table users; --")).toEqual([]);
    expect(await search(" ")).toContain(odd.id); // blank is no search
  });

  it("refuses bad queries with a 400 and a sentence", async () => {
    const bad: Array<[string, RegExp]> = [
      ["page=0", /page must be a whole number/],
      ["page=-1", /page must be a whole number/],
      ["page=1e9", /page must be a whole number/],
      ["page=abc", /page must be a whole number/],
      ["page=1.5", /page must be a whole number/],
      [`page=${ADMIN_MAX_PAGE + 1}`, /page must be a whole number/],
      ["page=1&page=2", /page must be a whole number/],
      [`search=${"x".repeat(201)}`, /at most 200/],
      ["search=a&search=b", /search must be text/],
      ["search=%00", /cannot be stored/],
      ["search=a%00b", /cannot be stored/],
    ];
    for (const path of ["/api/admin/users", "/api/admin/articles"]) {
      for (const [query, message] of bad) {
        const response = await call("GET", `${path}?${query}`, admin.cookie);
        expect(response.statusCode, `${path}?${query}: ${response.body}`).toBe(400);
        expect(messageOf(response)).toMatch(message);
      }
      expect((await call("GET", `${path}?page=${ADMIN_MAX_PAGE}`, admin.cookie)).statusCode).toBe(200);
      expect((await call("GET", `${path}?search=${"é".repeat(200)}`, admin.cookie)).statusCode).toBe(200);
    }
  });
});

describe("changing a user's role or type", () => {
  it("validates the body and the id", async () => {
    const target = await seedAuthor(t.database);
    const cases: Array<[string, unknown, number, RegExp]> = [
      [target.id, {}, 400, /role or a userType/],
      [target.id, { role: "owner" }, 400, /role must be one of: user, admin/],
      [target.id, { userType: "premium" }, 400, /userType must be one of: guest, registered/],
      [target.id, { role: null }, 400, /role must be one of/],
      [target.id, [], 400, /JSON object/],
      ["not-a-uuid", { role: "admin" }, 400, /id must be a user id/],
      ["00000000-0000-4000-8000-000000000000", { role: "admin" }, 404, /does not exist/],
    ];
    for (const [id, body, status, message] of cases) {
      const response = await call("PUT", `/api/admin/users/${id}`, admin.cookie, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(status);
      expect(messageOf(response)).toMatch(message);
    }
  });

  it("makes an admin whose new role works on their next request, and back", async () => {
    const promoted = await registerUser(t.app);
    expect((await call("GET", "/api/admin/users", promoted.cookie)).statusCode).toBe(403);
    const made = await call("PUT", `/api/admin/users/${promoted.user.id}`, admin.cookie, { role: "admin" });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ id: promoted.user.id, role: "admin" });
    // The same session, the next request: the new role already counts.
    expect((await call("GET", "/api/admin/users", promoted.cookie)).statusCode).toBe(200);
    expect((await call("GET", "/api/auth/user", promoted.cookie)).json().role).toBe("admin");

    const back = await call("PUT", `/api/admin/users/${promoted.user.id}`, admin.cookie, { role: "user" });
    expect(back.json().role).toBe("user");
    expect((await call("GET", "/api/admin/users", promoted.cookie)).statusCode).toBe(403);
  });

  it("sets the account type, even over an ended subscription", async () => {
    const lapsed = await seedAuthor(t.database, {
      userType: "guest",
      subscriptionStatus: "expired",
      subscriptionPlan: "monthly",
      subscriptionEndDate: new Date(Date.now() - DAY),
    });
    const response = await call("PUT", `/api/admin/users/${lapsed.id}`, admin.cookie, { userType: "registered" });
    expect(response.json()).toMatchObject({ userType: "registered", role: "user", subscriptionEndDate: null });
    const guest = await call("PUT", `/api/admin/users/${lapsed.id}`, admin.cookie, { userType: "guest" });
    expect(guest.json().userType).toBe("guest");
  });

  it("never removes the last admin, not even an admin demoting themself", async () => {
    const admins = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(admins.map((a) => a.id)).toEqual([admin.user.id]);
    const self = await call("PUT", `/api/admin/users/${admin.user.id}`, admin.cookie, { role: "user" });
    expect(self.statusCode).toBe(409);
    expect(messageOf(self)).toBe(LAST_ADMIN_MESSAGE);
    // Changing the last admin's type is fine; their role stays.
    const typed = await call("PUT", `/api/admin/users/${admin.user.id}`, admin.cookie, {
      role: "admin",
      userType: "guest",
    });
    expect(typed.json()).toMatchObject({ role: "admin", userType: "guest" });

    // With a second admin, one may go; then the other is the last again.
    const second = await registerUser(t.app);
    await call("PUT", `/api/admin/users/${second.user.id}`, admin.cookie, { role: "admin" });
    const left = await call("PUT", `/api/admin/users/${admin.user.id}`, second.cookie, { role: "user" });
    expect(left.statusCode, left.body).toBe(200);
    expect((await call("GET", "/api/admin/users", admin.cookie)).statusCode).toBe(403);
    const last = await call("PUT", `/api/admin/users/${second.user.id}`, second.cookie, { role: "user" });
    expect(last.statusCode).toBe(409);

    // Two admins demoting each other at once: one wins, the other is refused.
    await setRole(admin.user.id, "admin");
    const [a, b] = await Promise.all([
      call("PUT", `/api/admin/users/${second.user.id}`, admin.cookie, { role: "user" }),
      call("PUT", `/api/admin/users/${admin.user.id}`, second.cookie, { role: "user" }),
    ]);
    // The refused one is refused either as the last admin (409) or, when the other's demotion
    // landed before its request was checked, as no longer an admin at all (403).
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const remaining = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(remaining).toHaveLength(1);
    // Put things back for the tests after this one.
    await setRole(admin.user.id, "admin");
    await setRole(second.user.id, "user");
  });
});

describe("the article limit", () => {
  it("does not apply to admins, whatever their account type", async () => {
    const start = (userId: string, key: string) =>
      startGeneration(t.database.db, { userId, idempotencyKey: key, requestHash: key, request: {} as never });
    const guest = await seedAuthor(t.database, { userType: "guest", articlesGenerated: GUEST_ARTICLE_LIMIT });
    expect((await start(guest.id, "guest-1")).kind).toBe("limit");

    const guestAdmin = await seedAuthor(t.database, {
      role: "admin",
      userType: "guest",
      articlesGenerated: GUEST_ARTICLE_LIMIT + 5,
    });
    expect((await start(guestAdmin.id, "admin-1")).kind).toBe("started");
    expect((await start(guestAdmin.id, "admin-2")).kind).toBe("started");
    // What the create dialog is told agrees with what the server allows.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, guestAdmin.id));
    expect(presentLimits(row)).toEqual({ canCreate: true, remaining: null, isGuest: false });
    await setRole(guestAdmin.id, "user");
    expect((await start(guestAdmin.id, "admin-3")).kind).toBe("limit");
  });
});

describe("the admin article list", () => {
  it("searches titles, tags and authors literally, newest first, 20 a page", async () => {
    const author = await seedAuthor(t.database, { firstName: "Abena", lastName: `Pager${Date.now()}` });
    const word = `zebra${Date.now()}`;
    await t.database.db
      .insert(articles)
      .values(
        Array.from({ length: 23 }, (_, i) =>
          articleValues(author.id, { title: `${word} story ${i}`, createdAt: new Date(Date.now() - i * 60_000) }),
        ),
      );
    const odd = await seedArticle(t.database, author.id, { title: `100% sure_${word} it's fine` });
    const page1 = (await call("GET", `/api/admin/articles?search=${word}`, admin.cookie)).json();
    expect(page1).toHaveLength(ADMIN_PAGE_SIZE);
    expect(page1[0].id).toBe(odd.id);
    expect(page1[1].title).toBe(`${word} story 0`);
    expect(page1[0].contentMarkdown).toBeTruthy();
    const page2 = (await call("GET", `/api/admin/articles?search=${word.toUpperCase()}&page=2`, admin.cookie)).json();
    expect(page2).toHaveLength(4);
    expect(page2.at(-1).title).toBe(`${word} story 22`);
    const only = async (text: string) =>
      (await call("GET", `/api/admin/articles?search=${encodeURIComponent(text)}`, admin.cookie))
        .json()
        .map((a: { id: number }) => a.id);
    expect(await only(`100% sure_${word}`)).toEqual([odd.id]);
    expect(await only(`% sure_`)).toEqual([odd.id]);
    expect(await only("it's fine")).toEqual([odd.id]);
    expect(await only(`${word} x%`)).toEqual([]);
    // By the author's name too.
    expect(await only(author.lastName)).toHaveLength(ADMIN_PAGE_SIZE);
    const byAuthor = await call("GET", `/api/admin/articles?search=${author.lastName}&page=2`, admin.cookie);
    expect(byAuthor.json()).toHaveLength(24 - ADMIN_PAGE_SIZE);
    // No search: every article, newest first, one page.
    expect((await call("GET", "/api/admin/articles", admin.cookie)).json()).toHaveLength(ADMIN_PAGE_SIZE);
  });
});

describe("the dashboard", () => {
  it("counts sign-ups, articles and paying users per UTC day over the last 30 days", async () => {
    const before = (await call("GET", "/api/admin/dashboard", admin.cookie)).json();
    const now = new Date();
    const since = dashboardSince(now);
    expect(before.since).toBe(since.toISOString());
    expect(before.days).toHaveLength(30);
    expect(before.days[29].date).toBe(now.toISOString().slice(0, 10));

    // Known dates: 3 days ago (inside), 40 days ago (outside), and the first day's first minute.
    const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
    const dateOf = (d: Date) => d.toISOString().slice(0, 10);
    const inside = daysAgo(3);
    const outside = daysAgo(40);
    const edge = new Date(since.getTime() + 60_000);
    const joiners = [
      await seedAuthor(t.database, { createdAt: inside }),
      await seedAuthor(t.database, { createdAt: inside }),
      await seedAuthor(t.database, { createdAt: outside }),
      await seedAuthor(t.database, { createdAt: edge }),
    ];
    await seedArticle(t.database, joiners[0].id, { createdAt: inside });
    await seedArticle(t.database, joiners[0].id, { createdAt: outside });
    await seedArticle(t.database, joiners[1].id, { createdAt: edge });
    const payment = (userId: string, paidAt: Date, status: string, n: number) => ({
      userId,
      reference: `dash-${userId}-${n}`,
      plan: "monthly",
      amount: 200,
      status,
      provider: "sandbox",
      paidAt: status === "success" ? paidAt : null,
      createdAt: paidAt,
    });
    await t.database.db.insert(payments).values([
      payment(joiners[0].id, inside, "success", 1),
      payment(joiners[0].id, inside, "success", 2), // the same payer twice that day: one paying user
      payment(joiners[1].id, inside, "failed", 3),
      payment(joiners[2].id, outside, "success", 4),
      payment(joiners[3].id, daysAgo(1), "success", 5),
    ]);
    await t.database.db
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionEndDate: daysAgo(-20) })
      .where(eq(users.id, joiners[0].id));
    await t.database.db
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionEndDate: daysAgo(1) }) // ended yesterday
      .where(eq(users.id, joiners[2].id));

    const after = (await call("GET", "/api/admin/dashboard", admin.cookie)).json();
    const day = (body: typeof after, date: string) => body.days.find((d: { date: string }) => d.date === date);
    const diff = (date: string, key: "signUps" | "articles" | "payingUsers") =>
      day(after, date)[key] - day(before, date)[key];
    expect(diff(dateOf(inside), "signUps")).toBe(2);
    expect(diff(dateOf(inside), "articles")).toBe(1);
    expect(diff(dateOf(inside), "payingUsers")).toBe(1);
    expect(diff(dateOf(edge), "signUps")).toBe(1);
    expect(diff(dateOf(edge), "articles")).toBe(1);
    expect(diff(dateOf(daysAgo(1)), "payingUsers")).toBe(1);
    expect(after.totals.signUps - before.totals.signUps).toBe(3);
    expect(after.totals.articles - before.totals.articles).toBe(2);
    expect(after.totals.payingUsers - before.totals.payingUsers).toBe(2);
    expect(after.totals.activeSubscribers - before.totals.activeSubscribers).toBe(1);
    expect(after.totals.users - before.totals.users).toBe(4);
    expect(after.totals.admins).toBe(1);
    // The totals are the days' sums (the payers are distinct over the period instead).
    const sum = (key: "signUps" | "articles") =>
      after.days.reduce((n: number, d: Record<string, number>) => n + d[key], 0);
    expect(sum("signUps")).toBe(after.totals.signUps);
    expect(sum("articles")).toBe(after.totals.articles);
  });
});
