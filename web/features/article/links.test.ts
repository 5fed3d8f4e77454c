import { bookmarkCheckQueryKey, isArticleQueryKey } from "@contract/query-keys";
import { describe, expect, it } from "vitest";
import { shareLinks } from "./links";

describe("shareLinks", () => {
  it("builds each network's share address with the URL and title encoded", () => {
    const links = shareLinks("https://vidscribe.example/article/a-b?x=1&y=2", "Pricing & you: #1");
    expect(links.facebook).toBe(
      "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fvidscribe.example%2Farticle%2Fa-b%3Fx%3D1%26y%3D2",
    );
    expect(links.twitter).toBe(
      "https://twitter.com/intent/tweet?url=https%3A%2F%2Fvidscribe.example%2Farticle%2Fa-b%3Fx%3D1%26y%3D2&text=Pricing%20%26%20you%3A%20%231",
    );
    expect(links.linkedin).toBe(
      "https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fvidscribe.example%2Farticle%2Fa-b%3Fx%3D1%26y%3D2",
    );
  });
});

describe("query keys", () => {
  it("recognises single-article keys by id and by slug, and nothing else", () => {
    expect(isArticleQueryKey(["/api/articles/12"])).toBe(true);
    expect(isArticleQueryKey(["/api/articles/slug/my-story"])).toBe(true);
    expect(isArticleQueryKey(["/api/articles?page=1"])).toBe(false);
    expect(isArticleQueryKey(["/api/articles/featured"])).toBe(false);
    expect(isArticleQueryKey(["/api/user/articles"])).toBe(false);
  });

  it("asks the bookmark check at the API's path", () => {
    expect(bookmarkCheckQueryKey(9)).toEqual(["/api/bookmarks/check/9"]);
  });
});
