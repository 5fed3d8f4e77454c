import { CATEGORIES, type Category } from "./options";

/*
 * Topics (issue 19): a category's or a tag's address. /category/{slug} and /tag/{slug} (with
 * rss.xml under each) use these slugs, and a follow of a tag or a category (follows.target)
 * stores the same slug, so they must never change: lowercase ASCII letters and digits, every
 * run of anything else one hyphen, no hyphen at either end.
 */

/** A topic slug as addresses hold it; what topicSlug can answer (empty aside). */
export const TOPIC_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Longer than any tag (40 characters) or category can make. */
export const MAX_TOPIC_SLUG_LENGTH = 100;

function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 122);
}

/**
 * The slug of any topic's name, in one pass: ASCII letters lowercased (only ASCII, so every
 * locale and the database's SQL twin, tagSlugSql in server/topics, agree), every run of other
 * characters one hyphen, none at either end. Empty when the name has no ASCII letter or digit.
 */
export function topicSlug(name: string): string {
  let slug = "";
  let gap = false;
  const text = name.slice(0, MAX_TOPIC_SLUG_LENGTH * 4);
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) code += 32;
    if (isAsciiAlnum(code)) {
      if (gap && slug) slug += "-";
      gap = false;
      slug += String.fromCharCode(code);
    } else {
      gap = true;
    }
  }
  return slug.slice(0, MAX_TOPIC_SLUG_LENGTH).replace(/-$/, "");
}

/** A category's slug: "Food & Cooking" is "food-cooking". */
export const categorySlug = (name: string): string => topicSlug(name);
/** A tag's slug: "Machine Learning" and "machine-learning" are both "machine-learning". */
export const tagSlug = (tag: string): string => topicSlug(tag);

const CATEGORY_BY_SLUG = new Map<string, Category>(CATEGORIES.map((name) => [categorySlug(name), name]));

/** The category a slug names (the contract's list), or undefined. */
export function categoryForSlug(slug: string): Category | undefined {
  return CATEGORY_BY_SLUG.get(slug);
}

/** Whether text can be a topic slug at all (checked before any database look-up). */
export function isTopicSlug(slug: string): boolean {
  return slug.length > 0 && slug.length <= MAX_TOPIC_SLUG_LENGTH && TOPIC_SLUG.test(slug);
}

export const categoryPath = (name: string): string => `/category/${categorySlug(name)}`;
/** A tag's page; null when the tag has no slug (no ASCII letter or digit): it is shown, not linked. */
export const tagPath = (tag: string): string | null => {
  const slug = tagSlug(tag);
  return slug ? `/tag/${slug}` : null;
};
export const categoryRssPath = (slug: string): string => `/category/${slug}/rss.xml`;
export const tagRssPath = (slug: string): string => `/tag/${slug}/rss.xml`;

/** How many tags the sitemap lists: the most used ones. */
export const SITEMAP_TAG_LIMIT = 500;
