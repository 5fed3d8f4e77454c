import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { CREATE_ARTICLE_PARAM } from "../../contract/article-forms";
import { formAnswerKey } from "../../contract/auth-forms";
import { ID_SEGMENT } from "../../contract/common";
import { feedQuery } from "../../contract/feed";
import { FEATURED_QUERY_KEY, feedParamsFor, feedQueryKey, STATS_QUERY_KEY } from "../../contract/feed-query";
import { PRODUCT_NAME } from "../../contract/options";
import { articleQueryKey, matchPage } from "../../contract/pages";
import { AUTH_USER_KEY, bookmarkCheckQueryKey, LIMITS_KEY } from "../../contract/query-keys";
import { isBookmarked } from "../articles/community-queries";
import { findFeatured, listFeed, platformStats } from "../articles/feed";
import { presentSummary } from "../articles/presenter";
import { readCaches } from "../articles/read-cache";
import { findArticleToRead, interestsOf, readArticle } from "../articles/reading";
import { viewCounter } from "../articles/views";
import { visitorFor } from "../articles/visitor";
import { presentLimits, presentUser } from "../auth/presenter";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import type { GenerationServiceDeps } from "../generation/service";
import { encodeBody, sendEncoded } from "../http/compression";
import { holdsUnstorableText, isUnstorableText } from "../http/text-hygiene";
import { actionPageQueries, registerActionPosts } from "./action-posts";
import { articleHead } from "./article-head";
import { newCreateKey, registerCreateArticlePost } from "./create-article-post";
import { type RenderFormPage, registerFormPosts } from "./form-posts";
import { absoluteUrl, pageHead, type RenderedHead, renderHeadTags } from "./head";
import { serializeForScript } from "./html";
import { findVideoDetails } from "./repository";

export type { HeadMeta, RenderedHead } from "./head";

/** One query the page would otherwise fetch after load, with the answer already in hand. */
export interface PreloadedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/** Renders a full HTML document; production and dev (Vite) each provide one. */
export interface PageRenderer {
  render(input: { url: string; head: RenderedHead; queries: PreloadedQuery[] }): Promise<string>;
}

interface PageRoutesOptions {
  db: Db;
  config: AppConfig;
  renderer: PageRenderer;
  /** The article jobs, for the create dialog posted without JavaScript (absent: it answers 503). */
  generation?: GenerationServiceDeps;
}

/**
 * Every HTML route: the document comes from the server with its title, description and the
 * signed-in user's data, so the first paint needs no extra request and a cold cache is correct.
 * Article pages arrive complete (body, meta, Open Graph, Twitter card, JSON-LD) for share
 * previews and search engines that run no JavaScript.
 */
