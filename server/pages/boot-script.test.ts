import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BOOT_SCRIPT, BOOT_SCRIPT_CSP_SOURCE, loadScriptsAfterFirstPaint } from "./boot-script";

const built = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <!--app-data-->
  </body>
</html>`;

describe("loadScriptsAfterFirstPaint", () => {
  it("replaces the module scripts and preloads with the boot script at the end of the body", () => {
    const html = loadScriptsAfterFirstPaint(built, ["/assets/article-D.js"]);
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    // The stylesheet stays where it was: the first paint needs it.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
    const tag = `<script data-entry="/assets/index-A.js" data-preload="/assets/vendor-B.js /assets/article-D.js">${BOOT_SCRIPT}</script>`;
    expect(html).toContain(tag);
    expect(html.indexOf(tag)).toBeGreaterThan(html.indexOf("<!--app-data-->"));
    expect(html.indexOf(tag)).toBeLessThan(html.indexOf("</body>"));
  });

  it("escapes the file names it writes into attributes", () => {
    const html = loadScriptsAfterFirstPaint(built, ['/assets/x"><script>alert(1)</script>.js']);
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("&quot;&gt;&lt;script&gt;");
  });

  it("lists a file once", () => {
    const html = loadScriptsAfterFirstPaint(built, ["/assets/vendor-B.js"]);
    expect(html).toContain('data-preload="/assets/vendor-B.js"');
  });

  it("leaves a template without module scripts alone", () => {
    const plain = "<html><head></head><body></body></html>";
    expect(loadScriptsAfterFirstPaint(plain)).toBe(plain);
  });
});

describe("BOOT_SCRIPT_CSP_SOURCE", () => {
  it("is the hash of exactly the boot script's text", () => {
    const hash = createHash("sha256").update(BOOT_SCRIPT, "utf8").digest("base64");
    expect(BOOT_SCRIPT_CSP_SOURCE).toBe(`'sha256-${hash}'`);
  });

  it("covers a script that parses and reads only its own data attributes", () => {
    expect(() => new Function(BOOT_SCRIPT)).not.toThrow();
    expect(BOOT_SCRIPT).not.toMatch(/innerHTML|eval\(|document\.write/);
  });
});
