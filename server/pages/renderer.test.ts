import { describe, expect, it } from "vitest";
import { pagePreloads, templatesByPage, type ViteManifest } from "./renderer";

// The shape Vite writes (dist/client/.vite/manifest.json): keys are sources under web/, or
// "_name-hash.js" for shared chunks.
const manifest: ViteManifest = {
  "index.html": {
    file: "assets/index-E.js",
    src: "index.html",
    isEntry: true,
    imports: ["_vendor-V.js"],
    dynamicImports: ["pages/article.tsx", "pages/landing.tsx"],
    css: ["assets/index-C.css"],
  },
  "_vendor-V.js": { file: "assets/vendor-V.js" },
  "_app-A.js": { file: "assets/app-A.js", imports: ["index.html", "_icons-I.js"] },
  "_icons-I.js": { file: "assets/icons-I.js", imports: ["_app-A.js"] },
  "pages/article.tsx": {
    file: "assets/article-P.js",
    src: "pages/article.tsx",
    isDynamicEntry: true,
    imports: ["index.html", "_app-A.js"],
    dynamicImports: ["features/dialog.tsx"],
    css: ["assets/article-S.css"],
  },
  "pages/landing.tsx": {
    file: "assets/landing-L.js",
    src: "pages/landing.tsx",
    isDynamicEntry: true,
    imports: ["index.html"],
  },
  "features/dialog.tsx": { file: "assets/dialog-D.js", src: "features/dialog.tsx", isDynamicEntry: true },
};

describe("pagePreloads", () => {
  it("lists the page's chunk and its static imports, recursively, but not what the entry loads", () => {
    expect(pagePreloads(manifest, "pages/article.tsx")).toEqual({
      scripts: ["/assets/article-P.js", "/assets/app-A.js", "/assets/icons-I.js"],
      styles: ["/assets/article-S.css"],
    });
  });

  it("leaves out what the page loads lazily", () => {
    expect(pagePreloads(manifest, "pages/article.tsx").scripts).not.toContain("/assets/dialog-D.js");
  });

  it("needs only the page's own chunk when the entry has the rest", () => {
    expect(pagePreloads(manifest, "pages/landing.tsx")).toEqual({ scripts: ["/assets/landing-L.js"], styles: [] });
  });

  it("preloads nothing for a page the manifest does not know", () => {
    expect(pagePreloads(manifest, "pages/missing.tsx")).toEqual({ scripts: [], styles: [] });
  });
});

describe("templatesByPage", () => {
  const template =
    '<html><head><script type="module" crossorigin src="/assets/index-E.js"></script>\n  </head><body><div id="root"></div>\n</body></html>';

  it("gives each page its stylesheets in the head and its chunks to the boot script", () => {
    const { byPage } = templatesByPage(template, manifest);
    expect([...byPage.keys()].sort()).toEqual(["pages/article.tsx", "pages/landing.tsx"]);
    const article = byPage.get("pages/article.tsx") ?? "";
    expect(article).toContain('<link rel="stylesheet" crossorigin href="/assets/article-S.css" />');
    expect(article.indexOf("article-S.css")).toBeLessThan(article.indexOf("</head>"));
    expect(article).toContain(
      '<script data-entry="/assets/index-E.js" data-preload="/assets/article-P.js /assets/app-A.js /assets/icons-I.js">',
    );
    // No module is fetched before the boot script asks for it.
    expect(article).not.toMatch(/<script type="module"/);
    expect(article).not.toMatch(/<link rel="modulepreload"/);
    expect(byPage.get("pages/landing.tsx")).toContain('data-preload="/assets/landing-L.js"');
  });

  it("keeps a bare template, entry only, for a page the manifest does not know", () => {
    const { fallback } = templatesByPage(template, manifest);
    expect(fallback).toContain('<script data-entry="/assets/index-E.js" data-preload="">');
    expect(fallback).not.toContain("<link");
  });
});
