import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANDLE_RESERVED, HANDLE_TAKEN } from "../../contract/authors";
import { feedQueryKey } from "../../contract/feed-query";
import { createTestApp, expectMessage, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { seedArticle, seedAuthor } from "../../test/factories";
import { formAnswerIn, postForm, recordingRenderer, renderedPage } from "../../test/form-posts";
import { handleRedirects, users } from "../db/schema";
import { type RenderedHead, renderHeadTags } from "../pages/head";

// Issue 19, authors: GET /api/authors/{handle}, the author filter of the feed, /u/{handle}, and
// handles chosen at sign-up and changed in Settings (the old one answering a 301).

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp({}, { pages: recordingRenderer });
  const registered = await registerUser(t.app, { email: `boss.${Date.now()}@example.com` });
  await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, registered.user.id));
  admin = registered;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const putProfile = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "PUT",
    url: "/api/user/profile",
    headers: { cookie, origin: TEST_ORIGIN },
    payload: { firstName: "Ama", lastName: "Mensah", preferredCategories: [], preferredTopics: [], ...payload },
  });

describe("GET /api/authors/{handle}", () => {
  it("answers the profile and totals, and the feed filters by the author's handle, newest first", async () => {
    const author = await seedAuthor(t.database, { handle: "esi-writes", bio: "I write about <b>bees</b>." });
    const other = await seedAuthor(t.database);
    const older = await seedArticle(t.database, author.id, { viewCount: 10, ratingCount: 2, ratingSum: 9 });
    const newer = await seedArticle(t.database, author.id, { viewCount: 5, ratingCount: 1, ratingSum: 3 });
    await seedArticle(t.database, other.id);

    const response = await get("/api/authors/esi-writes");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      handle: "esi-writes",
      firstName: author.firstName,
      lastName: author.lastName,
      profileImageUrl: null,
      bio: "I write about <b>bees</b>.",
      createdAt: author.createdAt.toISOString(),
      totals: { articles: 2, reads: 15, ratings: 3, avgRating: 4 },
    });
    // Typed in capitals, the same author.
    expect((await get("/api/authors/ESI-Writes")).json().handle).toBe("esi-writes");

    const list = await get("/api/articles?author=esi-writes");
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { id: number }) => a.id)).toEqual([newer.id, older.id]);
    expect(list.json()[0].authorHandle).toBe("esi-writes");
    expect(list.headers["x-has-more"]).toBe("false");
    expect((await get("/api/articles?author=nobody-here")).json()).toEqual([]);
  });

  it("is a 404 for an unknown or impossible handle, never a 500", async () => {
    expectMessage(await get("/api/authors/no-such-person"), 404, /handle/);
    expectMessage(await get(`/api/authors/${"x".repeat(150)}`), 404);
    expectMessage(await get("/api/authors/%F0%9F%90%9D"), 404);
    expectMessage(await get(`/api/authors/${"y".repeat(500)}`), 404);
    expectMessage(await get("/api/authors/a%00b"), 400);
  });

  it("is in the access matrix: the same answer signed out, as a user and as an admin", async () => {
    const user = await registerUser(t.app);
    await seedAuthor(t.database, { handle: "matrix-author" });
    const cells: Array<[url: string, signedOut: number, asUser: number, asAdmin: number]> = [
      ["/api/authors/matrix-author", 200, 200, 200],
      ["/api/authors/matrix-nobody", 404, 404, 404],
      ["/u/matrix-author", 200, 200, 200],
      ["/u/matrix-nobody", 404, 404, 404],
    ];
    for (const [url, ...expected] of cells) {
      const statuses: number[] = [];
      for (const cookie of [undefined, user.cookie, admin.cookie]) statuses.push((await get(url, cookie)).statusCode);
      expect(statuses, url).toEqual(expected);
    }
  });
});

