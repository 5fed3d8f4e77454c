import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleEvidence } from "../../contract/evidence";
import { CREATE_CATEGORIES, GUEST_LIMIT_MESSAGE, LENGTH_WORDS, TONES } from "../../contract/options";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { FIXTURES } from "../../test/fixtures";
import { countWords } from "../content/text";
import { articles, generations, users } from "../db/schema";
import { refreshEvidence } from "./receipts/refresh";
import type { VideoSource } from "./types";
import { BUNDLED_FIXTURES_DIR, createFixtureVideoSource } from "./video/fixtures";

// Counts what reaches the video source, to prove the per-video cache works.
const fetched: string[] = [];
const base = createFixtureVideoSource(BUNDLED_FIXTURES_DIR);
const countingSource: VideoSource = {
  name: "counting-fixtures",
  fetchVideo: (id) => {
    fetched.push(id);
    return base.fetchVideo(id);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { generation: { videos: countingSource } });
});
afterAll(() => t?.close());

const create = (cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/articles",
    headers: { origin: TEST_ORIGIN, cookie, ...headers },
    payload: payload as Record<string, unknown>,
  });

const limitsOf = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/user/limits", headers: { cookie } })).json();

describe("POST /api/articles", () => {
  it("asks visitors to sign in, whatever they send", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/articles", headers: { origin: TEST_ORIGIN } });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/sign in/i);
  });

  it("writes an article from a video and answers it with every field", async () => {
    const { cookie } = await registerUser(t.app);
    const id = FIXTURES.rich();
    const response = await create(cookie, { youtubeUrl: `https://www.youtube.com/watch?v=${id}` });
    expect(response.statusCode, response.body).toBe(201);
    const article = response.json();
    expect(article).toMatchObject({
      style: "blog",
      length: "medium",
      tone: "informative",
      youtubeVideoId: id,
      youtubeUrl: `https://www.youtube.com/watch?v=${id}`,
      transcriptUsed: true,
      viewCount: 0,
      views: 0,
      avgRating: 0,
      ratingCount: 0,
      user: { firstName: "Ama", lastName: "Mensah" },
    });
    expect(CREATE_CATEGORIES).toContain(article.category);
    expect(article.title.length).toBeGreaterThan(5);
    expect(article.slug).toMatch(/^[a-z0-9-]+$/);
    expect(article.excerpt.length).toBeGreaterThan(10);
    expect(article.tags.length).toBeGreaterThanOrEqual(3);
    expect(article.tags.length).toBeLessThanOrEqual(8);
    expect(article.content).toMatch(/<h2|<p/);
    expect(article.content).not.toMatch(/<script/i);
    const words = countWords(article.contentMarkdown);
    expect(words).toBeGreaterThanOrEqual(LENGTH_WORDS.medium.min);
    expect(words).toBeLessThanOrEqual(LENGTH_WORDS.medium.max);
    expect(article.wordCount).toBe(words);
    // Sections and quotes link to their moment in the video.
    expect(article.contentMarkdown).toMatch(new RegExp(`watch\\?v=${id}&t=\\d+s`));

    expect(await limitsOf(cookie)).toEqual({ canCreate: true, remaining: 2, isGuest: true });
    const byId = await t.app.inject({ method: "GET", url: `/api/articles/${article.id}` });
    expect(byId.json().title).toBe(article.title);
    const bySlug = await t.app.inject({ method: "GET", url: `/api/articles/slug/${article.slug}` });
    expect(bySlug.json().id).toBe(article.id);
    expect(bySlug.json().contentMarkdown).toBeUndefined();
    const mine = await t.app.inject({ method: "GET", url: "/api/user/articles", headers: { cookie } });
    expect(mine.json().map((a: { id: number }) => a.id)).toEqual([article.id]);
  });

  it("keeps the receipts: the create answer and the article carry them, feed cards do not", async () => {
    const { cookie } = await registerUser(t.app);
    const id = FIXTURES.rich();
    const response = await create(cookie, { youtubeUrl: `https://youtu.be/${id}`, length: "short" });
    expect(response.statusCode, response.body).toBe(201);
    const article = response.json();
    const evidence = articleEvidence.parse(article.evidence);
    expect(evidence).toMatchObject({ checkedAgainst: "transcript", timed: true, editedAfterCheck: false });
    expect(evidence.moments).toBeGreaterThan(0);
    // What the check vouches for is in the text as stored: refreshing the receipts against the
    // unchanged text (what an edit does) keeps every quote, section and moment.
    expect(refreshEvidence(evidence, article.contentMarkdown, id)).toEqual({ ...evidence, editedAfterCheck: true });

    const byId = await t.app.inject({ method: "GET", url: `/api/articles/${article.id}` });
    expect(byId.json().evidence).toEqual(evidence);
    const feed = (await t.app.inject({ method: "GET", url: "/api/articles" })).json() as Record<string, unknown>[];
    const card = feed.find((c) => c.id === article.id);
    expect(card).toBeDefined();
    expect(card).not.toHaveProperty("evidence");
  });

  it.each([
    (id: string) => `https://youtu.be/${id}?si=abc123`,
    (id: string) => `https://m.youtube.com/watch?feature=share&v=${id}&t=42s`,
    (id: string) => `https://www.youtube.com/shorts/${id}`,
    (id: string) => `https://music.youtube.com/watch?v=${id}&list=RDAMVM`,
    (id: string) => `https://www.youtube.com/embed/${id}`,
    (id: string) => `https://www.youtube.com/live/${id}?feature=shared`,
    (id: string) => `  ${id}  `,
  ])("accepts the link form %#", async (form) => {
    const { cookie } = await registerUser(t.app);
    const id = FIXTURES.short();
    const response = await create(cookie, { youtubeUrl: form(id), length: "short" });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().youtubeVideoId).toBe(id);
  });

  it.each([
    [{ youtubeUrl: "" }, /valid YouTube URL/],
    [{}, /valid YouTube URL/],
    [{ youtubeUrl: "https://vimeo.com/123456" }, /valid YouTube URL/],
    [{ youtubeUrl: "https://www.youtube.com/channel/UC123" }, /valid YouTube URL/],
    [{ youtubeUrl: "javascript:alert(1)" }, /valid YouTube URL/],
    [{ youtubeUrl: 42 }, /valid YouTube URL/],
    [{ youtubeUrl: "dQw4w9WgXcQ", style: "poem" }, /style must be one of/],
    [{ youtubeUrl: "dQw4w9WgXcQ", length: "epic" }, /length must be one of/],
    [{ youtubeUrl: "dQw4w9WgXcQ", tone: "angry" }, /tone must be one of/],
    [{ youtubeUrl: "dQw4w9WgXcQ", includeComments: "yes" }, /includeComments/],
    [{ youtubeUrl: "dQw4w9WgXcQ", category: "Cooking" }, /category must be one of/],
    [{ youtubeUrl: "dQw4w9WgXcQ", style: "custom" }, /reference articles/],
    [{ youtubeUrl: "dQw4w9WgXcQ", style: "custom", referenceArticles: ["a", "b", "c", "d"] }, /at most 3/],
    [{ youtubeUrl: "dQw4w9WgXcQ", transcript: 12 }, /transcript must be text/],
    [{ youtubeUrl: "dQw4w9WgXcQ", language: "klingon" }, /language must be one of: en, es, fr, de, pt/],
    [{ youtubeUrl: "dQw4w9WgXcQ", language: 3 }, /language must be one of/],
  ])("refuses %j with 400 and a message", async (payload, message) => {
    const { cookie } = await registerUser(t.app);
    const response = await create(cookie, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await limitsOf(cookie)).toMatchObject({ remaining: 3 });
  });

  it.each([
    ["private", () => FIXTURES.private(), /private/],
    ["removed", () => FIXTURES.removed(), /removed/],
    ["missing", () => "NoSuchVideo", /No video exists/],
  ])("answers 422 for a %s video and keeps the allowance", async (_kind, id, message) => {
    const { cookie } = await registerUser(t.app);
    const response = await create(cookie, { youtubeUrl: `https://youtu.be/${id()}` });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toMatch(message);
    expect(await limitsOf(cookie)).toEqual({ canCreate: true, remaining: 3, isGuest: true });
  });

  it("takes a language, keeps it with the request, and notes that the offline writer does not translate", async () => {
    const { cookie } = await registerUser(t.app);
    const response = await create(cookie, { youtubeUrl: `https://youtu.be/${FIXTURES.rich()}`, language: "fr" });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().note).toMatch(/^Written in English, the video's language: .*articles in French\.$/);
    const [row] = await t.database.db.select().from(generations).where(eq(generations.articleId, response.json().id));
    expect(row.request).toMatchObject({ language: "fr" });
  });

  it("writes from metadata, description and comments when there are no captions", async () => {
    const { cookie } = await registerUser(t.app);
    const response = await create(cookie, { youtubeUrl: FIXTURES.noCaptions(), length: "short" });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().transcriptUsed).toBe(false);
    expect(response.json().content.length).toBeGreaterThan(200);
  });

  it("uses a pasted transcript instead of the video's, with its timings", async () => {
    const { cookie } = await registerUser(t.app);
    const srt = Array.from({ length: 60 }, (_, i) => {
      const s = i * 5;
      const stamp = (x: number) =>
        `00:${String(Math.floor(x / 60)).padStart(2, "0")}:${String(x % 60).padStart(2, "0")},000`;
      return `${i + 1}\n${stamp(s)} --> ${stamp(s + 4)}\nSolar panels on school roofs cut the energy bill by ${i + 10} percent in the pilot district, the engineer explained to the council.\n`;
    }).join("\n");
    const response = await create(cookie, { youtubeUrl: FIXTURES.noCaptions(), length: "short", transcript: srt });
    expect(response.statusCode, response.body).toBe(201);
    const article = response.json();
    expect(article.transcriptUsed).toBe(true);
    expect(article.contentMarkdown.toLowerCase()).toContain("solar");
  });

  it("refuses a transcript that holds nothing readable", async () => {
    const { cookie } = await registerUser(t.app);
    const response = await create(cookie, { youtubeUrl: FIXTURES.rich(), transcript: "WEBVTT\n\n" });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message.length).toBeGreaterThan(5);
  });

  it("fetches a video once: a second article from it comes from the cache", async () => {
    const { cookie } = await registerUser(t.app);
    const id = FIXTURES.noComments();
    const before = fetched.filter((x) => x === id).length;
    expect((await create(cookie, { youtubeUrl: id, length: "short" })).statusCode).toBe(201);
    expect((await create(cookie, { youtubeUrl: id, length: "short", style: "nyt" })).statusCode).toBe(201);
    expect(fetched.filter((x) => x === id).length - before).toBeLessThanOrEqual(1);
  });
});

