import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ActionAnswer } from "../../contract/action-forms";
import { registerAdmin } from "../../test/admin";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { seedArticle } from "../../test/factories";
import { type FakePaystack, startFakePaystack } from "../../test/fakes/paystack";
import { formAnswerIn, postForm, recordingRenderer, renderedPage } from "../../test/form-posts";
import { INITIALIZE_LIMIT } from "../payments/routes";

// The action buttons posted as a browser without JavaScript posts them: url-encoded, with our
// Origin. The renderer writes down the queries it was handed, so these tests read the answer
// (and the preloaded lists) the page would show.

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let reader: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp({}, { pages: recordingRenderer });
  owner = await registerUser(t.app);
  reader = await registerUser(t.app);
  admin = await registerAdmin(t);
});
afterAll(() => t?.close());

const post = (url: string, fields: Array<[string, string]>, cookie?: string, headers: Record<string, string> = {}) =>
  postForm(t.app, url, fields, { cookie, headers });

const queriesIn = (body: string) => renderedPage(body).queries;

type Answered = { statusCode: number; body: string; headers: Record<string, unknown> };

/** The action's answer in the page (an HTML page, never JSON). */
function answerIn(response: Answered): ActionAnswer {
  expect(response.headers["content-type"]).toContain("text/html");
  return formAnswerIn<ActionAnswer>(response.body, "action");
}

/** The problem the page shows. */
function problemIn(response: Answered) {
  const { error } = answerIn(response);
  if (!error) throw new Error("the page shows no problem");
  return error;
}

/** A delete as its confirmation form posts it. */
const confirmedDelete = (id: number | string): Array<[string, string]> => [
  ["intent", "delete"],
  ["articleId", String(id)],
  ["confirmed", "yes"],
];

const api = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} }).then((r) => ({
    status: r.statusCode,
    body: r.json(),
  }));

const newArticle = async (userId = owner.user.id as string) => (await seedArticle(t.database, userId)).id;

describe("Sign Out without JavaScript", () => {
  it("ends the session and goes home; signed out it is the same redirect", async () => {
    const someone = await registerUser(t.app);
    const response = await post("/logout", [], someone.cookie);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/");
    expect(response.cookies.find((c) => c.name === "sid")?.value).toBe("");
    expect((await api("/api/auth/user", someone.cookie)).status).toBe(401);
    expect((await post("/logout", [])).statusCode).toBe(303);
  });

  it("refuses a sign-out from another site with the plain answer, keeping the session", async () => {
    const someone = await registerUser(t.app);
    const cross = await post("/logout", [], someone.cookie, { origin: "https://evil.example" });
    expect(cross.statusCode).toBe(403);
    expect(cross.headers["content-type"]).toContain("application/json");
    expect((await api("/api/auth/user", someone.cookie)).status).toBe(200);
  });
});

describe("bookmarks and ratings on the article page", () => {
  it("saves and unsaves an article and comes back to the page it was posted from", async () => {
    const id = await newArticle();
    const check = async () => (await api(`/api/bookmarks/check/${id}`, reader.cookie)).body.isBookmarked;
    const saved = await post(
      `/article/${id}`,
      [
        ["intent", "bookmark"],
        ["articleId", String(id)],
      ],
      reader.cookie,
    );
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`/article/${id}`);
    expect(await check()).toBe(true);
    // The same form posted twice (a double click) is still one bookmark.
    await post(
      `/article/${id}`,
      [
        ["intent", "bookmark"],
        ["articleId", String(id)],
      ],
      reader.cookie,
    );
    expect((await api("/api/bookmarks", reader.cookie)).body.filter((a: { id: number }) => a.id === id)).toHaveLength(
      1,
    );
    const unsaved = await post(
      "/article/a-slug",
      [
        ["intent", "unbookmark"],
        ["articleId", String(id)],
      ],
      reader.cookie,
    );
    expect(unsaved.statusCode).toBe(303);
    expect(unsaved.headers.location).toBe("/article/a-slug");
    expect(await check()).toBe(false);
  });

  it("rates as the API does: another reader's rating counts, a second replaces it, the author's is refused", async () => {
    const id = await newArticle();
    const rate = (rating: string, cookie: string) =>
      post(
        `/article/${id}`,
        [
          ["intent", "rate"],
          ["articleId", String(id)],
          ["rating", rating],
        ],
        cookie,
      );
    expect((await rate("2", reader.cookie)).statusCode).toBe(303);
    expect((await rate("5", reader.cookie)).headers.location).toBe(`/article/${id}`);
    const article = (await api(`/api/articles/${id}`, reader.cookie)).body;
    expect(article).toMatchObject({ avgRating: 5, ratingCount: 1, userRating: 5 });

    const own = await rate("4", owner.cookie);
    expect(own.statusCode).toBe(403);
    expect(problemIn(own)).toEqual({
      title: "Failed to submit rating",
      description: "You can't rate your own article.",
    });

    for (const bad of ["0", "6", "4.5", "", "abc", "-1"]) {
      const response = await rate(bad, reader.cookie);
      expect(response.statusCode, bad).toBe(400);
      expect(problemIn(response).description).toBe("rating must be a whole number from 1 to 5");
    }
  });

  it("answers a missing article with the page again (404), never JSON", async () => {
    const response = await post(
      "/article/999999",
      [
        ["intent", "bookmark"],
        ["articleId", "999999"],
      ],
      reader.cookie,
    );
    expect(response.statusCode).toBe(404);
    expect(problemIn(response)).toEqual({
      title: "Failed to bookmark article",
      description: "The article you're looking for doesn't exist or has been removed.",
    });
  });
});

