import { PAGE_ROUTES, type PageName } from "@contract/pages";
import { type ComponentType, lazy } from "react";
import { type AroundNavHandler, matchRoute, type Parser } from "wouter";

type PageModule = { default: ComponentType };

/**
 * Every page, by its file under web/ ("pages/article.tsx"), each loaded on demand: Vite makes
 * one chunk per page, and its build manifest knows the chunk by this same name, which is how
 * the server finds what to preload for the page it rendered.
 */
const pageModules = import.meta.glob<PageModule>(["./pages/*.tsx", "!./pages/*.test.tsx"]);

/** A page whose code loads on demand and renders at once (no suspense) once it is loaded. */
export interface LazyPage {
  /** The page's file under web/, as Vite's manifest names its chunk. */
  readonly module: string;
  /** Loads the page's code once; later calls share the first load (a failed load is tried again). */
  preload(): Promise<void>;
  /** The page's component once its code is here. */
  loaded(): ComponentType | undefined;
  /** The same page through React.lazy: suspends until the code is here. */
  readonly Lazy: ComponentType;
}

/**
 * A page's code that cannot load while rendering (a deploy replaced the chunk, the network
 * dropped): the browser loads the address afresh, which brings the current chunks, once per
 * path and minute so a chunk that is really gone cannot make it loop.
 */
function reloadOnce(error: unknown): Promise<never> {
  const key = `vidscribe:reloaded:${window.location.pathname}`;
  const now = Date.now();
  try {
    if (now - Number(window.sessionStorage.getItem(key) ?? 0) < 60_000) return Promise.reject(error);
    window.sessionStorage.setItem(key, String(now));
  } catch {
    // No session storage (a private mode): no way to tell a first try from a loop.
    return Promise.reject(error);
  }
  window.location.reload();
  return new Promise(() => {});
}

function lazyPage(module: string): LazyPage {
  const load = pageModules[`./${module}`];
  if (!load) throw new Error(`No page module web/${module}`);
  let component: ComponentType | undefined;
  let loading: Promise<PageModule> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (page) => {
        component = page.default;
        return page;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    module,
    preload: () => loadOnce().then(() => undefined),
    loaded: () => component,
    Lazy: lazy(() => loadOnce().catch(reloadOnce)),
  };
}

/**
 * What the router renders for a page. A loaded page renders itself, not through React.lazy's
 * wrapper: that is what lets the server render the real page and the client hydrate it
 * without ever showing a fallback. Only a page whose code has not come yet suspends.
 */
export function PageView({ page }: { page: LazyPage }) {
  const Page = page.loaded() ?? page.Lazy;
  return <Page />;
}

/**
 * The code of each page of the contract's route table (contract/pages.ts). A page added there
 * needs its module here, or the type check fails. "home" is the page at "/": the landing page
 * for visitors, Home for signed-in users (SIGNED_IN_PAGES).
 */
const PAGES = {
  home: lazyPage("pages/landing.tsx"),
  login: lazyPage("pages/login.tsx"),
  register: lazyPage("pages/register.tsx"),
  forgotPassword: lazyPage("pages/forgot-password.tsx"),
  resetPassword: lazyPage("pages/reset-password.tsx"),
  verifyEmail: lazyPage("pages/verify-email.tsx"),
  article: lazyPage("pages/article.tsx"),
  browse: lazyPage("pages/browse.tsx"),
  author: lazyPage("pages/author.tsx"),
  category: lazyPage("pages/topic.tsx"),
  tag: lazyPage("pages/topic.tsx"),
  paymentSuccess: lazyPage("pages/payment-success.tsx"),
  paymentFailed: lazyPage("pages/payment-failed.tsx"),
  profile: lazyPage("pages/profile.tsx"),
  myArticles: lazyPage("pages/my-articles.tsx"),
  settings: lazyPage("pages/settings.tsx"),
  subscription: lazyPage("pages/subscription.tsx"),
  admin: lazyPage("pages/admin.tsx"),
  adminMailbox: lazyPage("pages/admin-mailbox.tsx"),
  notFound: lazyPage("pages/not-found.tsx"),
} satisfies Record<PageName, LazyPage>;

