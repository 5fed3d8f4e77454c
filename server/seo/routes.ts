import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { authorPath } from "../../contract/authors";
import { CATEGORIES, PRODUCT_NAME } from "../../contract/options";
import { articlePath, SITEMAP_PATHS, UNCRAWLED_PATHS } from "../../contract/pages";
import { categoryPath, categoryRssPath, isTopicSlug, tagRssPath } from "../../contract/topics";
import { findTopic, hasTagSlug, popularTagSlugs } from "../community/topics";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { articles } from "../db/schema";
import { videoThumbnailUrl } from "../pages/article-head";
import { absoluteUrl } from "../pages/head";
import { type FeedItem, latestForFeed, sitemapAuthorHandles, sitemapChunks, sitemapEntries } from "./repository";
import { element, escapeXml, sitemapUrl } from "./xml";

/** How many articles the RSS feed carries. */
export const RSS_ITEMS = 50;
/**
 * Articles per sitemap file. The protocol allows 50,000 URLs a file; the first file also holds
 * the home page, so the articles stop short of that.
 */
export const ARTICLES_PER_SITEMAP = 49_000;

/** The API and the pages the route table keeps from crawlers (signed-in pages, payment answers). */
const PRIVATE_PATHS = ["/api/", ...UNCRAWLED_PATHS];

/** Article ids are PostgreSQL integers: no range reaches past this. */
const MAX_ARTICLE_ID = 2_147_483_647;

const SITE_DESCRIPTION = "Articles written from YouTube videos: blog posts, news stories and more.";

interface SeoRoutesOptions {
  db: Db;
  config: Pick<AppConfig, "publicUrl">;
  /** Articles per sitemap file (tests make it small to see the index without 50,000 rows). */
  articlesPerSitemap?: number;
}

/**
 * /robots.txt, /rss.xml and /sitemap.xml (with /sitemap-{n}.xml when the site outgrows one
 * file). Static paths, so they win over the page catch-all. Every URL is absolute, from
 * PUBLIC_URL. Public data only: shared caches may keep them for a while.
 */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, options) => {
  const { db, config } = options;
  const perFile = options.articlesPerSitemap ?? ARTICLES_PER_SITEMAP;
  const url = (path: string) => absoluteUrl(config.publicUrl, path);
  const publicCache = (reply: FastifyReply, seconds: number) =>
    reply.header("cache-control", `public, max-age=${seconds}`);

  app.get("/robots.txt", async (_request, reply) => {
    const lines = [
      "User-agent: *",
      "Allow: /",
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      "",
      `Sitemap: ${url("/sitemap.xml")}`,
      "",
    ];
    publicCache(reply, 86_400);
    return reply.type("text/plain; charset=utf-8").send(lines.join("\n"));
  });

  app.get("/rss.xml", async (_request, reply) => {
    const items = await latestForFeed(db, RSS_ITEMS);
    publicCache(reply, 300);
    return reply.type("application/rss+xml; charset=utf-8").send(rssDocument(items, url));
  });

  // A topic's own feed (issue 19): /category/{slug}/rss.xml and /tag/{slug}/rss.xml, the newest
  // articles of that category or carrying that tag. An unknown topic is a 404.
  for (const kind of ["category", "tag"] as const) {
    app.get<{ Params: { slug: string } }>(`/${kind}/:slug/rss.xml`, async (request, reply) => {
      const slug = request.params.slug;
      const topic = isTopicSlug(slug) ? await findTopic(db, kind, slug) : undefined;
      if (!topic) {
        return reply
          .status(404)
          .type("text/plain; charset=utf-8")
          .send(`No such ${kind}: ${kind === "tag" ? "no article carries it" : "it is not one of ours"}.`);
      }
      const where = kind === "tag" ? hasTagSlug(topic.slug) : eq(articles.category, topic.name);
      const items = await latestForFeed(db, RSS_ITEMS, where);
      const label = kind === "tag" ? `#${topic.name}` : topic.name;
      const channel = {
        title: `${label} | ${PRODUCT_NAME}`,
        link: kind === "tag" ? `/tag/${topic.slug}` : categoryPath(topic.name),
        description: `The newest articles ${kind === "tag" ? "tagged" : "in"} ${topic.name} on ${PRODUCT_NAME}.`,
        self: kind === "tag" ? tagRssPath(topic.slug) : categoryRssPath(topic.slug),
      };
      publicCache(reply, 300);
      return reply.type("application/rss+xml; charset=utf-8").send(rssDocument(items, url, channel));
    });
  }

  app.get("/sitemap.xml", async (_request, reply) => {
    const chunks = await sitemapChunks(db, perFile);
    publicCache(reply, 3600).type("application/xml; charset=utf-8");
    if (chunks.length <= 1) {
      // Everything fits in one file: the home page and every article.
      return reply.send(Readable.from(urlSet(db, url, { afterId: 0, upToId: MAX_ARTICLE_ID })));
    }
    // Too many for one file: an index of files, the first also holding the home page.
    const files = chunks.some((c) => c.chunk === 0) ? chunks : [{ chunk: 0, lastmod: undefined }, ...chunks];
    const entries = files.map(
      ({ chunk, lastmod }) =>
        `<sitemap>${element("loc", url(`/sitemap-${chunk}.xml`))}${lastmod ? element("lastmod", lastmod.toISOString()) : ""}</sitemap>`,
    );
    return reply.send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { chunk: string } }>("/sitemap-:chunk(^\\d{1,6}).xml", async (request, reply) => {
    const chunk = Number(request.params.chunk);
    const range = {
      afterId: Math.min(chunk * perFile, MAX_ARTICLE_ID),
      upToId: Math.min((chunk + 1) * perFile, MAX_ARTICLE_ID),
    };
    publicCache(reply, 3600).type("application/xml; charset=utf-8");
    return reply.send(Readable.from(urlSet(db, url, range, chunk === 0)));
  });
};

/**
 * A <urlset>, streamed: the route table's listed pages (the home page) when asked, then the
 * articles, read a batch at a time and written as they come.
 */
async function* urlSet(
  db: Db,
  url: (path: string) => string,
  range: { afterId: number; upToId: number },
  withPages = true,
): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  if (withPages) {
    for (const path of SITEMAP_PATHS) yield `${sitemapUrl(url(path))}\n`;
    // The community's pages (issue 19): every category, the most used tags, the authors who write most.
    const [tags, authors] = await Promise.all([popularTagSlugs(db), sitemapAuthorHandles(db)]);
    const community = [
      ...CATEGORIES.map((name) => categoryPath(name)),
      ...tags.map((slug) => `/tag/${slug}`),
      ...authors.map((handle) => authorPath(handle)),
    ];
    yield `${community.map((path) => sitemapUrl(url(path))).join("\n")}\n`;
  }
  let lines: string[] = [];
  for await (const entry of sitemapEntries(db, range)) {
    lines.push(sitemapUrl(url(articlePath(entry)), entry.updatedAt));
    if (lines.length === 1000) {
      yield `${lines.join("\n")}\n`;
      lines = [];
    }
  }
  if (lines.length) yield `${lines.join("\n")}\n`;
  yield "</urlset>\n";
}

