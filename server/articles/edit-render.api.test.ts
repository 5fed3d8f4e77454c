import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArticleEvidence } from "../../contract/evidence";
import { MAX_CONTENT_LENGTH } from "../../contract/options";
import { createAppWithAdmin } from "../../test/admin";
import { type RegisteredUser, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { articleEvidence, seedArticle, setArticle } from "../../test/factories";
import { PATHOLOGICAL_MARKDOWN } from "../../test/pathological-markdown";
import { renderMarkdown } from "../content/render";
import { articles } from "../db/schema";
import { refreshEvidence } from "../generation/receipts/refresh";
import { type EditRenderInput, renderEdit } from "../generation/render-edit";
import { editRenderPool, RenderPoolBusyError, RenderTimeoutError } from "../generation/render-pool";
import { HttpError } from "../http/errors";
import { type EditRenderer, updateAnyArticle, updateOwnArticle } from "./manage";

/**
 * Issue 15, item 1: edits render on a worker thread (generation/render-pool.ts), so a costly body
 * does not stall everyone else's requests, and the stored columns are the same as ever.
 */
let t: TestApp;
let owner: RegisteredUser;
let admin: RegisteredUser;

beforeAll(async () => {
  ({ t, owner, admin } = await createAppWithAdmin());
});
afterAll(() => t?.close());

const evidence = articleEvidence({
  quotes: [
    { text: "We start small,", source: "transcript", start: 75, end: 77, speaker: "Ada" },
    { text: "and then we grow", source: "transcript", start: 80, end: 82, speaker: "Ada" },
  ],
});
const VIDEO_ID = "dQw4w9WgXcQ";

const put = (url: string, cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url, headers: { origin: TEST_ORIGIN, cookie }, payload });
const stored = async (id: number) => (await t.database.db.select().from(articles).where(eq(articles.id, id)))[0];

/** Renders in this thread, like the worker would, and calls `before` first with each input. */
function inProcessRenderer(before: (input: EditRenderInput) => Promise<void> | void = () => {}): EditRenderer & {
  inputs: EditRenderInput[];
} {
  const inputs: EditRenderInput[] = [];
  return {
    inputs,
    async run(input) {
      inputs.push(input);
      await before(input);
      return renderEdit(input);
    },
  };
}

describe("edits rendered on a worker", () => {
  it("store exactly the columns and receipts an in-process render gives, for the owner and an admin", async () => {
    const bodies = [
      `## The plan\n\nWe start small, then [jump](https://www.youtube.com/watch?v=${VIDEO_ID}&t=75s).\n\n> <b>quoted</b>`,
      PATHOLOGICAL_MARKDOWN["*_ mixed"](MAX_CONTENT_LENGTH),
    ];
    for (const content of bodies) {
      for (const [url, cookie, payload] of [
        ["/api/articles/", owner.cookie, { title: "Edited", content }],
        ["/api/admin/articles/", admin.cookie, { content }],
      ] as const) {
        const article = await seedArticle(t.database, owner.user.id, { evidence, youtubeVideoId: VIDEO_ID });
        const response = await put(`${url}${article.id}`, cookie, payload);
        expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
        const row = await stored(article.id);
        const expected = renderEdit({ markdown: content, receipts: { evidence, videoId: VIDEO_ID } });
        expect(row.contentHtml).toBe(renderMarkdown(content));
        expect(row.contentText).toBe(expected.text);
        expect(row.wordCount).toBe(expected.wordCount);
        expect(row.evidence).toEqual(refreshEvidence(evidence, content, VIDEO_ID));
      }
    }
  });

  it("leave /api/stats answering while a costly body renders", async () => {
    const article = await seedArticle(t.database, owner.user.id, { evidence });
    // The costliest whole edit of the corpus (scripts/bench/markdown-worst.ts).
    const content = PATHOLOGICAL_MARKDOWN.setext(MAX_CONTENT_LENGTH);
    expect((await t.app.inject({ url: "/api/stats" })).statusCode).toBe(200);
    const answered: string[] = [];
    const rendering = new Promise<void>((resolve) => {
      const stop = editRenderPool.onTaskStart(() => {
        stop();
        resolve();
      });
    });
    const edit = put(`/api/articles/${article.id}`, owner.cookie, { title: "Worst case", content }).then((response) => {
      answered.push("edit");
      return response;
    });
    // Rendered on the event loop, the edit would answer before anything else could start.
    await Promise.race([rendering, edit]);
    const stats = await t.app.inject({ url: "/api/stats" });
    answered.push("stats");
    expect(stats.statusCode).toBe(200);
    expect((await edit).statusCode).toBe(200);
    expect(answered).toEqual(["stats", "edit"]);
  });

  it("answer 422 for a body too costly to render and 503 with Retry-After while the workers are taken", async () => {
    const article = await seedArticle(t.database, owner.user.id, { title: "Original" });
    const refusing = (error: Error): EditRenderer => ({ run: () => Promise.reject(error) });
    const changes = { title: "Changed", content: "New text." };

    const slow = updateOwnArticle(
      t.database.db,
      owner.user.id,
      article.id,
      changes,
      refusing(new RenderTimeoutError("x")),
    );
    await expect(slow).rejects.toMatchObject({ statusCode: 422, message: expect.stringMatching(/too long to format/) });
    const busy = updateAnyArticle(t.database.db, article.id, changes, refusing(new RenderPoolBusyError("x")));
    await expect(busy).rejects.toBeInstanceOf(HttpError);
    await expect(busy).rejects.toMatchObject({ statusCode: 503, headers: { "retry-after": "5" } });

    const row = await stored(article.id);
    expect([row.title, row.contentMarkdown]).toEqual(["Original", article.contentMarkdown]);
  });

  it("do not render text sent for an article that is not the sender's", async () => {
    const article = await seedArticle(t.database, owner.user.id);
    const stranger = await registerUser(t.app);
    const renderer = inProcessRenderer();
    const result = await updateOwnArticle(
      t.database.db,
      stranger.user.id,
      article.id,
      { content: "Mine now." },
      renderer,
    );
    expect(result).toBeUndefined();
    expect(renderer.inputs).toEqual([]);
    expect((await stored(article.id)).contentMarkdown).toBe(article.contentMarkdown);
  });

  it("refresh the receipts again when another edit changed them while the text rendered", async () => {
    const article = await seedArticle(t.database, owner.user.id, { evidence, youtubeVideoId: VIDEO_ID });
    const changed: ArticleEvidence = { ...evidence, quotes: [evidence.quotes[1]], editedAfterCheck: true };
    const renderer = inProcessRenderer(async () => {
      if (renderer.inputs.length === 1) await setArticle(t.database, article.id, { evidence: changed });
    });
    const content = "## The plan\n\nWe start small, and then we grow.";
    expect(await updateOwnArticle(t.database.db, owner.user.id, article.id, { content }, renderer)).toEqual({
      id: article.id,
    });
    expect(renderer.inputs.map((input) => input.receipts?.evidence)).toEqual([evidence, changed]);
    expect((await stored(article.id)).evidence).toEqual(refreshEvidence(changed, content, VIDEO_ID));
  });
});
