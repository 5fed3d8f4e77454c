import type { User } from "@contract/auth";
import type { ArticleSummary, FeedPage } from "@contract/feed";
import { FEATURED_QUERY_KEY, feedQueryKey, STATS_QUERY_KEY } from "@contract/feed-query";
import { CATEGORIES, editCategoriesFor, PAGE_SIZE } from "@contract/options";
import { AUTH_USER_KEY } from "@contract/query-keys";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CategoryAndStyleFields } from "@/features/manage-articles/category-style-fields";
import type { FieldProps } from "@/lib/form-fields";
import { render } from "../../entry-server";

// Issue 19, "the feed that tells the truth": the pager offers a next page only when the answer
// says one exists, and every place that offers categories offers the contract's one list.

const reader: User = {
  id: "u1",
  email: "ama@example.com",
  firstName: "Ama",
  lastName: "Mensah",
  profileImageUrl: null,
  handle: "ama-mensah",
  bio: "",
  role: "user",
  userType: "free",
  articlesGenerated: 0,
  subscriptionStatus: "inactive",
  subscriptionPlan: null,
  subscriptionEndDate: null,
  preferredCategories: [],
  preferredTopics: [],
  emailVerified: true,
  createdAt: "2025-01-01T00:00:00.000Z",
};

function card(id: number): ArticleSummary {
  const fields = {
    id,
    slug: `article-${id}`,
    title: `Article ${id}`,
    excerpt: "An excerpt.",
    category: "Technology",
    style: "blog",
    length: "short",
    tone: "informative",
    tags: [],
    youtubeUrl: null,
    youtubeVideoId: null,
    thumbnailUrl: null,
    transcriptUsed: true,
    transcriptSource: "captions",
    language: "en",
    wordCount: 400,
    readingMinutes: 2,
    viewCount: 0,
    views: 0,
    avgRating: 0,
    ratingCount: 0,
    commentCount: 0,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    user: { firstName: "Yaw", lastName: "Boateng", profileImageUrl: null },
    authorHandle: "yaw-boateng",
  };
  return fields as ArticleSummary;
}

/** The signed-in home as the server renders it, with this feed page preloaded for `url`. */
async function home(url: string, page: number, feed: FeedPage) {
  const { html } = await render(url, [
    { queryKey: AUTH_USER_KEY, data: reader },
    { queryKey: feedQueryKey({ page, sortBy: "for_you" }), data: feed },
    { queryKey: FEATURED_QUERY_KEY, data: null },
    { queryKey: STATS_QUERY_KEY, data: { totalArticles: 0, activeAuthors: 0, totalReads: 0 } },
  ]);
  return html;
}

/** A select's props as react-hook-form's register would give them. */
const field = (name: string, defaultValue: string): FieldProps => ({
  id: `edit-${name}`,
  error: undefined,
  defaultValue,
  name,
  onChange: async () => {},
  onBlur: async () => {},
  ref: () => {},
});

const cards = (from: number, count: number) => Array.from({ length: count }, (_, i) => card(from + i));
const nextLinks = (html: string) => html.match(/href="\/\?page=\d+"/g) ?? [];
/** The <option> values of the select named `name` in the HTML. */
function optionsOf(html: string, name: string): string[] {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option[^>]*value="([^"]*)"/g)].map((m) => m[1]).filter(Boolean);
}

describe("the feed's pager", () => {
  it("offers no page 2 with exactly a page of articles and nothing after them", async () => {
    const html = await home("/", 1, { articles: cards(1, PAGE_SIZE), hasMore: false });
    expect(html.match(/Article \d+/g)).toHaveLength(PAGE_SIZE);
    expect(nextLinks(html)).toEqual([]);
    expect(html).not.toContain('aria-label="Pagination"');
  });

  it("links page 2 when the answer says a next page exists", async () => {
    const html = await home("/", 1, { articles: cards(1, PAGE_SIZE), hasMore: true });
    expect(nextLinks(html)).toEqual(['href="/?page=2"']);
  });

  it("keeps Previous on the last page and offers no page after it", async () => {
    const html = await home("/?page=2", 2, { articles: cards(11, 1), hasMore: false });
    expect(html).toContain('aria-label="Pagination"');
    expect(nextLinks(html)).toEqual([]);
    expect(html).toContain('href="/"');
  });
});

describe("the categories", () => {
  it("are the contract's one list in the feed's filter, the create dialog and the edit dialog", async () => {
    const html = await home("/?create=1", 1, { articles: [], hasMore: false });
    expect(optionsOf(html, "category")).toEqual([...CATEGORIES]);
    // The create dialog, opened by the page's address, is in the same HTML.
    const create = html.slice(html.indexOf('role="dialog"'));
    expect(optionsOf(create, "category")).toEqual([...CATEGORIES]);

    const edit = renderToString(
      <CategoryAndStyleFields
        current="Technology"
        category={field("category", "Technology")}
        style={field("style", "blog")}
      />,
    );
    expect(optionsOf(edit, "category")).toEqual([...CATEGORIES]);
    // An article whose category left the list keeps it in its own dialog.
    expect(editCategoriesFor("Cooking")).toEqual(["Cooking", ...CATEGORIES]);
  });
});