export const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (app, { db, config, renderer, generation }) => {
  // Pages answer a NUL or an unpaired surrogate in their address themselves, not with the JSON 400
  // of server/http/text-hygiene.ts: an article address holding one is the 'Article Not Found'
  // page (404), and a home search holding one is left to the page's own feed request, which
  // the API answers with a 400 message the page shows. No such text reaches the database.
  app.get("/*", { config: { htmlPage: true } }, async (request, reply) => {
    const url = request.url;
    const pathname = url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/") || pathname === "/api") {
      return reply.status(404).send({ message: `No such endpoint: GET ${pathname}` });
    }
    // One address per page: "/login/" is "/login" (the client router knows only the latter).
    if (pathname.length > 1 && pathname.endsWith("/")) {
      const query = url.slice(pathname.length);
      // Leading slashes collapse too, so "//evil.example/" cannot become an off-site redirect.
      return reply.redirect(`/${pathname.replace(/^\/+|\/+$/g, "")}${query}`, 301);
    }
    const user = await request.currentUser();
    const page = matchPage(pathname, Boolean(user));
    const render = () => renderPage(db, config, renderer, { url, pathname, page, request, reply, user });
    // Pages carry the user's own data: never store them in a shared cache.
    reply.header("cache-control", "private, no-store");

    if (user) {
      const rendered = await render();
      return reply.status(rendered.status).header("content-type", "text/html; charset=utf-8").send(rendered.html);
    }
    // Signed-out visitors all get the same page for the same address: render it once a minute
    // at most (writes empty the cache). An article's address is its path (a query string changes nothing there), and
    // each reader's visit is still counted as the API would.
    const key = page.name === "article" ? pathname : url;
    const cached = await readCaches(db).pages.get(key, async () => {
      const rendered = await render();
      return {
        html: encodeBody(rendered.html, "text/html; charset=utf-8", rendered.status),
        articleId: rendered.articleId,
      };
    });
    if (cached.articleId !== null) viewCounter(db).count(cached.articleId, await visitorFor(request, reply, config), 0);
    return sendEncoded(request, reply, cached.html);
  });

  // Forms posted without JavaScript (sign-in, sign-up, create): the page again, with the form's answer.
  const renderFormPage: RenderFormPage = async (request, reply, url, answer, status) => {
    const user = await request.currentUser();
    const pathname = url.split("?")[0] ?? "/";
    const page = matchPage(pathname, Boolean(user));
    const rendered = await renderPage(db, config, renderer, {
      url,
      pathname,
      page,
      request,
      reply,
      user,
      extraQueries: [answer],
    });
    return reply
      .status(status)
      .header("cache-control", "private, no-store")
      .header("content-type", "text/html; charset=utf-8")
      .send(rendered.html);
  };
  await registerFormPosts(app, { db, config, renderPage: renderFormPage });
  registerCreateArticlePost(app, { generation, renderPage: renderFormPage });
  registerActionPosts(app, { db, config, renderPage: renderFormPage });
};

interface PageRequest {
  url: string;
  pathname: string;
  page: ReturnType<typeof matchPage>;
  request: FastifyRequest;
  reply: FastifyReply;
  user: UserRow | undefined;
  /** Queries only this answer carries (a form's answer), never cached. */
  extraQueries?: PreloadedQuery[];
}

/** Any page: its head, the queries it would otherwise fetch after load, and the markup. */
async function renderPage(
  db: Db,
  config: AppConfig,
  renderer: PageRenderer,
  { url, pathname, page, request, reply, user, extraQueries = [] }: PageRequest,
): Promise<{ html: string; status: number; articleId: number | null }> {
  const queries: PreloadedQuery[] = [
    { queryKey: AUTH_USER_KEY, data: user ? presentUser(user) : null },
    ...extraQueries,
  ];
  if (user) queries.push({ queryKey: LIMITS_KEY, data: presentLimits(user) });
  let head = pageHead(page, absoluteUrl(config.publicUrl, pathname));
  let status = page.name === "notFound" ? 404 : 200;
  let articleId: number | null = null;

  if (page.name === "article") {
    const loaded = await loadArticle(db, config, pathname.slice("/article/".length), request, reply, user);
    queries.push(...loaded.queries);
    articleId = loaded.articleId;
    if (loaded.head) {
      head = loaded.head;
    } else {
      status = 404;
      head = pageHead(
        { ...page, name: "notFound", title: `Article Not Found | ${PRODUCT_NAME}` },
        absoluteUrl(config.publicUrl, pathname),
      );
    }
  } else if (page.name === "home" && user) {
    const search = url.slice(pathname.length);
    queries.push(...(await homeQueries(db, user, search)));
    // The create dialog opened by its address (without JavaScript) needs its request key.
    const answered = extraQueries.some((query) => query.queryKey[1] === "create-article");
    if (!answered && new URLSearchParams(search).has(CREATE_ARTICLE_PARAM)) {
      queries.push({ queryKey: formAnswerKey("create-article"), data: { key: newCreateKey() } });
    }
  } else if (user) {
    queries.push(...(await actionPageQueries(db, page.name, user, url.slice(pathname.length))));
  }

  const html = await renderer.render({ url, head, queries });
  return { html, status, articleId };
}

