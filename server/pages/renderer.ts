import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ViteDevServer } from "vite";
import type { RenderedPage, SharedPage } from "../../web/entry-server";
import { projectRoot } from "../lib/paths";
import { loadScriptsAfterFirstPaint } from "./boot-script";
import { type PagePreloads, renderStyleTags } from "./head";
import type { PageRenderer, PreloadedQuery } from "./page-data";
import { sharedDocument } from "./shared-article";
import { fillTemplate } from "./template";

/** What web/entry-server.tsx exports. */
interface ServerEntry {
  render(url: string, queries: PreloadedQuery[]): Promise<RenderedPage>;
  renderShared(url: string, queries: PreloadedQuery[]): Promise<SharedPage>;
}

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json), keyed by its source under web/. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export const clientDist = join(projectRoot, "dist/client");
const ssrEntry = join(projectRoot, "dist/ssr/entry-server.js");
const manifestFile = join(clientDist, ".vite/manifest.json");

/** A chunk's file, its static imports' files (recursively) and every CSS file they bring. */
function closure(manifest: ViteManifest, key: string, into = { js: new Set<string>(), css: new Set<string>() }) {
  const chunk = manifest[key];
  if (!chunk || into.js.has(chunk.file)) return into;
  into.js.add(chunk.file);
  for (const css of chunk.css ?? []) into.css.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * What a page's HTML must add to the built template so the browser fetches the page's chunk
 * with the entry: the page chunk and its static imports, and its CSS. What the entry already
 * loads (Vite wrote those tags into the template) is left out.
 */
export function pagePreloads(manifest: ViteManifest, page: string, base = "/"): PagePreloads {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loaded = entryKey ? closure(manifest, entryKey) : { js: new Set<string>(), css: new Set<string>() };
  const needed = closure(manifest, page);
  return {
    scripts: [...needed.js].filter((file) => !loaded.js.has(file)).map((file) => base + file),
    styles: [...needed.css].filter((file) => !loaded.css.has(file)).map((file) => base + file),
  };
}

/**
 * The built template for each page (computed once at start): its stylesheets in the head, and
 * its chunks handed to the boot script, which loads them with the entry after the first paint
 * (boot-script.ts). A page missing from the manifest gets the bare template: it still works,
 * only later. Answers the bare template too, for such pages.
 */
export function templatesByPage(
  template: string,
  manifest: ViteManifest,
): { byPage: Map<string, string>; fallback: string } {
  const byPage = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !key.startsWith("pages/")) continue;
    const { scripts, styles } = pagePreloads(manifest, key);
    const tags = renderStyleTags(styles);
    const withStyles = tags ? template.replace("</head>", () => `  ${tags}\n  </head>`) : template;
    byPage.set(key, loadScriptsAfterFirstPaint(withStyles, scripts));
  }
  return { byPage, fallback: loadScriptsAfterFirstPaint(template) };
}

/** Renders with the built client template and the built server bundle (npm start). */
export async function createProductionRenderer(): Promise<PageRenderer> {
  const template = await readFile(join(clientDist, "index.html"), "utf8");
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as ViteManifest;
  const templates = templatesByPage(template, manifest);
  const entry = (await import(pathToFileURL(ssrEntry).href)) as ServerEntry;
  return {
    async render({ url, head, queries }) {
      const rendered = await entry.render(url, queries);
      return fillTemplate(templates.byPage.get(rendered.page) ?? templates.fallback, {
        head,
        appHtml: rendered.html,
        queries,
      });
    },
    async renderShared({ url, head, queries }) {
      const rendered = await entry.renderShared(url, queries);
      return sharedDocument(templates.byPage.get(rendered.page) ?? templates.fallback, head, rendered);
    },
  };
}

/**
 * Renders through Vite's dev server, so a page reload picks up every edit (npm run dev). There
 * is no manifest in dev: Vite serves each module as it is asked for, so nothing is preloaded.
 */
export function createDevRenderer(vite: ViteDevServer): PageRenderer {
  return {
    async render({ url, head, queries }) {
      const raw = await readFile(join(projectRoot, "web/index.html"), "utf8");
      const template = await vite.transformIndexHtml(url, raw);
      const entry = (await vite.ssrLoadModule("/entry-server.tsx")) as ServerEntry;
      const rendered = await entry.render(url, queries);
      return fillTemplate(template, { head, appHtml: rendered.html, queries });
    },
    async renderShared({ url, head, queries }) {
      const raw = await readFile(join(projectRoot, "web/index.html"), "utf8");
      const template = await vite.transformIndexHtml(url, raw);
      const entry = (await vite.ssrLoadModule("/entry-server.tsx")) as ServerEntry;
      return sharedDocument(template, head, await entry.renderShared(url, queries));
    },
  };
}
