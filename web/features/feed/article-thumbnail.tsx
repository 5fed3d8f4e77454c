import type { ArticleSummary } from "@contract/feed";
import { useEffect, useMemo, useRef, useState } from "react";
import { cn } from "@/lib/utils";
import { categoryImage } from "./category-image";
import { isPlaceholderThumbnail, thumbnailSources } from "./thumbnail";

/**
 * An article's picture: the video thumbnail, then its lower-resolution version, then the
 * category picture, each tried when the one before fails to load.
 */
export function ArticleThumbnail({
  article,
  className,
  eager = false,
}: {
  article: Pick<ArticleSummary, "youtubeVideoId" | "category">;
  className?: string;
  /**
   * The page's likely largest paint (the featured picture, above the fold): loaded at once and
   * first. Every other picture loads as it scrolls in and decodes off the main thread.
   */
  eager?: boolean;
}) {
  const sources = useMemo(
    () => thumbnailSources(article.youtubeVideoId, categoryImage(article.category)),
    [article.youtubeVideoId, article.category],
  );
  const [index, setIndex] = useState(0);
  const img = useRef<HTMLImageElement>(null);
  const fallBack = () => setIndex((i) => Math.min(i + 1, sources.length - 1));

  // A server-rendered <img> can fail before React attaches onError; catch that case on mount.
  useEffect(() => {
    const node = img.current;
    if (node?.complete && node.naturalWidth === 0) setIndex((i) => Math.min(i + 1, sources.length - 1));
  }, [sources]);

  return (
    <img
      ref={img}
      src={sources[index]}
      alt=""
      // The box around it sets the size (aspect-video); these say the same 16:9 to the browser
      // before the styles apply, so nothing moves when the picture arrives.
      width={1280}
      height={720}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "auto"}
      decoding={eager ? "auto" : "async"}
      onError={fallBack}
      onLoad={(event) => {
        if (index < sources.length - 1 && isPlaceholderThumbnail(event.currentTarget.naturalWidth)) fallBack();
      }}
      className={cn("h-full w-full bg-muted object-cover", className)}
    />
  );
}
