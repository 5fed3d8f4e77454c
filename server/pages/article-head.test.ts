import { describe, expect, it } from "vitest";
import type { Article } from "../../contract/articles";
import { matchPage } from "../../contract/pages";
import { articleHead, isoDuration, videoThumbnailUrl } from "./article-head";
import { pageHead, renderHeadTags } from "./head";
import { fillTemplate } from "./routes";

const publicUrl = new URL("https://articles.example.com");

function article(overrides: Partial<Article> = {}): Article {
  return {
    id: 7,
    slug: "pricing-your-saas",
    title: "Pricing Your SaaS",
    excerpt: "How to price software.",
    content: "<h2>Intro</h2><p>Most founders spend twenty minutes on pricing.</p>",
    category: "Business",
    style: "blog",
    length: "medium",
    tone: "informative",
    tags: ["pricing", "saas"],
    youtubeUrl: "https://www.youtube.com/watch?v=0pQ2r8VtZxE",
    youtubeVideoId: "0pQ2r8VtZxE",
    thumbnailUrl: null,
    transcriptUsed: true,
    transcriptSource: "captions",
    language: "en",
    wordCount: 640,
    readingMinutes: 3,
    viewCount: 3,
    views: 3,
    avgRating: 4.5,
    ratingCount: 2,
    commentCount: 0,
    createdAt: "2025-03-01T12:00:00.000Z",
    updatedAt: "2025-03-02T08:30:00.000Z",
    user: { firstName: "Ama", lastName: "Mensah", profileImageUrl: null },
    authorHandle: "ama-mensah",
    ...overrides,
  };
}

const video = {
  title: "How to Price Your SaaS Product",
  description: "Most founders spend weeks on their logo.\n\n0:00 Intro",
  publishedAt: "2025-01-21T13:00:00Z",
  durationSeconds: 1131,
};

/** The meta tags of rendered head HTML as [attribute value, content] pairs. */
function metaTags(html: string): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    tags.set(match[1], [...(tags.get(match[1]) ?? []), match[2]]);
  }
  return tags;
}

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

