import { FeaturedArticleCard, FeaturedArticleSkeleton } from "./article-card";
import { useFeaturedArticle } from "./use-feed";

/** The featured article, when there is one; a failure leaves the feed to speak for itself. */
export function FeaturedArticle() {
  const { data: featured, isPending, isError } = useFeaturedArticle();
  if (isPending) return <FeaturedArticleSkeleton />;
  if (isError || !featured) return null;
  return <FeaturedArticleCard article={featured} />;
}
