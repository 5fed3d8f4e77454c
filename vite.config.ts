import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rollup } from "vite";

type ManualChunkMeta = Parameters<Rollup.GetManualChunk>[1];

const LANDING = fileURLToPath(new URL("./web/pages/landing.tsx", import.meta.url));
const LIGHT_ICON = fileURLToPath(new URL("./web/lib/light-icon.ts", import.meta.url));
const FORM_LIBRARIES = /\/node_modules\/(?:zod|react-hook-form|@hookform\/resolvers)\//;
const isPage = (id: string) => /\/web\/pages\/[^/]+\.tsx$/.test(id);

/**
 * Which chunk a module goes to. Each page and each lazily loaded part (dialogs, menus, the
 * toaster) is its own chunk by dynamic import. Left alone, Rollup would also cut the code that
 * several pages share into one small chunk per set of pages sharing it, and a page would ask
 * for twenty files before it could hydrate. So:
 *
 * - "index" (the entry): what the entry imports (React, the router, TanStack Query, the route
 *   table) and whatever the landing page shares with another page (buttons, cards, class
 *   merging, the logo): the front door loads two files, the entry and its own chunk.
 * - "app": what two or more other pages share (navigation, avatars, article pictures, query
 *   keys, mutations): one more file for the app's pages.
 * - anything else stays where Rollup puts it: with its only page, or with the overlays (Radix
 *   Dialog, Select, DropdownMenu, Toast) that load when they are about to be used.
 *
 * "Shares" counts static imports only, from the page down: what a page loads lazily is not
 * part of its first load.
 */
function chunkPlanner() {
  let entryClosure: Set<string> | undefined;
  const reachCache = new Map<string, { pages: Set<string>; lazy: Set<string> }>();
  const ownerCache = new Map<string, Set<string>>();
  const formsCache = new Map<string, boolean>();

  /** The pages and lazily loaded parts whose static imports lead to a module. */
  const reachedFrom = (id: string, meta: ManualChunkMeta, visiting = new Set<string>()) => {
    const known = reachCache.get(id);
    if (known) return known;
    const reach = { pages: new Set<string>(), lazy: new Set<string>() };
    const info = meta.getModuleInfo(id);
    if (isPage(id)) reach.pages.add(id);
    else if (info && info.dynamicImporters.length > 0) reach.lazy.add(id);
    else if (info && !visiting.has(id)) {
      visiting.add(id);
      for (const importer of info.importers) {
        const from = reachedFrom(importer, meta, visiting);
        for (const page of from.pages) reach.pages.add(page);
        for (const root of from.lazy) reach.lazy.add(root);
      }
      visiting.delete(id);
    }
    // A module met again inside its own import cycle has an incomplete answer: keep only final ones.
    if (visiting.size === 0) reachCache.set(id, reach);
    return reach;
  };

  /** The pages that load a lazily loaded part (a dialog opened from the page). */
  const ownersOf = (root: string, meta: ManualChunkMeta): Set<string> => {
    const known = ownerCache.get(root);
    if (known) return known;
    const owners = new Set<string>();
    for (const importer of meta.getModuleInfo(root)?.dynamicImporters ?? []) {
      for (const page of reachedFrom(importer, meta).pages) owners.add(page);
    }
    ownerCache.set(root, owners);
    return owners;
  };

  /** Whether a module's static imports lead to the form libraries (zod, react-hook-form). */
  const usesForms = (id: string, meta: ManualChunkMeta, visiting = new Set<string>()): boolean => {
    const known = formsCache.get(id);
    if (known !== undefined) return known;
    if (FORM_LIBRARIES.test(id)) return true;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const found = (meta.getModuleInfo(id)?.importedIds ?? []).some((next) => usesForms(next, meta, visiting));
    visiting.delete(id);
    // Inside an import cycle a "no" may be incomplete: keep only final answers and every "yes".
    if (found || visiting.size === 0) formsCache.set(id, found);
    return found;
  };

  const staticClosure = (meta: ManualChunkMeta): Set<string> => {
    const seen = new Set<string>();
    const queue = [...meta.getModuleIds()].filter((id) => meta.getModuleInfo(id)?.isEntry);
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };

  return (id: string, meta: ManualChunkMeta): string | undefined => {
    entryClosure ??= staticClosure(meta);
    // Named too, not only reached: a module left unassigned goes to the first manual chunk that
    // imports it, and React in "app" would make the two chunks import each other.
    if (entryClosure.has(id)) return "index";
    const { pages, lazy } = reachedFrom(id, meta);
    // What one page shares with a part it loads lazily (Settings and its upload dialog both use
    // the upload client) would go into the page's chunk, and the dialog would import from it:
    // the page's chunk would no longer be the page's own, and Vite's manifest would lose it.
    const sharedWithOwnPart = pages.size === 1 && [...lazy].some((root) => ownersOf(root, meta).has([...pages][0]));
    if (FORM_LIBRARIES.test(id)) return "forms";
    if (pages.size < 2 && !sharedWithOwnPart) return undefined;
    // What forms share (the form libraries, the contract's schemas, field helpers) goes together,
    // loaded by what has a form (a form page, the comments, a dialog) and not with "app": a
    // reader's first load of an article or the feed skips it.
    if (usesForms(id, meta)) return "forms";
    return pages.has(LANDING) ? "index" : "app";
  };
}

