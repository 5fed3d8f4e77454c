// Characters XML 1.0 cannot hold at all, even escaped (C0 controls but tab, CR, LF; lone
// surrogates; U+FFFE/U+FFFF). One in a title would make the whole feed unreadable.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must be removed
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe in XML element content and quoted attributes. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

/** An element with escaped text content. */
export function element(name: string, text: string, attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  return `<${name}${attrs}>${escapeXml(text)}</${name}>`;
}

/** A sitemap <url> entry (sitemaps.org protocol). */
export function sitemapUrl(loc: string, lastmod?: Date): string {
  return `<url>${element("loc", loc)}${lastmod ? element("lastmod", lastmod.toISOString()) : ""}</url>`;
}
