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

// This runs after the first paint: the boot script (server/pages/boot-script.ts) loads the
// entry then, with the page's own chunk as a module preload, so that chunk is usually here
// already. Ask for it and hydrate at once: until it is in, React keeps the server's HTML for the
// page (the route's Suspense boundary) and hydrates it when the code arrives, with no fallback
// and no mismatch. A started root also replays a click made meanwhile, which a root waiting for
// the chunk would lose.
matchAppRoute(window.location.pathname, isSignedIn())
  .page.preload()
  .catch(() => {});
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
prefetchOnIntent(isSignedIn);