/**
 * `import { X } from "lucide-react"` becomes the icon's data from "lucide-react/icons/x" made into
 * a component by web/lib/light-icon.ts. One import per icon (what Next.js's
 * optimizePackageImports does): through the package's index every icon would seem to be
 * imported by every module that imports any, and the chunk planner would put them all in the
 * entry; with one import per icon each goes where it is used. The light component renders
 * lucide's markup at a fraction of lucide-react's cost per render (see light-icon.ts).
 */
function lucideIconImports(): Plugin {
  const require = createRequire(import.meta.url);
  const index = readFileSync(
    require.resolve("lucide-react").replace(/cjs\/lucide-react\.js$/, "esm/lucide-react.mjs"),
    "utf8",
  );
  const files = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
    for (const name of names.matchAll(/default as (\w+)/g)) files.set(name[1], file);
  }
  return {
    name: "lucide-icon-imports",
    // Builds only: the dev server pre-bundles the package's index once, while one import per
    // icon would make it discover (and reload the page for) each new icon.
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!id.includes("/web/") || !code.includes('"lucide-react"')) return;
      let rewritten = false;
      const code2 = code.replace(/import\s*\{([^}]*)\}\s*from\s*"lucide-react";?/g, (statement, specifiers: string) => {
        const imports = specifiers
          .split(",")
          .map((specifier) => specifier.trim())
          .filter((specifier) => specifier && !specifier.startsWith("type "))
          .map((specifier) => {
            const [name, local = name] = specifier.split(/\s+as\s+/);
            const file = files.get(name);
            return file
              ? `import { __iconData as __icon_${local} } from "lucide-react/icons/${file}";\nconst ${local} = __lightIcon(__icon_${local});`
              : null;
          });
        // Anything unexpected (a type, a helper): leave the statement as it was.
        if (!imports.every(Boolean)) return statement;
        rewritten = true;
        return imports.join("\n");
      });
      return rewritten ? `import { lightIcon as __lightIcon } from ${JSON.stringify(LIGHT_ICON)};\n${code2}` : code2;
    },
  };
}

// The web app lives in web/; the client build goes to dist/client and the server-rendering
// bundle (vite build --ssr) to dist/ssr. Both are made by scripts/build.mjs.
export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL("./web", import.meta.url)),
  plugins: [lucideIconImports(), react(), tailwindcss()],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./web", import.meta.url)),
      "@contract": fileURLToPath(new URL("./contract", import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL("./dist/client", import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // The server reads .vite/manifest.json to preload the chunk of the page it rendered
    // (server/pages/renderer.ts).
    manifest: !isSsrBuild,
    rollupOptions: {
      output: isSsrBuild
        ? {}
        : {
            manualChunks: chunkPlanner(),
            // Only the entry is called index-*.js (the bench's static-asset scenario looks it
            // up by that name); a chunk Rollup would name after some package's index.js is "shared".
            chunkFileNames: (chunk) => `assets/${chunk.name === "index" ? "shared" : "[name]"}-[hash].js`,
          },
    },
  },
}));
