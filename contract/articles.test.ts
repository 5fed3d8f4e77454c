import { describe, expect, it } from "vitest";
import { createArticleRequest } from "./articles";

const URL = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

describe("createArticleRequest: language", () => {
  it("takes a supported language code", () => {
    expect(createArticleRequest.parse({ youtubeUrl: URL, language: "fr" }).language).toBe("fr");
  });

  it('reads a missing, empty, null or "video" language as the video\'s own', () => {
    expect(createArticleRequest.parse({ youtubeUrl: URL }).language).toBeNull();
    expect(createArticleRequest.parse({ youtubeUrl: URL, language: "" }).language).toBeNull();
    expect(createArticleRequest.parse({ youtubeUrl: URL, language: null }).language).toBeNull();
    expect(createArticleRequest.parse({ youtubeUrl: URL, language: "video" }).language).toBeNull();
  });

  it("rejects an unsupported language with a message naming the choices", () => {
    const result = createArticleRequest.safeParse({ youtubeUrl: URL, language: "klingon" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(
      "language must be one of: en, es, fr, de, pt (or left out for the video's language)",
    );
    expect(createArticleRequest.safeParse({ youtubeUrl: URL, language: 7 }).success).toBe(false);
  });
});
