/**
 * Page weight: what a page's HTML makes the browser download before and while it hydrates
 * (module scripts, module preloads, stylesheets), gzipped at level 9 as the server's
 * precompressed files are. The performance budget (issue 7) is written in these numbers.
 *
 *   tsx scripts/bench/page-weight.ts --url http://127.0.0.1:5000 [--cookie 'vidscribe_session=...'] [path ...]
 *
 * Paths default to "/" and "/login". The CLI prints one line per file and a total per page.
 */
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

export interface AssetWeight {
  /** Asset URLs in the order the page names them, each once. */
  files: string[];
  /** Their gzip (level 9) sizes added up. */
  gzipBytes: number;
}

export interface PageWeight {
  js: AssetWeight;
  css: AssetWeight;
}

interface FoundAssets {
  js: string[];
  css: string[];
}

const TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    attributes.set(match[1].toLowerCase(), match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/**
 * The scripts and stylesheets an HTML document asks for: `<script type="module" src>`,
 * `<link rel="modulepreload" href>`, the files the boot script loads after the first paint
 * (its `data-entry` and `data-preload`) and `<link rel="stylesheet" href>`, resolved against
 * the page's URL, each once.
 */
export function findPageAssets(html: string, pageUrl: string): FoundAssets {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [, tag, rest] of html.matchAll(TAG)) {
    const attributes = attributesOf(rest);
    if (tag.toLowerCase() === "script") {
      const src = attributes.get("src");
      if (src && attributes.get("type")?.toLowerCase() === "module") js.add(new URL(src, pageUrl).href);
      for (const name of ["data-entry", "data-preload"]) {
        for (const file of attributes.get(name)?.split(/\s+/).filter(Boolean) ?? [])
          js.add(new URL(file, pageUrl).href);
      }
      continue;
    }
    const rel = attributes.get("rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attributes.get("href");
    if (!href) continue;
    if (rel.includes("modulepreload")) js.add(new URL(href, pageUrl).href);
    else if (rel.includes("stylesheet")) css.add(new URL(href, pageUrl).href);
  }
  return { js: [...js], css: [...css] };
}

async function fetchText(url: string, cookie?: string): Promise<string> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.text();
}

/** gzip level 9 of each body, added up; the bodies are fetched uncompressed. */
async function weigh(urls: string[], cookie?: string): Promise<{ sizes: number[]; gzipBytes: number }> {
  const sizes = await Promise.all(
    urls.map(async (url) => gzipSync(Buffer.from(await fetchText(url, cookie)), { level: 9 }).length),
  );
  return { sizes, gzipBytes: sizes.reduce((sum, size) => sum + size, 0) };
}

/**
 * Fetches `path` from a running server (with the given Cookie header, for signed-in pages),
 * then every module script, module preload and stylesheet its HTML names, and returns their
 * gzipped sizes. Assets are listed as URLs (absolute, as resolved against the page).
 */
export async function measurePageWeight(baseUrl: string, path: string, cookie?: string): Promise<PageWeight> {
  const pageUrl = new URL(path, baseUrl).href;
  const assets = findPageAssets(await fetchText(pageUrl, cookie), pageUrl);
  const [js, css] = await Promise.all([weigh(assets.js, cookie), weigh(assets.css, cookie)]);
  return {
    js: { files: assets.js, gzipBytes: js.gzipBytes },
    css: { files: assets.css, gzipBytes: css.gzipBytes },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function parseArgs(argv: string[]): { url: string; cookie?: string; paths: string[] } {
  let url = "http://127.0.0.1:5000";
  let cookie: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--url") url = argv[++i] ?? url;
    else if (arg === "--cookie") cookie = argv[++i];
    else if (arg === "--help" || arg === "-h") {
      console.log(
        "usage: tsx scripts/bench/page-weight.ts --url http://127.0.0.1:PORT [--cookie 'name=value'] [path ...]",
      );
      process.exit(0);
    } else paths.push(arg);
  }
  return { url, cookie, paths: paths.length > 0 ? paths : ["/", "/login"] };
}

async function main() {
  const { url, cookie, paths } = parseArgs(process.argv.slice(2));
  for (const path of paths) {
    const pageUrl = new URL(path, url).href;
    const assets = findPageAssets(await fetchText(pageUrl, cookie), pageUrl);
    console.log(`\n${path}`);
    let jsTotal = 0;
    let cssTotal = 0;
    for (const [kind, list] of [
      ["js", assets.js],
      ["css", assets.css],
    ] as const) {
      const { sizes, gzipBytes } = await weigh(list, cookie);
      list.forEach((file, i) => {
        console.log(`  ${kind.padEnd(3)} ${kb(sizes[i]).padStart(9)}  ${new URL(file).pathname}`);
      });
      if (kind === "js") jsTotal = gzipBytes;
      else cssTotal = gzipBytes;
    }
    console.log(`  total: JS ${kb(jsTotal)} gz, CSS ${kb(cssTotal)} gz`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