describe("who may do what", () => {
  it("sends a signed-out visitor to sign in, changing nothing", async () => {
    const id = await newArticle();
    const forms: Array<[string, Array<[string, string]>]> = [
      [
        `/article/${id}`,
        [
          ["intent", "rate"],
          ["articleId", String(id)],
          ["rating", "3"],
        ],
      ],
      ["/my-articles", confirmedDelete(id)],
      ["/admin", confirmedDelete(id)],
      [
        "/subscription",
        [
          ["intent", "subscribe"],
          ["plan", "monthly"],
        ],
      ],
    ];
    for (const [url, fields] of forms) {
      for (const cookie of [undefined, "sid=forged.garbage"]) {
        const response = await post(url, fields, cookie);
        expect(response.statusCode, url).toBe(303);
        expect(response.headers.location).toBe("/login");
      }
    }
    expect((await api(`/api/articles/${id}`)).body).toMatchObject({ ratingCount: 0 });
  });

  it("lets only the owner delete from /my-articles; another user's article is not found", async () => {
    const id = await newArticle();
    const fields = confirmedDelete(id);
    for (const someoneElse of [reader.cookie, admin.cookie]) {
      const refused = await post("/my-articles", fields, someoneElse);
      expect(refused.statusCode).toBe(404);
      expect(problemIn(refused).title).toBe("Failed to delete article");
    }
    expect((await api(`/api/articles/${id}`)).status).toBe(200);
    const done = await post("/my-articles", fields, owner.cookie);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/my-articles");
    expect((await api(`/api/articles/${id}`)).status).toBe(404);
    // Gone already: the page again, with why.
    expect((await post("/my-articles", fields, owner.cookie)).statusCode).toBe(404);
  });

  it("lets only an admin delete from /admin: anyone else gets the page with a 403", async () => {
    const id = await newArticle();
    const fields = confirmedDelete(id);
    for (const notAdmin of [owner.cookie, reader.cookie]) {
      const refused = await post("/admin", fields, notAdmin);
      expect(refused.statusCode).toBe(403);
      expect(problemIn(refused)).toEqual({
        title: "Failed to delete article",
        description: "You need admin privileges to do that.",
      });
    }
    expect((await api(`/api/articles/${id}`)).status).toBe(200);
    const done = await post("/admin", fields, admin.cookie);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/admin");
    expect((await api(`/api/articles/${id}`)).status).toBe(404);
    expect((await post("/admin", fields, admin.cookie)).statusCode).toBe(404);
  });

  it("refuses every action from another site with the plain JSON answer", async () => {
    const id = await newArticle();
    for (const url of [`/article/${id}`, "/my-articles", "/admin", "/subscription"]) {
      const response = await post(url, [["intent", "delete"]], admin.cookie, { origin: "https://evil.example" });
      expect(response.statusCode, url).toBe(403);
      expect(response.headers["content-type"]).toContain("application/json");
    }
    expect((await api(`/api/articles/${id}`)).status).toBe(200);
  });
});

