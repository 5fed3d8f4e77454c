import { readdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArticleLength, ArticleStyle } from "../../../../contract/articles";
import type { VideoData, WriteRequest, WrittenArticle } from "../../types";
import { BUNDLED_FIXTURES_DIR, createFixtureVideoSource } from "../../video/fixtures";
import { writeExtractive } from "./index";

// How a story is laid out: the support in the video's order, readers' voices a few at a time.

function request(video: VideoData, style: ArticleStyle, length: ArticleLength): WriteRequest {
  return {
    video,
    transcript: video.transcript,
    style,
    length,
    tone: "informative",
    includeComments: true,
    category: null,
    referenceArticles: [],
  };
}

const articles: { id: string; style: ArticleStyle; article: WrittenArticle }[] = [];
beforeAll(async () => {
  const source = createFixtureVideoSource(BUNDLED_FIXTURES_DIR);
  for (const file of readdirSync(BUNDLED_FIXTURES_DIR).filter((f) => f.endsWith(".json"))) {
    let video: VideoData;
    try {
      video = await source.fetchVideo(file.slice(0, -5));
    } catch {
      continue; // Unavailable fixtures have nothing to write about.
    }
    for (const style of ["nyt", "blog"] as const) {
      articles.push({ id: video.id, style, article: writeExtractive(request(video, style, "long")) });
    }
  }
}, 120_000);

/** The seconds of each moment link in a paragraph, in the order the reader meets them. */
const momentsIn = (paragraph: string) => [...paragraph.matchAll(/[?&]t=(\d+)s\)/g)].map((m) => Number(m[1]));

describe("a news story's order", () => {
  it("goes back in the video at most once: after the topic that carries the news, the rest as the video takes them", () => {
    const news = articles.filter((a) => a.style === "nyt");
    expect(news.length).toBeGreaterThanOrEqual(5);
    let timed = 0;
    for (const { id, article } of news) {
      const paragraphs = article.markdown.split("\n\n");
      // The lede, nut graf and kicker stand apart from the support ("near the end of the video").
      const support = paragraphs.slice(1, -2).flatMap(momentsIn);
      if (support.length < 4) continue;
      timed++;
      const jumpsBack = support.filter((t, k) => k > 0 && t < support[k - 1]).length;
      expect(jumpsBack, `${id}: ${support.join(", ")}`).toBeLessThanOrEqual(1);
    }
    expect(timed).toBeGreaterThanOrEqual(4);
  });
});

describe("readers' reaction", () => {
  it("quotes at most three viewers in one paragraph", () => {
    let withComments = 0;
    for (const { id, style, article } of articles) {
      const counts = article.markdown.split("\n\n").map((p) => (p.match(/(?:^|\s)@[\w\\.]+/g) ?? []).length);
      if (counts.some((n) => n > 0)) withComments++;
      // The blog style lists its comments; running text is what must not become a wall of quotes.
      if (style === "blog" && article.markdown.includes("\n- ")) continue;
      expect(Math.max(...counts), `${id}/${style}`).toBeLessThanOrEqual(3);
    }
    expect(withComments).toBeGreaterThanOrEqual(5);
  });
});
