import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { articleResponse, updateArticleRequest } from "../../contract/articles";
import { errorResponse, ID_SEGMENT, pathId } from "../../contract/common";
import {
  articleSummary,
  bookmarkCheck,
  bookmarkRequest,
  bookmarkResult,
  FEED_PAGE_HEADERS,
  feedQuery,
  rateRequest,
  rateResponse,
  statsResponse,
} from "../../contract/feed";
import { HAS_MORE_HEADER } from "../../contract/feed-query";
import { relatedResponse } from "../../contract/related";
import { requireUser, signedInUser } from "../auth/plugin";
import { readRecorder } from "../community/interests";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { EncodedBody, encodeBody, sendEncoded, sendJsonText, sendPieced } from "../http/compression";
import { notFound } from "../http/errors";
import type { PiecedBody } from "../http/gzip-pieces";
import { addBookmark } from "./community";
import { isBookmarked, listBookmarks, removeBookmark } from "./community-queries";
import { findFeatured, listFeedIds, platformStats } from "./feed";
import { deleteOwnArticle, updateOwnArticle } from "./manage";
import { presentArticle, presentSummary } from "./presenter";
import { cachedArticlePart, readCaches } from "./read-cache";
import {
  ARTICLE_NOT_FOUND,
  findArticleToRead,
  interestsOf,
  rateAsReader,
  readArticleJson,
  readerFeedFilters,
} from "./reading";
import { whatToReadNext } from "./related";
import { findArticleById, listUserArticles } from "./repository";
import { feedPageGzip } from "./summary-pieces";
import { viewCounter } from "./views";

const articleIdParam = z.object({ id: pathId(ARTICLE_NOT_FOUND) });
const bookmarkIdParam = z.object({ articleId: pathId("articleId must be an article id") });

/** An article's JSON: its owner's as text, a reader's joined from its kept compressed piece (gzip-pieces.ts). */
function sendArticleJson(request: FastifyRequest, reply: FastifyReply, body: string | PiecedBody) {
  if (typeof body === "string") return sendJsonText(reply, body);
  return sendPieced(request, reply.header("content-type", "application/json; charset=utf-8"), body);
}

/** A JSON answer encoded once for everyone who asks the same (see read-cache). */
const json = (value: unknown) => encodeBody(JSON.stringify(value), "application/json; charset=utf-8");