describe("articleHead", () => {
  it("titles the page, describes it by its first paragraph and points to its canonical address", () => {
    const head = articleHead(article(), video, publicUrl);
    expect(head.title).toBe("Pricing Your SaaS | VidScribe");
    expect(head.description).toBe("Most founders spend twenty minutes on pricing.");
    expect(head.canonicalUrl).toBe("https://articles.example.com/article/pricing-your-saas");
  });

  it("writes Open Graph and Twitter card tags with the video thumbnail", () => {
    const tags = metaTags(renderHeadTags(articleHead(article(), video, publicUrl)));
    const image = "https://i.ytimg.com/vi/0pQ2r8VtZxE/maxresdefault.jpg";
    expect(tags.get("og:type")).toEqual(["article"]);
    expect(tags.get("og:title")).toEqual(["Pricing Your SaaS"]);
    expect(tags.get("og:description")).toEqual(["Most founders spend twenty minutes on pricing."]);
    expect(tags.get("og:url")).toEqual(["https://articles.example.com/article/pricing-your-saas"]);
    expect(tags.get("og:image")).toEqual([image]);
    expect(tags.get("og:site_name")).toEqual(["VidScribe"]);
    expect(tags.get("article:published_time")).toEqual(["2025-03-01T12:00:00.000Z"]);
    expect(tags.get("article:tag")).toEqual(["pricing", "saas"]);
    expect(tags.get("twitter:card")).toEqual(["summary_large_image"]);
    expect(tags.get("twitter:title")).toEqual(["Pricing Your SaaS"]);
    expect(tags.get("twitter:image")).toEqual([image]);
  });

  it("falls back to a plain summary card without a video", () => {
    const tags = metaTags(
      renderHeadTags(articleHead(article({ youtubeVideoId: null, youtubeUrl: null }), null, publicUrl)),
    );
    expect(tags.has("og:image")).toBe(false);
    expect(tags.get("twitter:card")).toEqual(["summary"]);
  });

  it("describes the article in JSON-LD, based on the video it came from", () => {
    const [ld] = jsonLdBlocks(renderHeadTags(articleHead(article(), video, publicUrl)));
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "Pricing Your SaaS",
      description: "Most founders spend twenty minutes on pricing.",
      datePublished: "2025-03-01T12:00:00.000Z",
      dateModified: "2025-03-02T08:30:00.000Z",
      author: { "@type": "Person", name: "Ama Mensah" },
      inLanguage: "en",
      image: ["https://i.ytimg.com/vi/0pQ2r8VtZxE/maxresdefault.jpg"],
      publisher: { "@type": "Organization", name: "VidScribe" },
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://articles.example.com/article/pricing-your-saas" },
      isBasedOn: {
        "@type": "VideoObject",
        name: "How to Price Your SaaS Product",
        description: "Most founders spend weeks on their logo. 0:00 Intro",
        uploadDate: "2025-01-21T13:00:00.000Z",
        duration: "PT18M51S",
        contentUrl: "https://www.youtube.com/watch?v=0pQ2r8VtZxE",
        embedUrl: "https://www.youtube.com/embed/0pQ2r8VtZxE",
        url: "https://www.youtube.com/watch?v=0pQ2r8VtZxE",
      },
    });
    expect((ld.isBasedOn as { thumbnailUrl: string[] }).thumbnailUrl[0]).toBe(
      "https://i.ytimg.com/vi/0pQ2r8VtZxE/maxresdefault.jpg",
    );
  });

  it("leaves out what is not known about the video", () => {
    const [ld] = jsonLdBlocks(renderHeadTags(articleHead(article(), null, publicUrl)));
    const videoObject = ld.isBasedOn as Record<string, unknown>;
    expect(videoObject.name).toBe("Pricing Your SaaS");
    expect(videoObject).not.toHaveProperty("uploadDate");
    expect(videoObject).not.toHaveProperty("duration");
    // A language that could not be told is left out, not guessed.
    const [unknown] = jsonLdBlocks(renderHeadTags(articleHead(article({ language: null }), null, publicUrl)));
    expect(unknown).not.toHaveProperty("inLanguage");
  });

  it("keeps a hostile title, tag or author as text everywhere in the head", () => {
    const hostile = `</title><script>alert(1)</script>"'&`;
    const head = articleHead(
      article({
        title: hostile,
        tags: [`"><img src=x onerror=alert(2)>`],
        content: `<p>${"</script><script>alert(3)</script>".replace(/</g, "&lt;")}</p>`,
        user: { firstName: "</script>", lastName: "<!--", profileImageUrl: null },
      }),
      { ...video, title: "</script><script>alert(4)</script>" },
      publicUrl,
    );
    const html = fillTemplate("<head><!--app-head--></head><body><!--app-html--><!--app-data--></body>", {
      head,
      appHtml: "",
      queries: [],
    });
    // Exactly one <title>, one real <script> per JSON-LD block, no stray tags.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(
      "<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp; | VidScribe</title>",
    );
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toMatch(/<img/);
    expect(html.match(/<script/g)).toHaveLength(2); // the JSON-LD block and the app data block
    const tags = metaTags(html);
    expect(tags.get("og:title")).toEqual(["&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"]);
    // The JSON-LD still says what the title is, exactly.
    const [ld] = jsonLdBlocks(html);
    expect(ld.headline).toBe(hostile);
    expect((ld.author as { name: string }).name).toBe("</script> <!--");
    expect((ld.isBasedOn as { name: string }).name).toBe("</script><script>alert(4)</script>");
  });

  it("keeps replacement patterns in article text literal when filling the template", () => {
    const head = articleHead(article({ title: "Costs $& $' $` $$" }), null, publicUrl);
    const html = fillTemplate("<head><!--app-head--></head><div><!--app-html--></div><!--app-data-->", {
      head,
      appHtml: "<p>$'</p>",
      queries: [],
    });
    expect(html).toContain("<title>Costs $&amp; $&#39; $` $$ | VidScribe</title>");
    expect(html).toContain("<div><p>$'</p></div>");
  });
});

describe("pageHead", () => {
  it("gives every page share tags and keeps private and missing pages out of search engines", () => {
    const home = renderHeadTags(pageHead(matchPage("/"), "https://articles.example.com/"));
    expect(metaTags(home).get("og:title")).toEqual(["VidScribe | Turn videos into articles"]);
    expect(metaTags(home).has("robots")).toBe(false);
    expect(metaTags(renderHeadTags(pageHead(matchPage("/settings"), "x"))).get("robots")).toEqual(["noindex"]);
    expect(metaTags(renderHeadTags(pageHead(matchPage("/nope"), "x"))).get("robots")).toEqual(["noindex"]);
  });
});

describe("helpers", () => {
  it("builds thumbnails only from real-looking video ids", () => {
    expect(videoThumbnailUrl("0pQ2r8VtZxE")).toBe("https://i.ytimg.com/vi/0pQ2r8VtZxE/maxresdefault.jpg");
    expect(videoThumbnailUrl("../../evil")).toBeNull();
    expect(videoThumbnailUrl(null)).toBeNull();
  });

  it("writes ISO 8601 durations", () => {
    expect(isoDuration(1131)).toBe("PT18M51S");
    expect(isoDuration(7440)).toBe("PT2H4M");
    expect(isoDuration(0)).toBe("PT0S");
  });
});
