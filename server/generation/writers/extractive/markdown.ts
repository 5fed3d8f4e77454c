/**
 * Everything the extractive writer copies from a video (transcript, description, comments,
 * chapter titles, the channel name) is untrusted text that ends up inside markdown. These helpers
 * make sure such text stays text: no links, no HTML, no emphasis or headings it did not ask for.
 */

// Invisible and direction-changing characters: harmless to a parser, misleading to a reader.
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Collapses whitespace and removes control, zero-width and bidi-override characters. */
export function cleanText(text: string): string {
  return text.replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
}

/**
 * Escapes text for use inside a markdown paragraph, list item, quote or heading so that it renders
 * exactly as written: backslash-escapes the characters that start emphasis, code, links, images,
 * HTML and tables, neutralises entities and bare URLs (which GFM would turn into links), and
 * escapes a leading character that would start a heading, list, quote or rule.
 */
export function escapeMarkdown(text: string): string {
  let out = cleanText(text)
    .replace(/[\\`*_[\]<>~|{}]/g, "\\$&")
    .replace(/&(?=#?[a-z0-9]+;)/gi, "\\&")
    .replace(/\b(https?|ftp):\/\//gi, "$1\\://")
    .replace(/\bwww\./gi, "www\\.")
    .replace(/([\p{L}\p{N}._%+-])@(?=[\p{L}\p{N}-]+\.)/gu, "$1\\@");
  // A leading marker would make a block of its own: "# x", "- x", "+ x", "1. x", "> x", "=== ".
  out = out.replace(/^([#>+=-])/, "\\$1").replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2");
  return out;
}

/** Removes URLs and e-mail addresses from text (spam in descriptions and comments). */
export function stripUrls(text: string): string {
  return text
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, " ")
    .replace(/\b[\w.+-]+@[\w-]+\.[\w.]+\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A markdown link whose text is escaped; the URL must be one we built (never untrusted). */
export function link(text: string, url: string): string {
  return `[${escapeMarkdown(text)}](${url})`;
}
