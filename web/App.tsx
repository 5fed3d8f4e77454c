import { matchPage } from "@contract/pages";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useMemo, useRef } from "react";
import { Route, Router, Switch, useLocation } from "wouter";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { SkipLink } from "@/features/layout/main-landmark";
import { AUTH_USER_KEY, useAuth } from "@/hooks/use-auth";
import { navigateWhenLoaded, PageView, ROUTES, routeParser } from "./routes";

/**
 * Keeps the document title right on client-side navigation. The server set the first one (an
 * article's own title, for one), and the page's code may hydrate after this does: the first
 * page's title is left alone until the location or the signed-in state changes.
 */
function DocumentTitle() {
  const [location] = useLocation();
  const { isAuthenticated } = useAuth();
  const first = useRef<{ location: string; isAuthenticated: boolean } | null>({ location, isAuthenticated });
  useEffect(() => {
    const start = first.current;
    if (start && start.location === location && start.isAuthenticated === isAuthenticated) return;
    first.current = null;
    document.title = matchPage(location, isAuthenticated).title;
  }, [location, isAuthenticated]);
  return null;
}

/**
 * Marks `<html data-hydrated>` once the page (the route's boundary, with the page's own code)
 * has hydrated: the scripts load after the first paint (server/pages/boot-script.ts), so a
 * browser test or script waits for this rather than for the load event before it clicks.
 */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}

/**
 * Spec section 2's route table (web/routes.tsx): the signed-in pages exist only once auth has
 * a user. Each page is its own chunk. The server renders the real page; on the first load React
 * keeps that HTML until the page's code is in; a navigation loads the next page's code before
 * the URL changes. So the fallback shows only when Back or Forward leads to a page whose code
 * has not come yet.
 */
function Routes() {
  const { isAuthenticated, isLoading } = useAuth();
  const signedIn = isAuthenticated && !isLoading;
  return (
    <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
      <MarkHydrated />
      <Switch>
        {ROUTES.map((route) => (
          <Route key={route.path ?? "*"} path={route.path}>
            <PageView page={(signedIn && route.signedInPage) || route.page} />
          </Route>
        ))}
      </Switch>
    </Suspense>
  );
}

/**
 * What a personal island (web/lib/personal-island.tsx) renders inside when the server renders
 * it on its own: the providers App puts around every page, so its HTML is what App renders there.
 */
export function IslandFrame({
  queryClient,
  ssrPath,
  children,
}: {
  queryClient: QueryClient;
  ssrPath: string;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={ssrPath} parser={routeParser}>
        {children}
      </Router>
    </QueryClientProvider>
  );
}

export function App({ queryClient, ssrPath }: { queryClient: QueryClient; ssrPath?: string }) {
  const aroundNav = useMemo(
    () => navigateWhenLoaded(() => Boolean(queryClient.getQueryData(AUTH_USER_KEY))),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      {/* Before every page, so it is the first Tab stop wherever the reader lands. */}
      <SkipLink />
      <Router ssrPath={ssrPath} parser={routeParser} aroundNav={aroundNav}>
        <DocumentTitle />
        <Routes />
      </Router>
      <LazyToaster />
    </QueryClientProvider>
  );
}
