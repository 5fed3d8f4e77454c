import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ViteDevServer } from "vite";
import { projectRoot } from "../lib/paths";
import { fillTemplate, type PageRenderer, type PreloadedQuery } from "./routes";

/** What web/entry-server.tsx exports. */
interface ServerEntry {
  render(url: string, queries: PreloadedQuery[]): string;
}

export const clientDist = join(projectRoot, "dist/client");
const ssrEntry = join(projectRoot, "dist/ssr/entry-server.js");

/** Renders with the built client template and the built server bundle (npm start). */
export async function createProductionRenderer(): Promise<PageRenderer> {
  const template = await readFile(join(clientDist, "index.html"), "utf8");
  const entry = (await import(pathToFileURL(ssrEntry).href)) as ServerEntry;
  return {
    async render({ url, head, queries }) {
      return fillTemplate(template, { head, appHtml: entry.render(url, queries), queries });
    },
  };
}

/** Renders through Vite's dev server, so a page reload picks up every edit (npm run dev). */
export function createDevRenderer(vite: ViteDevServer): PageRenderer {
  return {
    async render({ url, head, queries }) {
      const raw = await readFile(join(projectRoot, "web/index.html"), "utf8");
      const template = await vite.transformIndexHtml(url, raw);
      const entry = (await vite.ssrLoadModule("/entry-server.tsx")) as ServerEntry;
      return fillTemplate(template, { head, appHtml: entry.render(url, queries), queries });
    },
  };
}
