import type { Article } from "../../contract/articles";
import { PRODUCT_NAME } from "../../contract/options";
import { articlePath } from "../../contract/pages";
import { absoluteUrl, type HeadMeta, type RenderedHead } from "./head";
import { cutWithEllipsis, metaDescription } from "./meta-description";

/** What we know about the source video beyond the article row (from the video cache), when known. */
export interface VideoDetails {
  title: string | null;
  description: string | null;
  /** ISO 8601, as the platform gave it. */
  publishedAt: string | null;
  durationSeconds: number | null;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** The large YouTube thumbnail of a video, or null when the id is missing or not an id. */
export function videoThumbnailUrl(videoId: string | null | undefined): string | null {
  return videoId && VIDEO_ID.test(videoId) ? `https://i.ytimg.com/vi/${videoId}/maxresdefault.jpg` : null;
}

/** 1131 seconds as ISO 8601 "PT18M51S" (schema.org durations). */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

const validDate = (value: string | null | undefined): string | null =>
  value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;

/**
 * The head of an article page (spec section 2): "{title} | {site}", the first-paragraph
 * description, the canonical URL, Open Graph and Twitter card tags with the video thumbnail as
 * image, and JSON-LD for an Article based on the VideoObject it was written from. Values are
 * plain text here; renderHeadTags escapes them.
 */
export function articleHead(article: Article, video: VideoDetails | null, publicUrl: URL): RenderedHead {
  const title = `${article.title} | ${PRODUCT_NAME}`;
  const description = metaDescription(article.content, article.excerpt);
  const canonicalUrl = absoluteUrl(publicUrl, articlePath(article));
  const image = videoThumbnailUrl(article.youtubeVideoId) ?? httpUrl(article.thumbnailUrl);
  const author = `${article.user.firstName} ${article.user.lastName}`.trim() || PRODUCT_NAME;
  const published = validDate(article.createdAt) ?? article.createdAt;
  const modified = validDate(article.updatedAt) ?? published;

  const meta: HeadMeta[] = [
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:type", content: "article" },
    { property: "og:title", content: article.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:alt", content: `Video thumbnail for ${article.title}` },
        ]
      : []),
    { property: "article:published_time", content: published },
    { property: "article:modified_time", content: modified },
    { property: "article:section", content: article.category },
    ...article.tags.map((tag) => ({ property: "article:tag", content: tag })),
    { name: "author", content: author },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: article.title },
    { name: "twitter:description", content: description },
    ...(image
      ? [
          { name: "twitter:image", content: image },
          { name: "twitter:image:alt", content: `Video thumbnail for ${article.title}` },
        ]
      : []),
  ];

  const jsonLd: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description,
    datePublished: published,
    dateModified: modified,
    author: { "@type": "Person", name: author },
    ...(image ? { image: [image] } : {}),
    publisher: {
      "@type": "Organization",
      name: PRODUCT_NAME,
      url: absoluteUrl(publicUrl, "/"),
      logo: { "@type": "ImageObject", url: absoluteUrl(publicUrl, "/favicon.svg") },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": canonicalUrl },
    url: canonicalUrl,
    ...(article.language ? { inLanguage: article.language } : {}),
    articleSection: article.category,
    ...(article.tags.length ? { keywords: article.tags.join(", ") } : {}),
    ...(article.wordCount ? { wordCount: article.wordCount } : {}),
  };
  const videoObject = videoJsonLd(article, video, description);
  if (videoObject) jsonLd.isBasedOn = videoObject;

  return { title, description, canonicalUrl, meta, jsonLd: [jsonLd] };
}

/** The VideoObject an article was written from, or null for an article without a video. */
function videoJsonLd(article: Article, video: VideoDetails | null, fallbackDescription: string) {
  const id = article.youtubeVideoId && VIDEO_ID.test(article.youtubeVideoId) ? article.youtubeVideoId : null;
  const watchUrl = id ? `https://www.youtube.com/watch?v=${id}` : httpUrl(article.youtubeUrl);
  if (!watchUrl) return null;
  const thumbnail = videoThumbnailUrl(id) ?? httpUrl(article.thumbnailUrl);
  const uploadDate = validDate(video?.publishedAt);
  const videoDescription = video?.description?.replace(/\s+/g, " ").trim();
  return {
    "@type": "VideoObject",
    name: video?.title || article.title,
    description: videoDescription ? cutWithEllipsis(videoDescription, 300) : fallbackDescription,
    ...(thumbnail ? { thumbnailUrl: [thumbnail, ...(id ? [`https://i.ytimg.com/vi/${id}/hqdefault.jpg`] : [])] } : {}),
    ...(uploadDate ? { uploadDate } : {}),
    ...(video?.durationSeconds ? { duration: isoDuration(video.durationSeconds) } : {}),
    contentUrl: watchUrl,
    ...(id ? { embedUrl: `https://www.youtube.com/embed/${id}` } : {}),
    url: watchUrl,
  };
}

/** An http(s) URL as given, or null: nothing else belongs in an og:image or a contentUrl. */
function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