/** What an RSS channel says of itself: the whole site's by default, or one topic's. */
export interface RssChannel {
  title: string;
  /** The page the feed is of (a path). */
  link: string;
  description: string;
  /** The feed's own address (a path). */
  self: string;
}

const SITE_CHANNEL: RssChannel = { title: PRODUCT_NAME, link: "/", description: SITE_DESCRIPTION, self: "/rss.xml" };

/** An RSS 2.0 document of the newest articles, with their full bodies as content:encoded. */
export function rssDocument(
  items: FeedItem[],
  url: (path: string) => string,
  about: RssChannel = SITE_CHANNEL,
): string {
  const newest = items[0]?.createdAt ?? new Date(0);
  const channel = [
    element("title", about.title),
    element("link", url(about.link)),
    element("description", about.description),
    element("generator", PRODUCT_NAME),
    element("lastBuildDate", newest.toUTCString()),
    `<atom:link href="${escapeXml(url(about.self))}" rel="self" type="application/rss+xml" />`,
    ...items.map((item) => rssItem(item, url)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    "<channel>",
    ...channel,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

function rssItem(item: FeedItem, url: (path: string) => string): string {
  const link = url(articlePath(item));
  const author = `${item.authorFirstName} ${item.authorLastName}`.trim();
  const thumbnail = videoThumbnailUrl(item.youtubeVideoId);
  return [
    "<item>",
    element("title", item.title),
    element("link", link),
    element("guid", link, { isPermaLink: "true" }),
    element("pubDate", item.createdAt.toUTCString()),
    ...(author ? [element("dc:creator", author)] : []),
    // The feed mixes languages, so each item says its own (Dublin Core, declared on <rss>).
    ...(item.language ? [element("dc:language", item.language)] : []),
    element("category", item.category),
    ...item.tags.map((tag) => element("category", tag)),
    element("description", item.excerpt),
    element("content:encoded", item.contentHtml),
    ...(thumbnail ? [`<media:thumbnail url="${escapeXml(thumbnail)}" />`] : []),
    "</item>",
  ].join("");
}