/** The pages a signed-in user sees instead of the table's own. */
const SIGNED_IN_PAGES: Partial<Record<PageName, LazyPage>> = {
  home: lazyPage("pages/home.tsx"),
};

export interface AppRoute {
  /** A wouter pattern; none matches every path (the 404 page, last). */
  path?: string;
  name: PageName;
  page: LazyPage;
  /** The page a signed-in user sees here instead ("/" is Landing signed out, Home signed in). */
  signedInPage?: LazyPage;
}

/**
 * Spec section 2's route table, from the contract's (contract/pages.ts), first match wins. The
 * router (App), the server render (entry-server) and the pre-hydration load (entry-client) all
 * read it through matchAppRoute. Profile and admin explain themselves to visitors ('Access
 * Denied'); the other signed-in pages ask them to sign in.
 */
export const ROUTES: readonly AppRoute[] = PAGE_ROUTES.map((route) => {
  const signedInPage = SIGNED_IN_PAGES[route.name];
  return {
    ...("path" in route ? { path: route.path } : {}),
    name: route.name,
    page: PAGES[route.name],
    ...(signedInPage ? { signedInPage } : {}),
  };
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The router's pattern parser, given to wouter's <Router> and used by matchAppRoute, so both
 * match alike. It reads what the route table uses (static segments, ":name" and "*") the way
 * wouter's default parser does: case-insensitive, an optional trailing slash.
 */
export const routeParser: Parser = (route, loose) => {
  const keys: string[] = [];
  let source = "";
  for (const segment of route.split("/").filter(Boolean)) {
    if (segment === "*") {
      keys.push("*");
      source += "/(.*)";
    } else if (segment.startsWith(":")) {
      keys.push(segment.slice(1));
      source += "/([^/]+?)";
    } else {
      source += `/${escapeRegExp(segment)}`;
    }
  }
  return { keys, pattern: new RegExp(`^${source}${loose ? "(?=$|/)" : "/?$"}`, "i") };
};

/** The route and page for a path (no query string), as the router picks them. */
export function matchAppRoute(pathname: string, signedIn: boolean): { route: AppRoute; page: LazyPage } {
  for (const route of ROUTES) {
    if (matchRoute(routeParser, route.path ?? "*", pathname)[0]) {
      return { route, page: (signedIn && route.signedInPage) || route.page };
    }
  }
  // Unreachable: the last route matches everything.
  return { route: ROUTES[ROUTES.length - 1], page: PAGES.notFound };
}

/** The page an in-app link or navigation target leads to, or null for another site. */
export function pageForHref(href: string, signedIn: boolean): LazyPage | null {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return matchAppRoute(url.pathname, signedIn).page;
}

/**
 * Wraps wouter's navigation: the next page's code loads first, then the URL changes, so a
 * client-side navigation never shows an empty fallback. Only the newest navigation goes ahead;
 * when the code cannot load (a new deploy removed the old chunks, or the network is gone) the
 * browser loads the address itself.
 */
export function navigateWhenLoaded(isSignedIn: () => boolean): AroundNavHandler {
  let latest = 0;
  return (navigate, to, options) => {
    const ticket = ++latest;
    const page = pageForHref(to, isSignedIn());
    if (!page || page.loaded()) {
      navigate(to, options);
      return;
    }
    page.preload().then(
      () => {
        if (ticket === latest) navigate(to, options);
      },
      () => {
        if (ticket === latest) window.location.assign(to);
      },
    );
  };
}

/**
 * Starts loading a page's code when the pointer rests on, a finger touches, or the keyboard
 * focuses a link to it, so the click usually finds it loaded.
 */
export function prefetchOnIntent(isSignedIn: () => boolean): void {
  const prefetch = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
    const page = pageForHref(link.href, isSignedIn());
    if (page && !page.loaded()) page.preload().catch(() => {});
  };
  for (const type of ["pointerover", "touchstart", "focusin"]) {
    document.addEventListener(type, prefetch, { passive: true, capture: true });
  }
}
