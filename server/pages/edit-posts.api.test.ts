import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditArticleAnswer } from "../../contract/article-forms";
import { registerAdmin } from "../../test/admin";
import { createTestApp, registerUser, type TestApp } from "../../test/app";
import { seedArticle } from "../../test/factories";
import { formAnswerIn, postForm, recordingRenderer, renderedPage } from "../../test/form-posts";
import { articles } from "../db/schema";

// The Edit Article dialog (/my-articles) and the admin's edit form (/admin) posted as a browser
// without JavaScript posts them: url-encoded, the kept tags as ticked "tags" checkboxes and the
// tag box as "newTags". The renderer writes down the URL and queries it was handed.

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp({}, { pages: recordingRenderer });
  owner = await registerUser(t.app);
  other = await registerUser(t.app);
  admin = await registerAdmin(t);
});
afterAll(() => t?.close());

const post = (url: string, fields: Array<[string, string]>, cookie?: string) =>
  postForm(t.app, url, fields, { cookie });
const rendered = renderedPage;
const answerIn = (body: string) => formAnswerIn<EditArticleAnswer>(body, "edit-article");

const stored = async (id: number) => (await t.database.db.select().from(articles).where(eq(articles.id, id)))[0];

const ownerEdit = (id: number, overrides: Array<[string, string]> = []): Array<[string, string]> => [
  ["intent", "edit"],
  ["articleId", String(id)],
  ["title", "Edited without scripts"],
  ["content", "## A heading\n\nThe **new** body."],
  ["excerpt", "A new excerpt"],
  ["category", "Science"],
  ["style", "nyt"],
  ["tags", "kept"],
  ["newTags", "fresh, Kept ,  another"],
  ...overrides,
];

describe("editing an article without JavaScript", () => {
  it("opens the owner's dialog at /my-articles?edit={id} with the article in the page", async () => {
    const { id } = await seedArticle(t.database, owner.user.id as string);
    const page = await t.app.inject({ url: `/my-articles?edit=${id}`, headers: { cookie: owner.cookie } });
    expect(page.statusCode).toBe(200);
    const list = rendered(page.body).queries.find((q) => q.queryKey[0] === "/api/user/articles")?.data as Array<{
      id: number;
      contentMarkdown?: string;
    }>;
    expect(list.find((a) => a.id === id)?.contentMarkdown).toBeTruthy();
  });

  it("saves the owner's edit, tags kept plus the typed ones, and goes back to the list", async () => {
    const { id } = await seedArticle(t.database, owner.user.id as string, { tags: ["kept", "dropped"] });
    const response = await post("/my-articles", ownerEdit(id), owner.cookie);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(303);
    expect(response.headers.location).toBe("/my-articles");
    const row = await stored(id);
    expect(row).toMatchObject({ title: "Edited without scripts", excerpt: "A new excerpt", category: "Science" });
    expect(row?.style).toBe("nyt");
    expect(row?.tags).toEqual(["kept", "fresh", "another"]);
    expect(row?.contentHtml).toContain("<strong>new</strong>");
  });

  it("answers a refused edit with the dialog again: what was typed and the schema's sentence", async () => {
    const { id } = await seedArticle(t.database, owner.user.id as string, { title: "Original" });
    const fields = ownerEdit(id).map(([k, v]): [string, string] => [k, k === "title" ? "" : v]);
    const refused = await post("/my-articles", fields, owner.cookie);
    expect(refused.statusCode).toBe(400);
    expect(rendered(refused.body).url).toBe(`/my-articles?edit=${id}`);
    const answer = answerIn(refused.body);
    expect(answer?.articleId).toBe(id);
    expect(answer?.error.title).toBe("Failed to update article. Please try again.");
    expect(answer?.error.description.length).toBeGreaterThan(5);
    expect(answer?.values).toMatchObject({ title: "", excerpt: "A new excerpt", tags: ["kept", "fresh", "another"] });
    expect((await stored(id))?.title).toBe("Original");
  });

  it("lets only the owner edit through /my-articles and only admins through /admin", async () => {
    const { id } = await seedArticle(t.database, owner.user.id as string, { title: "Original" });
    const visitor = await post("/my-articles", ownerEdit(id));
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe("/login");
    const stranger = await post("/my-articles", ownerEdit(id), other.cookie);
    expect(stranger.statusCode).toBe(404);
    const byAdminAsOwner = await post("/my-articles", ownerEdit(id), admin.cookie);
    expect(byAdminAsOwner.statusCode).toBe(404);
    const notAdmin = await post("/admin", ownerEdit(id), owner.cookie);
    expect(notAdmin.statusCode).toBe(403);
    expect((await stored(id))?.title).toBe("Original");
  });

  it("saves the admin's edit (no tags in that form: they stay)", async () => {
    const { id } = await seedArticle(t.database, owner.user.id as string, { tags: ["one", "two"] });
    const page = await t.app.inject({ url: `/admin?edit=${id}`, headers: { cookie: admin.cookie } });
    expect(page.statusCode).toBe(200);
    const response = await post(
      "/admin",
      [
        ["intent", "edit"],
        ["articleId", String(id)],
        ["title", "Retitled by the admin"],
        ["excerpt", "Admin excerpt"],
        ["content", "Admin body."],
        ["category", "Technology"],
        ["style", "blog"],
      ],
      admin.cookie,
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(303);
    expect(response.headers.location).toBe("/admin");
    const row = await stored(id);
    expect(row).toMatchObject({ title: "Retitled by the admin", excerpt: "Admin excerpt" });
    expect(row?.tags).toEqual(["one", "two"]);

    const refused = await post(
      "/admin",
      [
        ["intent", "edit"],
        ["articleId", String(id)],
        ["style", "poem"],
      ],
      admin.cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(rendered(refused.body).url).toBe(`/admin?edit=${id}`);
    expect(answerIn(refused.body)?.values.style).toBe("poem");
  });

  it("answers bad input with a 4xx page, never a 500", async () => {
    const { id } = await seedArticle(t.database, owner.user.id as string);
    for (const fields of [
      ownerEdit(id, [["articleId", "x"]]).filter(([k, v]) => k !== "articleId" || v === "x"),
      ownerEdit(2 ** 31).map(([k, v]): [string, string] => [k, v]),
      ownerEdit(id).map(([k, v]): [string, string] => [k, k === "content" ? "x".repeat(50_001) : v]),
      ownerEdit(id).map(([k, v]): [string, string] => [k, k === "newTags" ? "t".repeat(200) : v]),
      ownerEdit(id).map(([k, v]): [string, string] => [k, k === "title" ? "a\u0000b" : v]),
    ]) {
      const response = await post("/my-articles", fields, owner.cookie);
      expect(response.statusCode, response.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers["content-type"]).toContain("text/html");
    }
  });
});
