import type { FastifyPluginAsync } from "fastify";
import { PRODUCT_NAME } from "../../contract/options";
import { articleQueryKey, matchPage } from "../../contract/pages";
import { presentArticleFor } from "../articles/presenter";
import { findArticleById, findArticleBySlug } from "../articles/repository";
import { presentLimits, presentUser } from "../auth/presenter";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { escapeHtml, serializeForScript } from "./html";

/** One query the page would otherwise fetch after load, with the answer already in hand. */
export interface PreloadedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

export interface RenderedHead {
  title: string;
  description: string;
  canonicalUrl: string;
}

/** Renders a full HTML document; production and dev (Vite) each provide one. */
export interface PageRenderer {
  render(input: { url: string; head: RenderedHead; queries: PreloadedQuery[] }): Promise<string>;
}

interface PageRoutesOptions {
  db: Db;
  config: AppConfig;
  renderer: PageRenderer;
}

/**
 * Every HTML route: the document comes from the server with its title, description and the
 * signed-in user's data, so the first paint needs no extra request and a cold cache is correct.
 */
export const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (app, { db, config, renderer }) => {
  app.get("/*", async (request, reply) => {
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
    const queries: PreloadedQuery[] = [{ queryKey: ["/api/auth/user"], data: user ? presentUser(user) : null }];
    if (user) queries.push({ queryKey: ["/api/user/limits"], data: presentLimits(user) });
    let status = page.name === "notFound" ? 404 : 200;
    if (page.name === "article") {
      const identifier = safeDecode(pathname.slice("/article/".length));
      const found =
        identifier === null
          ? undefined
          : /^\d{1,9}$/.test(identifier)
            ? await findArticleById(db, Number(identifier))
            : await findArticleBySlug(db, identifier);
      if (found && identifier !== null) {
        queries.push({ queryKey: articleQueryKey(identifier), data: presentArticleFor(found, user) });
        page.title = `${found.article.title} | ${PRODUCT_NAME}`;
        page.description = found.article.excerpt.slice(0, 160);
      } else {
        status = 404;
      }
    }

    const html = await renderer.render({
      url,
      head: {
        title: page.title,
        description: page.description,
        canonicalUrl: new URL(pathname, config.publicUrl).toString(),
      },
      queries,
    });
    return (
      reply
        .status(status)
        .header("content-type", "text/html; charset=utf-8")
        // Pages carry the user's own data: never store them in a shared cache.
        .header("cache-control", "private, no-store")
        .send(html)
    );
  });
};

/** Fills the Vite-built template: head tags, server-rendered markup, preloaded data. */
export function fillTemplate(
  template: string,
  parts: { head: RenderedHead; appHtml: string; queries: PreloadedQuery[] },
): string {
  const { head } = parts;
  const headTags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
  ].join("\n    ");
  // A JSON data block is never executed, so it needs no CSP exception; serializeForScript keeps
  // user text from closing the element.
  const data = `<script id="__APP_DATA__" type="application/json">${serializeForScript({ queries: parts.queries })}</script>`;
  return template
    .replace("<!--app-head-->", headTags)
    .replace("<!--app-html-->", parts.appHtml)
    .replace("<!--app-data-->", data);
}

/** A path segment decoded, or null when its percent-escapes are malformed. */
function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
