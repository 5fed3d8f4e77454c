import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionAnswer } from "../../contract/action-forms";
import { USER_FOLLOWS_KEY } from "../../contract/follow-keys";
import { USER_FOLLOWS_PATH } from "../../contract/follows";
import { createTestApp, type RegisteredUser, registerUser, type TestApp } from "../../test/app";
import { seedArticle, seedAuthor } from "../../test/factories";
import { formAnswerIn, postForm, recordingRenderer, renderedPage } from "../../test/form-posts";

// Follow / Following without JavaScript (issue 19 item 3): the button is a form posted to the
// author's or topic's own page, and the page arrives knowing what the reader follows.

let t: TestApp;
let reader: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({}, { pages: recordingRenderer });
  reader = await registerUser(t.app, { preferredCategories: [], preferredTopics: [] });
});
afterAll(() => t?.close());

const follows = async () =>
  (await t.app.inject({ method: "GET", url: USER_FOLLOWS_PATH, headers: { cookie: reader.cookie } })).json();

describe("following without JavaScript", () => {
  it("follows and unfollows from an author's, a tag's and a category's page, then shows the page again", async () => {
    const author = await seedAuthor(t.database);
    await seedArticle(t.database, author.id, { tags: ["Street Food"], category: "Lifestyle" });
    const pages: Array<[string, string, string]> = [
      [`/u/${author.handle}`, "author", author.handle],
      ["/tag/street-food", "tag", "street-food"],
      ["/category/lifestyle", "category", "lifestyle"],
    ];
    for (const [page, type, target] of pages) {
      const followed = await postForm(
        t.app,
        page,
        [
          ["intent", "follow"],
          ["type", type],
          ["target", target],
        ],
        {
          cookie: reader.cookie,
        },
      );
      expect(followed.statusCode, followed.body).toBe(303);
      expect(followed.headers.location).toBe(page);
    }
    expect(await follows()).toMatchObject({
      authors: [{ handle: author.handle }],
      tags: [{ slug: "street-food" }],
      categories: [{ slug: "lifestyle", name: "Lifestyle" }],
    });

    // The page, signed in, carries the reader's follows for its button.
    const shown = await t.app.inject({ method: "GET", url: "/tag/street-food", headers: { cookie: reader.cookie } });
    const preloaded = renderedPage(shown.body).queries.find((q) => q.queryKey[0] === USER_FOLLOWS_KEY[0]);
    expect(preloaded?.data).toMatchObject({ tags: [{ slug: "street-food" }] });

    const stopped = await postForm(
      t.app,
      "/tag/street-food",
      [
        ["intent", "unfollow"],
        ["type", "tag"],
        ["target", "street-food"],
      ],
      { cookie: reader.cookie },
    );
    expect(stopped.statusCode).toBe(303);
    expect((await follows()).tags).toEqual([]);
  });

  it("shows the page again with the reason when a follow is refused, and sends visitors to sign in", async () => {
    const refused = await postForm(
      t.app,
      "/category/astrology",
      [
        ["intent", "follow"],
        ["type", "category"],
        ["target", "astrology"],
      ],
      { cookie: reader.cookie },
    );
    expect(refused.statusCode).toBe(404);
    const answer = formAnswerIn<ActionAnswer>(refused.body, "action");
    expect(answer.error?.description).toMatch(/no category/);

    const visitor = await postForm(t.app, "/tag/street-food", [
      ["intent", "follow"],
      ["type", "tag"],
      ["target", "x"],
    ]);
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe("/login");
  });
});
