import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App";
import { AUTH_USER_KEY } from "./hooks/use-auth";
import { createQueryClient } from "./lib/query-client";
import { matchAppRoute, prefetchOnIntent } from "./routes";
import "./styles.css";

interface AppData {
  queries: Array<{ queryKey: readonly unknown[]; data: unknown }>;
}

const queryClient = createQueryClient();
const dataElement = document.getElementById("__APP_DATA__");
if (dataElement?.textContent) {
  // The server already answered these queries while rendering: start from its answers.
  const { queries } = JSON.parse(dataElement.textContent) as AppData;
  for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
}
const isSignedIn = () => Boolean(queryClient.getQueryData(AUTH_USER_KEY));

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from the page");
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// The page's own chunk first (the server named it in a modulepreload, so it is usually here
// already): hydrating before it came would meet a suspended page where the server sent markup.
// Should it fail to load, hydration goes ahead and React retries the load itself.
const page = matchAppRoute(window.location.pathname, isSignedIn()).page;
const start = () => {
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
  prefetchOnIntent(isSignedIn);
};
page.preload().then(start, start);
