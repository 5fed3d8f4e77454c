/** Option lists and constants from the product spec (sections 3 and 9). */

export const PRODUCT_NAME = "VidScribe";

export const REGISTRATION_CATEGORIES = [
  "Technology",
  "Business",
  "Entertainment",
  "Education",
  "News",
  "Science",
  "Health",
  "Sports",
  "Travel",
  "Food",
  "Gaming",
  "Music",
] as const;

export const TOPICS = [
  "AI & Machine Learning",
  "Web Development",
  "Mobile Apps",
  "Startups",
  "Productivity",
  "Marketing",
  "Design",
  "Finance",
  "Fitness",
  "Cooking",
  "Photography",
  "Politics",
  "Environment",
  "History",
  "Psychology",
] as const;

/**
 * The article categories: one list everywhere an article's category is chosen or filtered by
 * (the create and edit dialogs, the feed's filters, the API). Issue 19 asked for one list where
 * the spec has two (section 9: five to create and filter, ten to edit); it is their union, the
 * categories an article may carry (decisions.md), the spec's create list first.
 */
export const CATEGORIES = [
  "Technology",
  "Business",
  "Entertainment",
  "Education",
  "News",
  "Sports",
  "Politics",
  "Health",
  "Science",
  "Lifestyle",
  "Other",
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * The categories the writers infer from a video when the author chose none (spec section 9's
 * create list): the ones a video's words tell apart. An author may choose any of CATEGORIES.
 */
export const CREATE_CATEGORIES = ["Technology", "Business", "Entertainment", "Education", "News"] as const;
export type CreateCategory = (typeof CREATE_CATEGORIES)[number];

export const STYLES = [
  { value: "blog", label: "Blog Style" },
  { value: "nyt", label: "NYT Style" },
  { value: "custom", label: "Custom Style" },
] as const;

/** Each style's label ('Blog Style'), by its value; an unknown value shows as it is. */
export const STYLE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(STYLES.map((s) => [s.value, s.label]));

export const GUEST_ARTICLE_LIMIT = 3;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/**
 * Languages an article may be asked in (decisions.md, "Language"). Leaving the choice out means
 * the video's own language; the offline writer always writes in the video's language.
 */
export const ARTICLE_LANGUAGES = ["en", "es", "fr", "de", "pt"] as const;
export type ArticleLanguage = (typeof ARTICLE_LANGUAGES)[number];

/** Each language's name in English (the interface's language), for the form and the notes. */
export const LANGUAGE_NAMES: Record<ArticleLanguage, string> = {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  pt: "Portuguese",
};

/** The create form's value for "no language asked" (the article follows the video); the API takes it too. */
export const SAME_AS_VIDEO = "video";

export const LENGTHS = ["short", "medium", "long"] as const;
export const TONES = ["informative", "casual", "formal", "persuasive"] as const;

/** Spec section 9: word ranges per length option. */
export const LENGTH_WORDS = {
  short: { min: 300, max: 500 },
  medium: { min: 500, max: 800 },
  long: { min: 800, max: 1200 },
} as const;

/** Spec section 9: the create dialog's defaults. */
export const CREATE_DEFAULTS = {
  style: "blog",
  length: "medium",
  tone: "informative",
  includeComments: true,
  category: "Technology",
  language: SAME_AS_VIDEO,
} as const;

export const GUEST_LIMIT_MESSAGE =
  "You've reached your limit of 3 articles as a guest user. Please sign up for unlimited articles!";
export const LIMIT_MESSAGE = "You've reached your article limit.";

export const ARTICLE_STYLES = ["blog", "nyt", "custom"] as const;

export const GENERATION_STAGES = [
  "queued",
  "metadata",
  "analyzing",
  "transcript",
  "comments",
  "writing",
  "finalizing",
] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

/** Spec section 4's step texts and percentages, keyed by the job's real stage. */
export const STAGE_PROGRESS: Record<GenerationStage, { label: string; percent: number }> = {
  queued: { label: "Extracting video metadata...", percent: 0 },
  metadata: { label: "Extracting video metadata...", percent: 0 },
  analyzing: { label: "Analyzing video content...", percent: 20 },
  transcript: { label: "Extracting transcript...", percent: 40 },
  comments: { label: "Processing comments...", percent: 60 },
  writing: { label: "Generating article with AI...", percent: 80 },
  finalizing: { label: "Finalizing article...", percent: 100 },
};

/** Feed sorts: wire values, and the spec's labels accepted as aliases. */
export const SORTS = ["latest", "popular", "rating", "for_you"] as const;
export type SortBy = (typeof SORTS)[number];
export const SORT_LABELS: Record<SortBy, string> = {
  latest: "Latest",
  popular: "Most Popular",
  rating: "Highest Rated",
  for_you: "For You",
};

/** Spec section 9: date range options, by wire value. */
export const DATE_RANGES = ["7d", "30d", "3m", "all"] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "3m": "Last 3 months",
  all: "All Time",
};

export const PAGE_SIZE = 10;

export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 40;
export const MAX_TITLE_LENGTH = 200;
export const MAX_EXCERPT_LENGTH = 500;
/**
 * An article body's markdown, in characters. The longest length option asks for 1,200 words (about
 * 8,000 characters with its moment links); 50,000 is six times that, more than a person writes in
 * one article, and keeps the worst body an author can send cheap to render (issue 15).
 */
export const MAX_CONTENT_LENGTH = 50_000;

/** Tags as stored: trimmed, blanks dropped, case-insensitive repeats dropped (first spelling kept). */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.replace(/\s+/g, " ").trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

// Profile pictures (spec sections 5 and 9).
/** Spec sections 5 and 9: one file of at most 5 MB (5,242,880 bytes). */
export const PROFILE_PICTURE_MAX_BYTES = 5_242_880;

/** The formats a profile picture may arrive in, by MIME type and file extension. */
export const PROFILE_PICTURE_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;
export const PROFILE_PICTURE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".gif"] as const;

/** The upload dialog's help text, word for word (spec section 2). */
export const PROFILE_PICTURE_HELP = "Maximum file size: 5MB. Supported formats: JPG, PNG, GIF";

/** How long a signed upload URL may be used, in seconds. */
export const UPLOAD_URL_TTL_SECONDS = 600;

/** Width and height of the stored avatar, in pixels. */
export const AVATAR_SIZE = 256;

/**
 * The edit dialog's category options: the one list (CATEGORIES), plus the article's own when it
 * is not in it (an article written before the list changed keeps its category; decisions.md).
 */
export function editCategoriesFor(current: string | undefined): string[] {
  const list: string[] = [...CATEGORIES];
  return current && !list.includes(current) ? [current, ...list] : list;
}
