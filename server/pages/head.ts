import { PRODUCT_NAME } from "../../contract/options";
import type { PageMeta } from "../../contract/pages";
import { escapeHtml, serializeForScript } from "./html";

/** A `<meta>` tag: Open Graph uses `property`, Twitter cards and robots use `name`. */
export type HeadMeta = { property: string; content: string } | { name: string; content: string };

/** Everything the server writes into a page's `<head>`; every value is plain text, escaped when written. */
export interface RenderedHead {
  title: string;
  description: string;
  canonicalUrl: string;
  /** Open Graph, Twitter card and robots tags, in the order they are written. */
  meta?: HeadMeta[];
  /** `<link>` tags beyond the canonical one: a topic page's RSS feed (rel alternate). */
  links?: Array<{ rel: string; type: string; title: string; href: string }>;
  /** Structured data (schema.org), each written as its own application/ld+json block. */
  jsonLd?: Record<string, unknown>[];
}

/** An absolute URL on the public site (PUBLIC_URL), for canonical links, feeds and share previews. */
export function absoluteUrl(publicUrl: URL, path: string): string {
  // "//host/x" is a path here, never another host.
  return new URL(path.replace(/^[/\\]+/, "/"), publicUrl).toString();
}

/**
 * The head of any page: title, description, canonical URL and the Open Graph and Twitter tags a
 * link preview needs. Pages a search engine has no use for (the 404 page, pages behind sign-in)
 * say noindex.
 */
export function pageHead(page: PageMeta, canonicalUrl: string): RenderedHead {
  const meta: HeadMeta[] = [
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonicalUrl },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
  ];
  if (page.name === "notFound" || page.signedIn) meta.push({ name: "robots", content: "noindex" });
  return { title: page.title, description: page.description, canonicalUrl, meta };
}

/** The head as HTML, every value escaped; JSON-LD is serialized so no string in it can end its element. */
export function renderHeadTags(head: RenderedHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
  ];
  for (const tag of head.meta ?? []) {
    const [attribute, key] = "property" in tag ? ["property", tag.property] : ["name", tag.name];
    tags.push(`<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(tag.content)}" />`);
  }
  for (const link of head.links ?? []) {
    tags.push(
      `<link rel="${escapeHtml(link.rel)}" type="${escapeHtml(link.type)}" title="${escapeHtml(link.title)}" href="${escapeHtml(link.href)}" />`,
    );
  }
  // JSON-LD is data, never executed, so the CSP (script-src 'self') needs no exception for it.
  for (const data of head.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${serializeForScript(data)}</script>`);
  }
  return tags.join("\n    ");
}

/** The files a page needs beyond the entry's: module scripts and stylesheets. */
export interface PagePreloads {
  scripts: string[];
  styles: string[];
}

/**
 * `<link rel="stylesheet">` for each style, `crossorigin` as on Vite's own tags. (The scripts
 * go to the boot script: boot-script.ts.)
 */
export function renderStyleTags(styles: string[]): string {
  return styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`).join("\n    ");
}
