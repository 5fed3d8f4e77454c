import { describe, expect, it } from "vitest";
import { lowerScriptPriority, pagePreloads, templatesByPage, type ViteManifest } from "./renderer";

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
    '<html><head><script type="module" src="/assets/index-E.js"></script>\n  </head><body></body></html>';

  it("writes each page's preloads into the head of its own copy of the template", () => {
    const templates = templatesByPage(template, manifest);
    expect([...templates.keys()].sort()).toEqual(["pages/article.tsx", "pages/landing.tsx"]);
    const article = templates.get("pages/article.tsx") ?? "";
    expect(article).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/article-P.js" />',
    );
    expect(article).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/icons-I.js" />');
    expect(article).toContain('<link rel="stylesheet" crossorigin href="/assets/article-S.css" />');
    expect(article.indexOf("article-P.js")).toBeLessThan(article.indexOf("</head>"));
    expect(templates.get("pages/landing.tsx")).toContain('href="/assets/landing-L.js"');
  });
});

describe("lowerScriptPriority", () => {
  it("fetches the entry script at low priority, once", () => {
    const template = '<head><script type="module" crossorigin src="/assets/index-A.js"></script></head>';
    const lowered = lowerScriptPriority(template);
    expect(lowered).toBe(
      '<head><script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js"></script></head>',
    );
    expect(lowerScriptPriority(lowered)).toBe(lowered);
  });
});
