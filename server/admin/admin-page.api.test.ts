import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionAnswer } from "../../contract/action-forms";
import { ADMIN_DASHBOARD_KEY, LAST_ADMIN_MESSAGE } from "../../contract/admin-query";
import { responseSchemaFor } from "../../contract/query-responses";
import { registerAdmin } from "../../test/admin";
import { createTestApp, type RegisteredUser, registerUser, type TestApp } from "../../test/app";
import { seedArticle, seedAuthor } from "../../test/factories";
import { formAnswerIn, postForm, recordingRenderer, renderedPage } from "../../test/form-posts";
import { users } from "../db/schema";

// The admin page as the server renders it (its preloaded lists and figures), and the role and
// type form posted without JavaScript (server/pages/action-posts.ts).

let t: TestApp;
let admin: RegisteredUser;
let reader: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({}, { pages: recordingRenderer });
  admin = await registerAdmin(t);
  reader = await registerUser(t.app, { firstName: "Kofi", lastName: "Formpost" });
});
afterAll(() => t?.close());

const page = async (url: string, cookie?: string) => {
  const response = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return renderedPage(response.body).queries;
};
const post = (fields: Array<[string, string]>, cookie?: string) => postForm(t.app, "/admin", fields, { cookie });
const roleOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

describe("the admin page's first HTML", () => {
  it("carries the figures and the page of articles or users its address asks for", async () => {
    const author = await seedAuthor(t.database, { firstName: "Yaa", lastName: "Preloaded" });
    const article = await seedArticle(t.database, author.id, { title: "Preloaded quokka report" });
    const articlesPage = await page("/admin?search=quokka", admin.cookie);
    const keys = articlesPage.map((q) => q.queryKey[0]);
    expect(keys).toContain(ADMIN_DASHBOARD_KEY[0]);
    const list = articlesPage.find((q) => q.queryKey[0] === "/api/admin/articles?search=quokka");
    expect((list?.data as Array<{ id: number }> | undefined)?.map((a) => a.id)).toEqual([article.id]);

    const usersPage = await page("/admin?tab=users&search=Preloaded&page=1", admin.cookie);
    const found = usersPage.find((q) => q.queryKey[0] === "/api/admin/users?search=Preloaded");
    expect((found?.data as { users: Array<{ id: string }> } | undefined)?.users.map((u) => u.id)).toEqual([author.id]);
    for (const query of [...articlesPage, ...usersPage]) {
      const schema = responseSchemaFor(query.queryKey);
      if (schema) expect(schema.safeParse(query.data).success, String(query.queryKey[0])).toBe(true);
    }
    // Bad values in the address fall back quietly; the page still renders.
    expect(await page("/admin?tab=users&page=-4&search=%25_", admin.cookie)).not.toHaveLength(0);
  });

  it("carries nothing of the kind for anyone else", async () => {
    for (const cookie of [undefined, reader.cookie]) {
      const keys = (await page("/admin?tab=users", cookie)).map((q) => String(q.queryKey[0]));
      expect(keys.filter((key) => key.startsWith("/api/admin"))).toEqual([]);
    }
  });
});

describe("the role and type form without JavaScript", () => {
  const change = (userId: string, role: string, userType: string, extra: Array<[string, string]> = []) =>
    [["intent", "update-user"], ["userId", userId], ["role", role], ["userType", userType], ...extra] as Array<
      [string, string]
    >;

  it("saves as the API does, then shows the same page of the list", async () => {
    const response = await post(
      change(reader.user.id, "user", "registered", [
        ["search", "Kofi"],
        ["page", "1"],
      ]),
      admin.cookie,
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(303);
    expect(response.headers.location).toBe("/admin?tab=users&search=Kofi");
    expect(await roleOf(reader.user.id)).toMatchObject({ role: "user", userType: "registered" });
  });

  it("refuses others with the page and a 403, bad input with a 400, and the last admin with a 409", async () => {
    const refused = await post(change(reader.user.id, "admin", "guest"), reader.cookie);
    expect(refused.statusCode).toBe(403);
    // The role check runs before the form is read, so the page cannot tell which form it was.
    expect(formAnswerIn<ActionAnswer>(refused.body, "action").error?.description).toMatch(/admin privileges/);
    expect((await roleOf(reader.user.id)).role).toBe("user");
    expect((await post(change(reader.user.id, "admin", "guest"))).statusCode).toBe(303); // signed out: to /login

    const bad = await post(change(reader.user.id, "owner", "guest"), admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(formAnswerIn<ActionAnswer>(bad.body, "action").error?.description).toMatch(/role must be one of/);
    expect((await post(change("nope", "user", "guest"), admin.cookie)).statusCode).toBe(400);

    const last = await post(change(admin.user.id, "user", "guest", [["search", "x"]]), admin.cookie);
    expect(last.statusCode).toBe(409);
    expect(renderedPage(last.body).url).toBe("/admin?tab=users&search=x");
    expect(formAnswerIn<ActionAnswer>(last.body, "action").error).toEqual({
      title: "Failed to update user",
      description: LAST_ADMIN_MESSAGE,
    });
    expect((await roleOf(admin.user.id)).role).toBe("admin");
  });
});