describe("/u/{handle}", () => {
  it("preloads the author and their first page of articles, with a title naming them", async () => {
    const author = await seedAuthor(t.database, { handle: "kojo-page", firstName: "Kojo", lastName: "Page" });
    const article = await seedArticle(t.database, author.id, { title: "Kojo's article" });
    const response = await get("/u/kojo-page");
    expect(response.statusCode).toBe(200);
    const page = renderedPage(response.body);
    const profile = page.queries.find((q) => q.queryKey[0] === "/api/authors/kojo-page");
    expect(profile?.data).toMatchObject({ handle: "kojo-page", totals: { articles: 1 } });
    const key = feedQueryKey({ author: "kojo-page", sortBy: "latest", page: 1 });
    const feed = page.queries.find((q) => q.queryKey[0] === key[0]);
    expect((feed?.data as { articles: Array<{ id: number }> } | undefined)?.articles.map((a) => a.id)).toEqual([
      article.id,
    ]);
    const head = renderHeadTags((page as unknown as { head: RenderedHead }).head);
    expect(head).toContain("<title>Kojo Page (@kojo-page) | VidScribe</title>");
    expect(head).toContain('<link rel="canonical" href="http://localhost:5000/u/kojo-page" />');
  });

  it("is the 404 page for an unknown handle, and a 301 to lowercase for one typed in capitals", async () => {
    await seedAuthor(t.database, { handle: "capital-case" });
    expect((await get("/u/nobody-at-all")).statusCode).toBe(404);
    expect((await get("/u/%3Cscript%3E")).statusCode).toBe(404);
    const moved = await get("/u/Capital-Case?page=2");
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe("/u/capital-case?page=2");
  });
});

describe("a handle at sign-up", () => {
  const register = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: TEST_ORIGIN },
      payload: {
        email: `signup.${Math.random()}@example.com`,
        password: "s3cret-pass",
        firstName: "Adwoa",
        lastName: "Sarpong",
        preferredCategories: [],
        preferredTopics: [],
        ...payload,
      },
    });

  it("keeps a chosen handle (lowercased), or derives one from the name when none is given", async () => {
    const chosen = await register({ handle: "  Adwoa-Reads " });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().handle).toBe("adwoa-reads");
    const derived = await register({ handle: "" });
    expect(derived.statusCode).toBe(201);
    expect(derived.json().handle).toMatch(/^adwoa-sarpong/);
    expect((await register({})).json().handle).toMatch(/^adwoa-sarpong-/);
  });

  it("refuses a taken, reserved or malformed handle with a clear message", async () => {
    expect((await register({ handle: "adwoa-taken" })).statusCode).toBe(201);
    expect(expectMessage(await register({ handle: "ADWOA-TAKEN" }), 409)).toBe(HANDLE_TAKEN);
    expect(expectMessage(await register({ handle: "admin" }), 400)).toContain(HANDLE_RESERVED);
    for (const bad of ["ab", "-adwoa", "adwoa-", "adwoa_reads", "adwöa", "a".repeat(31), "has space"]) {
      expectMessage(await register({ handle: bad }), 400, /handle/i);
    }
    expectMessage(await register({ handle: 42 }), 400, /handle/i);
  });

  it("refuses a handle someone else left behind while it redirects", async () => {
    const leaver = await seedAuthor(t.database, { handle: "left-behind-2" });
    await t.database.db.insert(handleRedirects).values({ oldHandle: "left-behind", userId: leaver.id });
    expect(expectMessage(await register({ handle: "left-behind" }), 409)).toBe(HANDLE_TAKEN);
  });

  it("works as a form posted without JavaScript: a taken handle is said on the first step", async () => {
    await seedAuthor(t.database, { handle: "form-taken" });
    const fields: Array<[string, string]> = [
      ["step", "1"],
      ["firstName", "Esi"],
      ["lastName", "Form"],
      ["handle", "Form-Taken"],
      ["email", `form.${Date.now()}@example.com`],
      ["password", "s3cret-pass"],
    ];
    const taken = await postForm(t.app, "/register", fields);
    expect(taken.statusCode).toBe(409);
    const answer = formAnswerIn<{ step: number; error: { description: string }; values: { handle: string } }>(
      taken.body,
      "register",
    );
    expect(answer.step).toBe(1);
    expect(answer.error.description).toBe(HANDLE_TAKEN);
    expect(answer.values.handle).toBe("Form-Taken");

    // A free handle goes on; at the last step the account is made with it.
    const free = fields.map(([k, v]): [string, string] => [k, k === "handle" ? "Esi-Form" : v]);
    const step2 = await postForm(t.app, "/register", free);
    expect(step2.statusCode).toBe(200);
    const sealed = formAnswerIn<{ sealedPassword: string }>(step2.body, "register").sealedPassword;
    const last = await postForm(t.app, "/register", [
      ...free.filter(([k]) => k !== "step" && k !== "password"),
      ["step", "3"],
      ["sealedPassword", sealed],
    ]);
    expect(last.statusCode).toBe(303);
    const [row] = await t.database.db.select().from(users).where(eq(users.handle, "esi-form"));
    expect(row?.firstName).toBe("Esi");
  });
});

