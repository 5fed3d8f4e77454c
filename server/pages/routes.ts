import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { matchPage } from "../../contract/pages";
import { AUTH_USER_KEY, LIMITS_KEY } from "../../contract/query-keys";
import { readCaches } from "../articles/read-cache";
import { viewCounter } from "../articles/views";
import { visitorFor } from "../articles/visitor";
import { presentLimits, presentUser } from "../auth/presenter";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import type { GenerationServiceDeps } from "../generation/service";
import { encodeBody, sendEncoded, sendPieced } from "../http/compression";
import { PiecedBody } from "../http/gzip-pieces";
import type { ObjectStore } from "../storage/store";
import { registerAccountPosts } from "./account-posts";
import { registerActionPosts } from "./action-posts";
import { pageRedirect } from "./community-loaders";
import { registerCreateArticlePost } from "./create-article-post";
import { type RenderFormPage, registerFormPosts } from "./form-posts";
import { absoluteUrl, pageHead } from "./head";
import { PAGE_LOADERS } from "./loaders";
import type { PageRenderer, PreloadedQuery } from "./page-data";
import { renderSharedPage, wholeSharedPage } from "./shared-article";

export type { HeadMeta, RenderedHead } from "./head";

export type { PageRenderer, PreloadedQuery } from "./page-data";
export { dataScript, fillTemplate } from "./template";

interface PageRoutesOptions {
  db: Db;
  config: AppConfig;
  renderer: PageRenderer;
  /** The article jobs, for the create dialog posted without JavaScript (absent: it answers 503). */
  generation?: GenerationServiceDeps;
  /** Uploaded files, for the account deletion form (server/pages/account-posts.ts). */
  store?: ObjectStore;
}

/**
 * Every HTML route: the document comes from the server with its title, description and the
 * signed-in user's data, so the first paint needs no extra request and a cold cache is correct.
 * Article pages arrive complete (body, meta, Open Graph, Twitter card, JSON-LD) for share
 * previews and search engines that run no JavaScript.
 */
export const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (
  app,
  { db, config, renderer, generation, store },
) => {
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
    // Sign-in and sign-up are for visitors: a signed-in user asking for them goes home.
    if (user && (page.name === "login" || page.name === "register")) return reply.redirect("/", 303);
    // An author's old handle (or one typed in capitals) lives at their page's address now.
    const moved = await pageRedirect(db, page.name, pathname);
    if (moved) return reply.redirect(`${moved}${url.slice(pathname.length)}`, 301);
    const render = () => renderPage(db, config, renderer, { url, pathname, page, request, reply, user });
    // Pages carry the user's own data: never store them in a shared cache.
    reply.header("cache-control", "private, no-store");

    if (user) {
      const rendered = await render();
      reply.status(rendered.status).header("content-type", "text/html; charset=utf-8");
      return rendered.html instanceof PiecedBody
        ? sendPieced(request, reply, rendered.html)
        : reply.send(rendered.html);
    }
    // Signed-out visitors all get the same page for the same address: render it once a minute
    // at most (writes empty the cache). An article's address is its path (a query string changes nothing there), and
    // each reader's visit is still counted as the API would.
    const key = page.name === "article" ? pathname : url;
    const cached = await readCaches(db).pages.get(key, async () => {
      const rendered = await render();
      return {
        html: encodeBody(textOf(rendered.html), "text/html; charset=utf-8", rendered.status).compact(),
        articleId: rendered.articleId,
      };
    });
    if (cached.articleId !== null)
      viewCounter(db).count({ id: cached.articleId, viewCount: 0 }, await visitorFor(request, reply, config));
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
      .send(textOf(rendered.html));
  };
  await registerFormPosts(app, { db, config, renderPage: renderFormPage });
  registerCreateArticlePost(app, { generation, renderPage: renderFormPage });
  registerActionPosts(app, { db, config, renderPage: renderFormPage });
  registerAccountPosts(app, { db, config, renderPage: renderFormPage, store });
};

const textOf = (html: string | Buffer | PiecedBody) => (html instanceof PiecedBody ? html.plain() : html);

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

/**
 * Any page: the common queries (the user and their limits), then what the page's own loader
 * (loaders.ts) preloads, its head and its status code, and the markup.
 */
async function renderPage(
  db: Db,
  config: AppConfig,
  renderer: PageRenderer,
  { url, pathname, page, request, reply, user, extraQueries = [] }: PageRequest,
): Promise<{ html: string | Buffer | PiecedBody; status: number; articleId: number | null }> {
  const queries: PreloadedQuery[] = [
    { queryKey: AUTH_USER_KEY, data: user ? presentUser(user) : null },
    ...extraQueries,
  ];
  if (user) queries.push({ queryKey: LIMITS_KEY, data: presentLimits(user) });
  const search = url.slice(pathname.length);
  const context = { db, config, url, pathname, search, page, request, reply, user, extraQueries };
  const loaded = await PAGE_LOADERS[page.name]?.(context);
  if (loaded) queries.push(...loaded.queries);
  const head = loaded?.head ?? pageHead(page, absoluteUrl(config.publicUrl, pathname));
  const status = loaded?.status ?? (page.name === "notFound" ? 404 : 200);

  if (loaded?.shared) {
    // A renderer that renders no shared pages (a test's) gets the same page rendered whole.
    const html = renderer.renderShared
      ? await renderSharedPage(db, renderer, url, loaded.shared, queries, Boolean(user))
      : await renderer.render({ url, ...(await wholeSharedPage(loaded.shared, queries)) });
    return { html, status, articleId: loaded.articleId ?? null };
  }
  const html = await renderer.render({ url, head, queries });
  return { html, status, articleId: loaded?.articleId ?? null };
}
