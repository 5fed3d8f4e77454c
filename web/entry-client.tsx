import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App";
import { createQueryClient } from "./lib/query-client";
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

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from the page");
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
