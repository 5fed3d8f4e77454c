import { PRODUCT_NAME } from "./options";

/**
 * The route table of spec section 2, the one list every side reads: the server's page table
 * (status code, title and description in the first HTML, server/pages/), the web router
 * (web/routes.tsx maps each page to its code), robots.txt and the sitemap (server/seo/) and
 * the client's document title on navigation.
 */
export interface PageRoute {
  /**
   * The path pattern: static segments and ":name" segments (one segment each). None on the
   * 404 page, the last entry, which every other path falls to.
   */
  readonly path?: string;
  readonly name: string;
  readonly title: string;
  /** The title a signed-in user sees here instead ("/" is the landing page signed out, Home signed in). */
  readonly signedInTitle?: string;
  readonly description?: string;
  /** Shown only to signed-in users (signed-out visitors see the landing page or a notice). */
  readonly signedIn: boolean;
  /** Whether search engines may crawl it (robots.txt keeps them out of the rest). */
  readonly crawl: boolean;
  /** Listed in the sitemap (besides every article, which the sitemap lists itself). */
  readonly sitemap?: boolean;
}

const DEFAULT_DESCRIPTION =
  "Turn any YouTube video into a well-written article: blog posts, news stories or your own style, from the transcript, metadata and comments.";

const titled = (title: string) => `${title} | ${PRODUCT_NAME}`;

/** Every page, first match wins; the last (no path) is the 404 page. */
export const PAGE_ROUTES = [
  {
    path: "/",
    name: "home",
    title: `${PRODUCT_NAME} | Turn videos into articles`,
    signedInTitle: titled("Home"),
    signedIn: false,
    crawl: true,
    sitemap: true,
  },
  { path: "/login", name: "login", title: titled("Sign In"), signedIn: false, crawl: true },
  { path: "/register", name: "register", title: titled("Create Your Account"), signedIn: false, crawl: true },
  // The account's mailed links (contract/account.ts); a link's token means nothing to a crawler.
  {
    path: "/forgot-password",
    name: "forgotPassword",
    title: titled("Forgot Password"),
    signedIn: false,
    crawl: true,
  },
  {
    path: "/reset-password",
    name: "resetPassword",
    title: titled("Choose a New Password"),
    signedIn: false,
    crawl: false,
  },
  { path: "/verify-email", name: "verifyEmail", title: titled("Verify Your Email"), signedIn: false, crawl: false },
  { path: "/article/:identifier", name: "article", title: titled("Article"), signedIn: false, crawl: true },
  // Reading without an account (issue 19): the feed, an author's page, a category's and a tag's.
  {
    path: "/browse",
    name: "browse",
    title: titled("Browse Articles"),
    description: "Browse, search and filter every article written from the videos people share.",
    signedIn: false,
    crawl: true,
    sitemap: true,
  },
  { path: "/u/:handle", name: "author", title: titled("Author"), signedIn: false, crawl: true },
  { path: "/category/:slug", name: "category", title: titled("Category"), signedIn: false, crawl: true },
  { path: "/tag/:slug", name: "tag", title: titled("Tag"), signedIn: false, crawl: true },
  // A payment's answer means nothing to a search engine.
  {
    path: "/payment/success",
    name: "paymentSuccess",
    // Not "Successful": the page shows the verified state of its reference, whatever it is.
    title: titled("Payment Status"),
    signedIn: false,
    crawl: false,
  },
  { path: "/payment/failed", name: "paymentFailed", title: titled("Payment Failed"), signedIn: false, crawl: false },
  { path: "/profile", name: "profile", title: titled("Profile"), signedIn: true, crawl: false },
  { path: "/my-articles", name: "myArticles", title: titled("My Articles"), signedIn: true, crawl: false },
  { path: "/settings", name: "settings", title: titled("Settings"), signedIn: true, crawl: false },
  { path: "/subscription", name: "subscription", title: titled("Subscription Plans"), signedIn: true, crawl: false },
  { path: "/admin", name: "admin", title: titled("Admin Dashboard"), signedIn: true, crawl: false },
  { path: "/admin/mailbox", name: "adminMailbox", title: titled("Mailbox"), signedIn: true, crawl: false },
  {
    name: "notFound",
    title: titled("404 Page Not Found"),
    description: "This page does not exist.",
    signedIn: false,
    crawl: false,
  },
] as const satisfies readonly PageRoute[];

/** A page of the route table, by name. */
export type PageName = (typeof PAGE_ROUTES)[number]["name"];

/** What a path's page is: its name, title and description, and whether it needs an account. */
export interface PageMeta {
  name: PageName;
  title: string;
  description: string;
  /** Shown only to signed-in users (signed-out visitors see the landing page or a notice). */
  signedIn: boolean;
}

/**
 * A route pattern as the server matches it: exactly (case and trailing slash included; the
 * server redirects "/login/" to "/login"), each ":name" one non-empty segment.
 */
function patternMatcher(path: string): (pathname: string) => boolean {
  if (!path.includes(":")) return (pathname) => pathname === path;
  const source = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  const pattern = new RegExp(`^${source}$`);
  return (pathname) => pattern.test(pathname);
}

const MATCHERS = PAGE_ROUTES.map((route) => ({
  route: route as PageRoute & { name: PageName },
  matches: "path" in route ? patternMatcher(route.path) : () => true,
}));

/**
 * The route table's paths search engines are kept out of (robots.txt): a pattern with a
 * ":name" segment is kept out from its fixed part on.
 */
export const UNCRAWLED_PATHS: readonly string[] = PAGE_ROUTES.flatMap((route: PageRoute) =>
  route.path !== undefined && !route.crawl ? [route.path.replace(/:.*$/, "")] : [],
);

/** The route table's pages the sitemap lists (articles aside). */
export const SITEMAP_PATHS: readonly string[] = PAGE_ROUTES.flatMap((route: PageRoute) =>
  route.path !== undefined && route.crawl && route.sitemap ? [route.path] : [],
);

/** Finds the page for a path; anything outside the route table is the 404 page. */
export function matchPage(path: string, signedIn = false): PageMeta {
  // The last route (the 404 page) matches every path.
  const route = (MATCHERS.find(({ matches }) => matches(path)) ?? MATCHERS[MATCHERS.length - 1]).route;
  return {
    name: route.name,
    title: (signedIn && route.signedInTitle) || route.title,
    description: route.description ?? DEFAULT_DESCRIPTION,
    signedIn: route.signedIn,
  };
}

/** The query behind /article/{identifier}: a purely numeric identifier is an id, anything else a slug. */
export function articleQueryKey(identifier: string): string[] {
  return /^\d+$/.test(identifier)
    ? [`/api/articles/${identifier}`]
    : [`/api/articles/slug/${encodeURIComponent(identifier)}`];
}

/**
 * The address of an article's page (spec section 2): /article/{slug}, or the id when it has no
 * slug. One place for the server's links, canonical URLs and redirects and the web's links.
 */
export function articlePath(article: { id: number; slug?: string | null }): string {
  return `/article/${encodeURIComponent(article.slug || String(article.id))}`;
}
