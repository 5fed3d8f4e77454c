import { decodeHtmlEntities } from "../../content/html-entities";

/** Plain text from a small piece of HTML such as a comment: line breaks kept, tags dropped, entities decoded. */
export function htmlToText(html: string): string {
  return decodeHtmlEntities(
    html
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/p>\s*<p[^>]*>/gi, "\n\n")
      .replace(/<\/?[A-Za-z][^<>]*>/g, ""),
  )
    .replace(/[ \t]+\n/g, "\n")
    .trim();
}
