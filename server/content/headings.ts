import type { ArticleHeading } from "../../contract/articles";
import { decodeHtmlEntities } from "./html-entities";

/*
 * Anchors for an article's headings, so a table of contents can link to them. The sanitizer
 * (render.ts) lets no attribute through on headings, so an author can never choose an id; the
 * ids are made here from the heading's text, when the article is shown (rows stored before
 * this still get them), and hold only letters, digits and hyphens behind a fixed prefix: no
 * quote or bracket can reach the attribute, and no id can shadow one of the page's own
 * (the skip link's target, the app's root) or a global name in the browser.
 */

/** Every heading id starts with this. */
export const HEADING_ID_PREFIX = "section-";

/** The longest slug an id holds (after the prefix), cut at a hyphen where it can be. */
const MAX_SLUG = 60;

/** A heading the sanitizer wrote: h2 or h3 without attributes (it allows none on them). */
const HEADING = /<(h[23])>([\s\S]*?)<\/\1>/g;

/** The most headings a table of contents lists (every heading still gets its id). */
export const MAX_LISTED_HEADINGS = 100;

/**
 * The text of a heading's inner HTML: tags dropped, entities decoded, whitespace collapsed. The
 * HTML is the sanitizer's output, whose attribute values hold no raw "<" or ">", so a tag ends
 * at the first ">". One regular-expression pass: a body of thousands of headings stays fast.
 */
function headingText(innerHtml: string): string {
  return decodeHtmlEntities(innerHtml.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

/** Lower-case letters and digits of any script, joined by single hyphens; empty when there are none. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= MAX_SLUG) return slug;
  const cut = slug.slice(0, MAX_SLUG);
  const hyphen = cut.lastIndexOf("-");
  return hyphen > MAX_SLUG / 2 ? cut.slice(0, hyphen) : cut;
}

/**
 * Gives each h2 and h3 of sanitized article HTML an id from its text (`section-why-it-matters`),
 * unique within the body (`-2`, `-3`... for repeats), and lists the headings that have text, in
 * order (the first MAX_LISTED_HEADINGS).
 */
export function withHeadingIds(html: string): { html: string; headings: ArticleHeading[] } {
  const headings: ArticleHeading[] = [];
  const used = new Set<string>();
  // The next number to try for each base, so a thousand repeats of one heading are not quadratic.
  const nextNumber = new Map<string, number>();
  const out = html.replace(HEADING, (_match, tag: string, inner: string) => {
    const text = headingText(inner);
    const base = `${HEADING_ID_PREFIX}${slugify(text) || "untitled"}`;
    let id = base;
    if (used.has(id)) {
      let n = nextNumber.get(base) ?? 2;
      while (used.has(`${base}-${n}`)) n++;
      id = `${base}-${n}`;
      nextNumber.set(base, n + 1);
    }
    used.add(id);
    // A heading with no text (its markup was all dropped) keeps its id but is not listed.
    if (text && headings.length < MAX_LISTED_HEADINGS) headings.push({ id, text, level: tag === "h2" ? 2 : 3 });
    return `<${tag} id="${id}">${inner}</${tag}>`;
  });
  return { html: out, headings };
}
