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

const DEFAULT_DESCRIPTION =
  "Turn any YouTube video into a well-written article: blog posts, news stories or your own style, from the transcript, metadata and comments.";

const titled = (title: string) => `${title} | ${PRODUCT_NAME}`;

const PAGES: Record<string, Omit<PageMeta, "description"> & { description?: string }> = {
  "/": { name: "home", title: `${PRODUCT_NAME} | Turn videos into articles`, signedIn: false },
  "/login": { name: "login", title: titled("Sign In"), signedIn: false },
  "/register": { name: "register", title: titled("Create Your Account"), signedIn: false },
  "/payment/success": { name: "paymentSuccess", title: titled("Payment Successful"), signedIn: false },
  "/payment/failed": { name: "paymentFailed", title: titled("Payment Failed"), signedIn: false },
  "/profile": { name: "profile", title: titled("Profile"), signedIn: true },
  "/my-articles": { name: "myArticles", title: titled("My Articles"), signedIn: true },
  "/settings": { name: "settings", title: titled("Settings"), signedIn: true },
  "/subscription": { name: "subscription", title: titled("Subscription Plans"), signedIn: true },
  "/admin": { name: "admin", title: titled("Admin Dashboard"), signedIn: true },
};

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
  return { ...page, title, description: page.description ?? DEFAULT_DESCRIPTION };
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
