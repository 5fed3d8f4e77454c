import { describe, expect, it } from "vitest";
import { categoryImage } from "./category-image";
import { isPlaceholderThumbnail, thumbnailSources } from "./thumbnail";

describe("thumbnailSources", () => {
  it("tries the full-size video thumbnail, then the lower-resolution one, then the category picture", () => {
    expect(thumbnailSources("Rl7vQm2xK9c", "/tech.svg")).toEqual([
      "https://i.ytimg.com/vi/Rl7vQm2xK9c/maxresdefault.jpg",
      "https://i.ytimg.com/vi/Rl7vQm2xK9c/hqdefault.jpg",
      "/tech.svg",
    ]);
  });

  it("uses only the category picture without a usable video id", () => {
    expect(thumbnailSources(null, "/news.svg")).toEqual(["/news.svg"]);
    expect(thumbnailSources("", "/news.svg")).toEqual(["/news.svg"]);
    expect(thumbnailSources("../../evil", "/news.svg")).toEqual(["/news.svg"]);
  });

  it("treats YouTube's 120-pixel placeholder as a failure", () => {
    expect(isPlaceholderThumbnail(120)).toBe(true);
    expect(isPlaceholderThumbnail(1280)).toBe(false);
    expect(isPlaceholderThumbnail(0)).toBe(false);
  });
});

describe("categoryImage", () => {
  it("has a picture per category, whatever the case, and a default", () => {
    const names = ["Technology", "Business", "Entertainment", "Education", "News", "Sports", "Politics"];
    const more = ["Health", "Science", "Lifestyle", "Other"];
    const images = [...names, ...more].map((name) => categoryImage(name));
    expect(new Set(images).size).toBe(11);
    expect(categoryImage("technology")).toBe(categoryImage("Technology"));
    expect(categoryImage("Cooking")).toBe(categoryImage(null));
    expect(images).not.toContain(categoryImage(undefined));
  });
});