describe("deleting without JavaScript asks first, as the page's dialog does", () => {
  it("answers an unconfirmed delete with the page and the spec's question, deleting nothing", async () => {
    const id = await newArticle();
    const title = (await api(`/api/articles/${id}`)).body.title as string;
    const own = await post(
      "/my-articles",
      [
        ["intent", "delete"],
        ["articleId", String(id)],
      ],
      owner.cookie,
    );
    expect(own.statusCode).toBe(200);
    expect(answerIn(own).confirm).toEqual({
      question: `Are you sure you want to delete "${title}"? This action cannot be undone.`,
      action: "/my-articles",
      articleId: id,
    });
    const byAdmin = await post(
      "/admin",
      [
        ["intent", "delete"],
        ["articleId", String(id)],
      ],
      admin.cookie,
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(answerIn(byAdmin).confirm).toEqual({
      question: "Are you sure you want to delete this article? This action cannot be undone.",
      action: "/admin",
      articleId: id,
    });
    expect((await api(`/api/articles/${id}`)).status).toBe(200);
    // Another user's article is not found at the question either, and nothing of it is shown.
    const other = await post(
      "/my-articles",
      [
        ["intent", "delete"],
        ["articleId", String(id)],
      ],
      reader.cookie,
    );
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(title);
    // Anything but "yes" is not a confirmation.
    const unsure = await post("/admin", [...confirmedDelete(id).slice(0, 2), ["confirmed", "no"]], admin.cookie);
    expect(answerIn(unsure).confirm?.articleId).toBe(id);
    expect((await api(`/api/articles/${id}`)).status).toBe(200);
  });
});

describe("bad input is a 4xx page", () => {
  it("refuses unknown intents, NUL characters, ids out of range and unreadable bodies", async () => {
    const id = await newArticle();
    const cases: Array<[string, Array<[string, string]>, number, RegExp]> = [
      ["/my-articles", [["articleId", String(id)]], 400, /action this page does not have/],
      [
        "/my-articles",
        [
          ["intent", "rate"],
          ["articleId", String(id)],
        ],
        400,
        /action this page does not have/,
      ],
      [
        `/article/${id}`,
        [
          ["intent", "delete"],
          ["articleId", String(id)],
        ],
        400,
        /action this page does not have/,
      ],
      ["/my-articles", confirmedDelete(`${id}\u0000`), 400, /cannot be stored/],
      [
        "/admin",
        [
          ["intent", "delete\u0000"],
          ["articleId", String(id)],
        ],
        400,
        /cannot be stored/,
      ],
      [
        `/article/${id}`,
        [
          ["intent", "bookmark"],
          ["articleId", "2147483648"],
        ],
        400,
        /articleId must be an article id/,
      ],
      ["/admin", confirmedDelete("99999999999999999999"), 400, /articleId must be an article id/],
      ["/my-articles", confirmedDelete("0"), 400, /articleId must be an article id/],
      ["/admin", confirmedDelete("2147483648"), 400, /articleId must be an article id/],
      [
        "/subscription",
        [
          ["intent", "subscribe"],
          ["plan", "weekly"],
        ],
        400,
        /Plan must be monthly or yearly/,
      ],
      [
        "/article/%00",
        [
          ["intent", "bookmark"],
          ["articleId", String(id)],
        ],
        400,
        /cannot be stored/,
      ],
    ];
    for (const [url, fields, status, message] of cases) {
      const response = await post(url, fields, admin.cookie);
      expect(response.statusCode, `${url} ${JSON.stringify(fields)}`).toBe(status);
      expect(problemIn(response).description).toMatch(message);
    }
    const json = await t.app.inject({
      method: "POST",
      url: "/admin",
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      payload: { intent: "delete", articleId: id, confirmed: "yes" },
    });
    expect(json.statusCode).toBe(400);
    expect(json.headers["content-type"]).toContain("text/html");
    const huge = await post("/my-articles", [["intent", "x".repeat(40_000)]], owner.cookie);
    expect(huge.statusCode).toBe(413);
    expect(huge.headers["content-type"]).toContain("text/html");
    expect((await api(`/api/articles/${id}`)).status).toBe(200);
  });
});

describe("the pages holding the buttons arrive with their lists", () => {
  it("preloads the user's own articles, the admin's list (admins only) and the subscription", async () => {
    const id = await newArticle();
    const keys = async (url: string, cookie: string) =>
      queriesIn((await t.app.inject({ method: "GET", url, headers: { cookie } })).body);
    const ids = (queries: ReturnType<typeof queriesIn>, key: string) =>
      ((queries.find((q) => q.queryKey[0] === key)?.data ?? []) as Array<{ id: number }>).map((a) => a.id);
    expect(ids(await keys("/my-articles", owner.cookie), "/api/user/articles")).toContain(id);
    const saved = await keys("/my-articles?tab=saved", owner.cookie);
    expect(saved.find((q) => q.queryKey[0] === "/api/bookmarks")?.data).toEqual([]);
    expect(ids(await keys("/admin", admin.cookie), "/api/admin/articles")).toContain(id);
    expect((await keys("/admin", reader.cookie)).some((q) => q.queryKey[0] === "/api/admin/articles")).toBe(false);
    const subscription = await keys("/subscription", reader.cookie);
    expect(subscription.find((q) => q.queryKey[0] === "/api/user/subscription")?.data).toMatchObject({
      subscriptionStatus: expect.any(String),
    });
    expect(subscription.find((q) => q.queryKey[0] === "/api/user/payments")?.data).toEqual([]);
  });
});

describe("Subscribe without JavaScript", () => {
  const subscribe = (plan: string, cookie: string, app = t.app) =>
    postForm(
      app,
      "/subscription",
      [
        ["intent", "subscribe"],
        ["plan", plan],
      ],
      { cookie },
    );

  it("redirects to the sandbox checkout, which is this site's own page", async () => {
    const someone = await registerUser(t.app);
    const response = await subscribe("yearly", someone.cookie);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(new RegExp(`^${TEST_ORIGIN}/payments/sandbox/vs_`));
    const history = (await api("/api/user/payments", someone.cookie)).body;
    expect(history).toMatchObject([{ plan: "yearly", status: "pending" }]);
  });

  describe("with Paystack", () => {
    let fake: FakePaystack;
    let paid: TestApp;
    beforeAll(async () => {
      fake = await startFakePaystack();
      paid = await createTestApp(
        { PAYMENTS: "paystack", PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url },
        { pages: recordingRenderer, database: t.database },
      );
    });
    afterAll(async () => {
      await paid?.close();
      await fake?.close();
    });
    beforeEach(() => fake.reset());

    it("answers with a page that takes the browser to Paystack's checkout (the CSP refuses a redirect there)", async () => {
      const someone = await registerUser(paid.app);
      const response = await subscribe("monthly", someone.cookie, paid.app);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      // The fake's hosted checkout, another origin than the app's, as Paystack's is.
      const checkout = `${fake.url}/checkout/`.replace(/[.:/]/g, (c) => `\\${c}`);
      expect(response.body).toMatch(new RegExp(`<meta http-equiv="refresh" content="0;url=${checkout}[^"]+">`));
      expect(response.body).toMatch(new RegExp(`<a href="${checkout}[^"]+">Continue to payment</a>`));
      expect(fake.count("initialize")).toBe(1);
    });

    it("shows Paystack's refusal as the page with 'Payment Error'", async () => {
      const someone = await registerUser(paid.app);
      fake.fail("initialize", { type: "error", status: 400, message: "Merchant account suspended" });
      const response = await subscribe("monthly", someone.cookie, paid.app);
      expect(response.statusCode).toBe(502);
      expect(problemIn(response).title).toBe("Payment Error");
    });

    it("shares the API's allowance of checkouts: past it, the page says to wait (429)", async () => {
      const someone = await registerUser(paid.app);
      for (let i = 0; i < INITIALIZE_LIMIT.max; i++) {
        const started = await paid.app.inject({
          method: "POST",
          url: "/api/payments/initialize",
          headers: { origin: TEST_ORIGIN, cookie: someone.cookie },
          payload: { plan: "monthly" },
        });
        expect(started.statusCode).toBe(200);
      }
      const response = await subscribe("monthly", someone.cookie, paid.app);
      expect(response.statusCode).toBe(429);
      expect(problemIn(response).description).toMatch(/Too many payment attempts/);
    });
  });
});
