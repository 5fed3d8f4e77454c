import { PRODUCT_NAME } from "./options";

/**
 * The route table of spec section 2, shared by the server (status code, title and description
 * in the first HTML) and the client (document title on navigation).
 */
export type PageName =
  | "home"
  | "login"
  | "register"
  | "article"
  | "paymentSuccess"
  | "paymentFailed"
  | "profile"
  | "myArticles"
  | "settings"
  | "subscription"
  | "admin"
  | "notFound";

export interface PageMeta {
  name: PageName;
  title: string;
  description: string;
  /** Shown only to signed-in users (signed-out visitors see the landing page or a notice). */
  signedIn: boolean;
}

/** A route table entry: a page's meta, and whether search engines may crawl it. */
type PageEntry = Omit<PageMeta, "description"> & { description?: string; crawl: boolean };

const DEFAULT_DESCRIPTION =
  "Turn any YouTube video into a well-written article: blog posts, news stories or your own style, from the transcript, metadata and comments.";

const titled = (title: string) => `${title} | ${PRODUCT_NAME}`;

const PAGES: Record<string, PageEntry> = {
  "/": { name: "home", title: `${PRODUCT_NAME} | Turn videos into articles`, signedIn: false, crawl: true },
  "/login": { name: "login", title: titled("Sign In"), signedIn: false, crawl: true },
  "/register": { name: "register", title: titled("Create Your Account"), signedIn: false, crawl: true },
  // A payment's answer means nothing to a search engine.
  "/payment/success": { name: "paymentSuccess", title: titled("Payment Successful"), signedIn: false, crawl: false },
  "/payment/failed": { name: "paymentFailed", title: titled("Payment Failed"), signedIn: false, crawl: false },
  "/profile": { name: "profile", title: titled("Profile"), signedIn: true, crawl: false },
  "/my-articles": { name: "myArticles", title: titled("My Articles"), signedIn: true, crawl: false },
  "/settings": { name: "settings", title: titled("Settings"), signedIn: true, crawl: false },
  "/subscription": { name: "subscription", title: titled("Subscription Plans"), signedIn: true, crawl: false },
  "/admin": { name: "admin", title: titled("Admin Dashboard"), signedIn: true, crawl: false },
};

/** The route table's paths search engines are kept out of (robots.txt), from the table itself. */
export const UNCRAWLED_PATHS: readonly string[] = Object.entries(PAGES)
  .filter(([, page]) => !page.crawl)
  .map(([path]) => path);

/** Finds the page for a path; anything outside the route table is the 404 page. */
export function matchPage(path: string, signedIn = false): PageMeta {
  if (/^\/article\/[^/]+$/.test(path)) {
    return { name: "article", title: titled("Article"), description: DEFAULT_DESCRIPTION, signedIn: false };
  }
  const page = PAGES[path];
  if (!page) {
    return {
      name: "notFound",
      title: titled("404 Page Not Found"),
      description: "This page does not exist.",
      signedIn: false,
    };
  }
  const title = page.name === "home" && signedIn ? titled("Home") : page.title;
  const { crawl: _crawl, ...meta } = page;
  return { ...meta, title, description: page.description ?? DEFAULT_DESCRIPTION };
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