/**
 * The article behind /article/{identifier}, read as the API reads it (the view is counted,
 * the reader's own rating included), with its head and the reader's bookmark state. A missing
 * article is preloaded as null, so the page shows 'Article Not Found' without asking again.
 */
async function loadArticle(
  db: Db,
  config: AppConfig,
  segment: string,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow | undefined,
): Promise<{ head: RenderedHead | null; queries: PreloadedQuery[]; articleId: number | null }> {
  const identifier = decodeLikeRouter(segment);
  const queryKey = articleQueryKey(identifier);
  const found = isUnstorableText(identifier)
    ? undefined
    : /^\d+$/.test(identifier)
      ? ID_SEGMENT.test(identifier)
        ? await findArticleToRead(db, { id: Number(identifier) })
        : undefined
      : identifier.length <= 200
        ? await findArticleToRead(db, { slug: identifier })
        : undefined;
  if (!found) return { head: null, queries: [{ queryKey, data: null }], articleId: null };

  const videoId = found.article.youtubeVideoId;
  const [article, video, bookmarked] = await Promise.all([
    readArticle(db, config, found, request, reply),
    videoId ? findVideoDetails(db, videoId) : null,
    user ? isBookmarked(db, user.id, found.article.id) : null,
  ]);
  const queries: PreloadedQuery[] = [{ queryKey, data: article }];
  if (bookmarked !== null) {
    queries.push({ queryKey: bookmarkCheckQueryKey(article.id), data: { isBookmarked: bookmarked } });
  }
  return { head: articleHead(article, video, config.publicUrl), queries, articleId: article.id };
}

/**
 * The signed-in home's first queries (spec: "Preloaded data may be supplied for the home page
 * (articles, featuredArticle, stats)"): the feed page the URL's filters ask for, under the key
 * the home page uses, the featured article and the platform stats.
 */
async function homeQueries(db: Db, user: UserRow, search: string): Promise<PreloadedQuery[]> {
  const params = feedParamsFor(search, user);
  // The same normalisation the API applies to the same parameters, so both answer alike.
  const filters = feedQuery.safeParse({ ...params, sortBy: params.sortBy ?? "latest" });
  const [feed, featured, stats] = await Promise.all([
    filters.success && !holdsUnstorableText(filters.data) ? listFeed(db, filters.data, interestsOf(user)) : null,
    findFeatured(db),
    platformStats(db),
  ]);
  const queries: PreloadedQuery[] = [
    { queryKey: FEATURED_QUERY_KEY, data: featured ? presentSummary(featured.article, featured.author) : null },
    { queryKey: STATS_QUERY_KEY, data: stats },
  ];
  if (feed) {
    queries.unshift({
      queryKey: feedQueryKey(params),
      data: feed.map(({ article, author }) => presentSummary(article, author)),
    });
  }
  return queries;
}

/** Fills the Vite-built template: head tags, server-rendered markup, preloaded data. */
export function fillTemplate(
  template: string,
  parts: { head: RenderedHead; appHtml: string; queries: PreloadedQuery[] },
): string {
  // A JSON data block is never executed, so it needs no CSP exception; serializeForScript keeps
  // user text from closing the element.
  const data = `<script id="__APP_DATA__" type="application/json">${serializeForScript({ queries: parts.queries })}</script>`;
  // Function replacers: a "$&" or "$'" in an article must stay text, not become a replacement pattern.
  return template
    .replace("<!--app-head-->", () => renderHeadTags(parts.head))
    .replace("<!--app-html-->", () => parts.appHtml)
    .replace("<!--app-data-->", () => data);
}

/**
 * A path segment decoded the way the client router decodes it (decodeURI, the raw text when
 * malformed), so the server preloads under the very key the page asks for.
 */
function decodeLikeRouter(segment: string): string {
  try {
    return segment.includes("%") ? decodeURI(segment) : segment;
  } catch {
    return segment;
  }
}
