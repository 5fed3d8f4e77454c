import business from "@/assets/categories/business.svg";
import fallback from "@/assets/categories/default.svg";
import education from "@/assets/categories/education.svg";
import entertainment from "@/assets/categories/entertainment.svg";
import health from "@/assets/categories/health.svg";
import lifestyle from "@/assets/categories/lifestyle.svg";
import news from "@/assets/categories/news.svg";
import other from "@/assets/categories/other.svg";
import politics from "@/assets/categories/politics.svg";
import science from "@/assets/categories/science.svg";
import sports from "@/assets/categories/sports.svg";
import technology from "@/assets/categories/technology.svg";

// Imported rather than linked from public/, so each file gets a content hash and a long cache.
const IMAGES: Record<string, string> = {
  technology,
  business,
  entertainment,
  education,
  news,
  sports,
  politics,
  health,
  science,
  lifestyle,
  other,
};

/** The picture for an article without a video thumbnail: its category's, else the default. */
export function categoryImage(category: string | null | undefined): string {
  return IMAGES[category?.trim().toLowerCase() ?? ""] ?? fallback;
}