describe("the guest allowance", () => {
  it("lets exactly one of 10 parallel requests through for a guest with 1 left", async () => {
    const { cookie, user } = await registerUser(t.app);
    await t.database.db.update(users).set({ articlesGenerated: 2 }).where(eq(users.id, user.id));
    // Ten different requests (tone x category), so none joins another as a double click.
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        create(cookie, {
          youtubeUrl: FIXTURES.rich(),
          length: "short",
          tone: TONES[i % TONES.length],
          category: CREATE_CATEGORIES[Math.floor(i / TONES.length)],
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(9);
    for (const refused of responses.filter((r) => r.statusCode === 403)) {
      expect(refused.json().message).toBe(GUEST_LIMIT_MESSAGE);
    }
    expect(await limitsOf(cookie)).toEqual({ canCreate: false, remaining: 0, isGuest: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.articlesGenerated).toBe(3);
    expect(row.articlesInProgress).toBe(0);
  });

  it("does not spend the allowance on a failed generation", async () => {
    const { cookie, user } = await registerUser(t.app);
    await t.database.db.update(users).set({ articlesGenerated: 2 }).where(eq(users.id, user.id));
    expect((await create(cookie, { youtubeUrl: FIXTURES.private() })).statusCode).toBe(422);
    expect(await limitsOf(cookie)).toEqual({ canCreate: true, remaining: 1, isGuest: true });
    expect((await create(cookie, { youtubeUrl: FIXTURES.rich(), length: "short" })).statusCode).toBe(201);
    const refused = await create(cookie, { youtubeUrl: FIXTURES.rich(), length: "long" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GUEST_LIMIT_MESSAGE);
  });

  it("does not limit registered users", async () => {
    const { cookie, user } = await registerUser(t.app);
    await t.database.db
      .update(users)
      .set({ userType: "registered", articlesGenerated: 50 })
      .where(eq(users.id, user.id));
    expect((await create(cookie, { youtubeUrl: FIXTURES.short(), length: "short" })).statusCode).toBe(201);
    expect(await limitsOf(cookie)).toEqual({ canCreate: true, remaining: null, isGuest: false });
  });
});

describe("one request, one article", () => {
  it("joins a double click to the generation already running", async () => {
    const { cookie, user } = await registerUser(t.app);
    const payload = { youtubeUrl: FIXTURES.rich(), length: "short", style: "nyt" };
    const [a, b] = await Promise.all([create(cookie, payload), create(cookie, payload)]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect(a.json().id).toBe(b.json().id);
    const rows = await t.database.db.select().from(articles).where(eq(articles.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await limitsOf(cookie)).toMatchObject({ remaining: 2 });
  });

  it("answers a retried Idempotency-Key with the same article", async () => {
    const { cookie, user } = await registerUser(t.app);
    const headers = { "idempotency-key": "retry-key-0001" };
    const first = await create(cookie, { youtubeUrl: FIXTURES.short(), length: "short" }, headers);
    const again = await create(cookie, { youtubeUrl: FIXTURES.short(), length: "short" }, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const rows = await t.database.db.select().from(articles).where(eq(articles.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it("reports progress by key while it works and after", async () => {
    const { cookie } = await registerUser(t.app);
    const headers = { "idempotency-key": "progress-key-0001" };
    expect((await create(cookie, { youtubeUrl: FIXTURES.short(), length: "short" }, headers)).statusCode).toBe(201);
    const status = await t.app.inject({
      method: "GET",
      url: "/api/generations/progress-key-0001",
      headers: { cookie },
    });
    expect(status.json()).toMatchObject({
      status: "succeeded",
      percent: 100,
      label: "Finalizing article...",
    });
    const other = await registerUser(t.app);
    const hidden = await t.app.inject({
      method: "GET",
      url: "/api/generations/progress-key-0001",
      headers: { cookie: other.cookie },
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe("generation rows", () => {
  it("leave nothing in progress once finished", async () => {
    const rows = await t.database.db.select().from(generations);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(["succeeded", "failed"]).toContain(row.status);
  });
});

describe("GET /api/generations/{key}/events", () => {
  it("streams the job's real stages in order, opened before the request lands", async () => {
    const { cookie } = await registerUser(t.app);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const key = "stream-key-0001";
    const opening = fetch(`${address}/api/generations/${key}/events`, { headers: { cookie } });
    const created = create(cookie, { youtubeUrl: FIXTURES.rich(), length: "short" }, { "idempotency-key": key });
    const stream = await opening;
    expect(stream.headers.get("content-type")).toContain("text/event-stream");

    const events: Array<{ stage: string; status: string; percent: number }> = [];
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = stream.body!.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (const block of buffer.split("\n\n").slice(0, -1)) {
        if (block.startsWith("data: ")) events.push(JSON.parse(block.slice(6)));
      }
      buffer = buffer.slice(buffer.lastIndexOf("\n\n") + 2);
    }
    expect((await created).statusCode).toBe(201);
    expect(events.at(-1)).toMatchObject({ status: "succeeded", percent: 100 });
    const percents = events.map((e) => e.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });
});
