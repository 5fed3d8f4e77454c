import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPageAssets, measurePageWeight } from "./page-weight";

describe("findPageAssets", () => {
  it("finds module scripts, module preloads and stylesheets, each once, resolved against the page", () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-E.js"></script>
      <link rel="stylesheet" crossorigin href="/assets/index-C.css">
      <link rel="modulepreload" crossorigin href="/assets/page-P.js" />
      <link rel='modulepreload' href='chunk.js'>
      <link rel="modulepreload" href="/assets/page-P.js" />
      <link rel="icon" href="/favicon.svg" />
      <link rel="preload" as="image" href="/picture.jpg" />
      <script type="application/ld+json">{"a":1}</script>
      <script src="/classic.js"></script>
    </head><body><div id="root"></div></body></html>`;
    expect(findPageAssets(html, "http://127.0.0.1:5000/article/x")).toEqual({
      js: [
        "http://127.0.0.1:5000/assets/index-E.js",
        "http://127.0.0.1:5000/assets/page-P.js",
        "http://127.0.0.1:5000/article/chunk.js",
      ],
      css: ["http://127.0.0.1:5000/assets/index-C.css"],
    });
  });

  it("counts what the boot script loads after the first paint", () => {
    const html = `<html><head><link rel="stylesheet" href="/assets/index-C.css"></head><body>
      <script data-entry="/assets/index-E.js" data-preload="/assets/page-P.js  /assets/app-A.js">(function(){})()</script>
    </body></html>`;
    expect(findPageAssets(html, "http://127.0.0.1:5000/").js).toEqual([
      "http://127.0.0.1:5000/assets/index-E.js",
      "http://127.0.0.1:5000/assets/page-P.js",
      "http://127.0.0.1:5000/assets/app-A.js",
    ]);
  });
});

describe("measurePageWeight", () => {
  const bodies: Record<string, string> = {
    "/assets/entry.js": "console.log('entry');".repeat(50),
    "/assets/page.js": "export const page = 1;",
    "/assets/app.css": "body { margin: 0 }".repeat(20),
  };
  let server: Server;
  let baseUrl = "";
  let cookieSeen: string | undefined;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/home") {
        cookieSeen = request.headers.cookie;
        response.setHeader("content-type", "text/html");
        response.end(
          '<head><script type="module" src="/assets/entry.js"></script><link rel="modulepreload" href="/assets/page.js" /><link rel="stylesheet" href="/assets/app.css"></head>',
        );
        return;
      }
      const body = bodies[request.url ?? ""];
      response.statusCode = body === undefined ? 404 : 200;
      response.end(body ?? "missing");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("adds up the gzip (level 9) sizes of the page's scripts and of its styles, sending the cookie", async () => {
    const gz = (path: string) => gzipSync(Buffer.from(bodies[path]), { level: 9 }).length;
    const weight = await measurePageWeight(baseUrl, "/home", "sid=abc");
    expect(weight).toEqual({
      js: {
        files: [`${baseUrl}/assets/entry.js`, `${baseUrl}/assets/page.js`],
        gzipBytes: gz("/assets/entry.js") + gz("/assets/page.js"),
      },
      css: { files: [`${baseUrl}/assets/app.css`], gzipBytes: gz("/assets/app.css") },
    });
    expect(cookieSeen).toBe("sid=abc");
  });

  it("fails on a page that does not answer 200", async () => {
    await expect(measurePageWeight(baseUrl, "/nope")).rejects.toThrow(/answered 404/);
  });
});
