import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responseSchemaFor } from "../../contract/query-responses";
import { ADMIN_EMAIL, registerAdmin } from "../../test/admin";
import { createTestApp, type RegisteredUser, registerUser, type TestApp } from "../../test/app";
import { seedArticle } from "../../test/factories";
import { recordingRenderer, renderedPage } from "../../test/form-posts";

// What the server's page loaders put in the first HTML is what the web's query function would
// have fetched: every preloaded query parses with its key's contract schema (contract/query-responses.ts).

let t: TestApp;
let owner: RegisteredUser;
let admin: RegisteredUser;
let slug: string;
let id: number;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { pages: recordingRenderer });
  owner = await registerUser(t.app);
  admin = await registerAdmin(t, { email: ADMIN_EMAIL });
  const article = await seedArticle(t.database, owner.user.id);
  ({ slug, id } = article);
  // A bookmark, so the bookmark check and lists hold something.
  await t.app.inject({
    method: "POST",
    url: `/api/bookmarks/${id}`,
    headers: { cookie: owner.cookie, origin: "http://localhost:5000" },
  });
});
afterAll(() => t?.close());

async function preloaded(url: string, cookie?: string) {
  const response = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
  return renderedPage(response.body).queries;
}

describe("the queries a page is rendered with", () => {
  it("parse with the contract's schema for their key, on every page that preloads", async () => {
    // The dev mailbox holds the verification mails of the sign-ups above.
    await t.app.mailer.settled();
    const mailId = (await t.app.mailer.mailbox?.list())?.[0]?.id ?? "";
    const pages: Array<[string, string | undefined]> = [
      ["/", owner.cookie],
      ["/?q=bridge&category=Technology&sortBy=popular", owner.cookie],
      [`/article/${slug}`, undefined],
      [`/article/${slug}`, owner.cookie],
      [`/article/${id}`, owner.cookie],
      ["/my-articles", owner.cookie],
      ["/admin", admin.cookie],
      [`/admin/mailbox?message=${mailId}`, admin.cookie],
      ["/admin?search=seeded&page=1", admin.cookie],
      ["/admin?tab=users&search=a", admin.cookie],
      ["/admin?tab=comments", admin.cookie],
      ["/subscription", owner.cookie],
      ["/settings", owner.cookie],
      ["/profile", owner.cookie],
      ["/login", undefined],
    ];
    const checkedKeys = new Set<string>();
    for (const [url, cookie] of pages) {
      for (const query of await preloaded(url, cookie)) {
        const schema = responseSchemaFor(query.queryKey);
        if (!schema) continue; // Cache-only keys (a form's answer) are never fetched.
        // Signed out, the user query is null: the web's query function answers a 401 so.
        if (query.data === null && query.queryKey[0] === "/api/auth/user") continue;
        const parsed = schema.safeParse(query.data);
        expect(parsed.success, `${url} ${JSON.stringify(query.queryKey)}: ${parsed.error?.message}`).toBe(true);
        checkedKeys.add(
          String(query.queryKey[0])
            .split("?")[0]
            .replace(/\/\d+\//g, "/{id}/")
            .replace(/\/[^/]+$/, (last) => (/\d/.test(last) || last.includes("-") ? "/{id}" : last)),
        );
      }
    }
    // Every kind of answer a page preloads was seen, so none escapes the check.
    expect([...checkedKeys].sort()).toEqual([
      "/api/admin/articles",
      "/api/admin/dashboard",
      "/api/admin/mailbox",
      "/api/admin/mailbox/{id}",
      "/api/admin/users",
      // The comment report queue: its hyphenated name reads as an id above.
      "/api/admin/{id}",
      "/api/articles",
      "/api/articles/featured",
      "/api/articles/slug/{id}",
      "/api/articles/{id}",
      "/api/articles/{id}/comments",
      "/api/articles/{id}/related",
      "/api/auth/user",
      "/api/bookmarks/check/{id}",
      "/api/stats",
      "/api/user/articles",
      "/api/user/limits",
      "/api/user/payments",
      "/api/user/subscription",
    ]);
  });
});