describe("a handle and bio changed in Settings", () => {
  it("saves them; the old handle answers a 301 to the new one, and may be taken back", async () => {
    const user = await registerUser(t.app, { handle: "before-change" });
    const saved = await putProfile(user.cookie, { handle: "After-Change", bio: "  Reader of <i>long</i> reads.  " });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ handle: "after-change", bio: "Reader of <i>long</i> reads." });

    const page = await get("/u/before-change");
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe("/u/after-change");
    const api = await get("/api/authors/before-change");
    expect(api.statusCode).toBe(301);
    expect(api.headers.location).toBe("/api/authors/after-change");
    expect((await get("/u/after-change")).statusCode).toBe(200);

    // Back to the first: its redirect goes, the second one redirects now.
    expect((await putProfile(user.cookie, { handle: "before-change" })).statusCode).toBe(200);
    expect((await get("/u/before-change")).statusCode).toBe(200);
    expect((await get("/u/after-change")).headers.location).toBe("/u/before-change");
    const rows = await t.database.db.select().from(handleRedirects).where(eq(handleRedirects.userId, user.user.id));
    expect(rows.map((r) => r.oldHandle)).toEqual(["after-change"]);

    // Leaving the handle out keeps it.
    const kept = await putProfile(user.cookie, { firstName: "Abena" });
    expect(kept.json()).toMatchObject({ handle: "before-change", firstName: "Abena" });
  });

  it("refuses a handle another user has or left behind, a reserved or malformed one, and a long bio", async () => {
    const owner = await registerUser(t.app, { handle: "owned-handle" });
    const other = await registerUser(t.app, { handle: "other-handle" });
    expect(expectMessage(await putProfile(other.cookie, { handle: "owned-handle" }), 409)).toBe(HANDLE_TAKEN);
    expect((await putProfile(owner.cookie, { handle: "owned-handle-2" })).statusCode).toBe(200);
    // owned-handle redirects to its owner now: nobody else may take it.
    expect(expectMessage(await putProfile(other.cookie, { handle: "owned-handle" }), 409)).toBe(HANDLE_TAKEN);
    expect(expectMessage(await putProfile(other.cookie, { handle: "settings" }), 400)).toContain(HANDLE_RESERVED);
    expectMessage(await putProfile(other.cookie, { handle: "no" }), 400, /handle/i);
    expectMessage(await putProfile(other.cookie, { handle: "bad--end-" }), 400, /handle/i);
    expectMessage(await putProfile(other.cookie, { bio: "b".repeat(301) }), 400, /Bio must be at most 300/);
    expect((await putProfile(other.cookie, { bio: "b".repeat(300) })).statusCode).toBe(200);
    expectMessage(await putProfile(other.cookie, { bio: 7 }), 400, /Bio/);
  });

  it("works as a form posted without JavaScript", async () => {
    const user = await registerUser(t.app, { handle: "form-settings" });
    await registerUser(t.app, { handle: "form-settings-taken" });
    const fields = (handle: string): Array<[string, string]> => [
      ["firstName", "Ama"],
      ["lastName", "Mensah"],
      ["handle", handle],
      ["bio", "Plain words."],
    ];
    const saved = await postForm(t.app, "/settings/profile", fields("Form-Settings-New"), { cookie: user.cookie });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe("/settings?profile=saved");
    expect((await get("/u/form-settings")).headers.location).toBe("/u/form-settings-new");

    const taken = await postForm(t.app, "/settings/profile", fields("form-settings-taken"), { cookie: user.cookie });
    expect(taken.statusCode).toBe(409);
    const answer = formAnswerIn<{ error: { description: string } }>(taken.body, "update-profile");
    expect(answer.error.description).toBe(HANDLE_TAKEN);
    const bad = await postForm(t.app, "/settings/profile", fields("x"), { cookie: user.cookie });
    expect(bad.statusCode).toBe(400);
  });
});