/** Reading: the feed, featured, stats, single articles, ratings and bookmarks. */
export const articleRoutes: FastifyPluginAsyncZod<{ db: Db; config: AppConfig }> = async (app, { db, config }) => {
  const views = viewCounter(db, (error) => app.log.error({ err: error }, "could not write a batch of article views"));
  // Reads counted but not yet written are written before the app stops.
  app.addHook("onClose", () => views.settled());
  const reads = readRecorder(db, (error) => app.log.error({ err: error }, "could not write a batch of reads"));
  app.addHook("onClose", () => reads.settled());
  app.get(
    "/api/articles",
    {
      schema: { querystring: feedQuery, response: { 200: z.array(articleSummary), 400: errorResponse } },
      config: { responseHeaders: { 200: FEED_PAGE_HEADERS } },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      // The Following feed is the reader's own: what they follow decides it (and its cache key).
      const filters = await readerFeedFilters(db, { ...request.query }, user);
      // Signed-in readers see 'For You' unless they pick another sort (contract defaultSortFor);
      // until it knows their interests it is the newest first.
      if (!filters.sortBy) filters.sortBy = user ? "for_you" : "latest";
      const interests = await interestsOf(db, user, filters);
      // Everyone asking the same question gets the same page; only 'For You' depends on the reader.
      const key = JSON.stringify([filters, interests]);
      const { body, hasMore } = await readCaches(db).feedPages.get(key, async () => {
        const { ids, hasMore } = await listFeedIds(db, filters, interests);
        const gzip = await feedPageGzip(db, readCaches(db).summaries, ids);
        return { body: EncodedBody.gzipped("application/json; charset=utf-8", gzip), hasMore };
      });
      reply.header(HAS_MORE_HEADER, String(hasMore));
      return sendEncoded(request, reply, body);
    },
  );

  app.get(
    "/api/articles/featured",
    { schema: { response: { 200: articleSummary.nullable() } } },
    async (request, reply) => {
      const body = await readCaches(db).responses.get("featured", async () => {
        const found = await findFeatured(db);
        return json(found ? presentSummary(found.article, found.author) : null);
      });
      return sendEncoded(request, reply, body);
    },
  );

  app.get("/api/stats", { schema: { response: { 200: statsResponse } } }, async (request, reply) => {
    const body = await readCaches(db).responses.get("stats", async () => json(await platformStats(db)));
    return sendEncoded(request, reply, body);
  });

  app.get(
    "/api/articles/:id",
    { schema: { params: z.object({ id: z.string() }), response: { 200: articleResponse, 404: errorResponse } } },
    async (request, reply) => {
      // Anything but a plausible id is simply an article that does not exist.
      const found = ID_SEGMENT.test(request.params.id)
        ? await findArticleToRead(db, { id: Number(request.params.id) })
        : undefined;
      if (!found) throw notFound(ARTICLE_NOT_FOUND);
      return sendArticleJson(request, reply, await readArticleJson(db, config, found, request, reply));
    },
  );

  app.get(
    "/api/articles/slug/:slug",
    {
      schema: {
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: articleResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const found = await findArticleToRead(db, { slug: request.params.slug });
      if (!found) throw notFound(ARTICLE_NOT_FOUND);
      return sendArticleJson(request, reply, await readArticleJson(db, config, found, request, reply));
    },
  );

  app.get(
    "/api/articles/:id/related",
    { schema: { params: z.object({ id: z.string() }), response: { 200: relatedResponse, 404: errorResponse } } },
    async (request, reply) => {
      // Anything but a plausible id is simply an article that does not exist.
      if (!ID_SEGMENT.test(request.params.id)) throw notFound(ARTICLE_NOT_FOUND);
      const id = Number(request.params.id);
      // The same for every reader: kept like the feed's pages, until the next write.
      const body = await readCaches(db).responses.get(`related:${id}`, async () => {
        const found = await cachedArticlePart(db, `next:${id}`, () => whatToReadNext(db, id));
        return found
          ? json(found)
          : encodeBody(JSON.stringify({ message: ARTICLE_NOT_FOUND }), "application/json; charset=utf-8", 404);
      });
      return sendEncoded(request, reply, body);
    },
  );

  app.post(
    "/api/articles/:id/rate",
    {
      onRequest: requireUser,
      schema: {
        params: articleIdParam,
        body: rateRequest,
        response: { 200: rateResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => rateAsReader(db, await signedInUser(request), request.params.id, request.body.rating),
  );

  // Owner edits: another user's article answers 404, so its existence is not confirmed.
  app.put(
    "/api/articles/:id",
    {
      onRequest: requireUser,
      schema: {
        params: articleIdParam,
        body: updateArticleRequest,
        response: { 200: articleResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const row = await updateOwnArticle(db, user.id, request.params.id, request.body);
      if (!row) throw notFound(ARTICLE_NOT_FOUND);
      const found = await findArticleById(db, row.id);
      if (!found) throw notFound(ARTICLE_NOT_FOUND);
      return presentArticle(found.article, found.author, { includeMarkdown: true });
    },
  );

  app.delete(
    "/api/articles/:id",
    {
      onRequest: requireUser,
      schema: {
        params: articleIdParam,
        response: {
          200: z.object({ id: z.number().int(), deleted: z.literal(true) }),
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      if (!(await deleteOwnArticle(db, user.id, request.params.id))) throw notFound(ARTICLE_NOT_FOUND);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.get(
    "/api/user/articles",
    { onRequest: requireUser, schema: { response: { 200: z.array(articleResponse), 401: errorResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      const rows = await listUserArticles(db, user.id);
      return rows.map(({ article, author }) => presentArticle(article, author, { includeMarkdown: true }));
    },
  );

  app.get(
    "/api/bookmarks",
    { onRequest: requireUser, schema: { response: { 200: z.array(articleSummary), 401: errorResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      const rows = await listBookmarks(db, user.id);
      return rows.map(({ article, author }) => presentSummary(article, author));
    },
  );

  app.post(
    "/api/bookmarks",
    {
      onRequest: requireUser,
      schema: {
        body: bookmarkRequest,
        response: { 200: bookmarkResult, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      if (!(await addBookmark(db, user.id, request.body.articleId))) throw notFound(ARTICLE_NOT_FOUND);
      return { articleId: request.body.articleId, isBookmarked: true };
    },
  );

  app.delete(
    "/api/bookmarks/:articleId",
    {
      onRequest: requireUser,
      schema: { params: bookmarkIdParam, response: { 200: bookmarkResult, 400: errorResponse, 401: errorResponse } },
    },
    async (request) => {
      const user = await signedInUser(request);
      await removeBookmark(db, user.id, request.params.articleId);
      return { articleId: request.params.articleId, isBookmarked: false };
    },
  );

  app.get(
    "/api/bookmarks/check/:articleId",
    {
      onRequest: requireUser,
      schema: { params: bookmarkIdParam, response: { 200: bookmarkCheck, 400: errorResponse, 401: errorResponse } },
    },
    async (request) => {
      const user = await signedInUser(request);
      return { isBookmarked: await isBookmarked(db, user.id, request.params.articleId) };
    },
  );
};
