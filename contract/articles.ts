import { z } from "zod";
import { articleEvidence } from "./evidence";
import {
  ARTICLE_LANGUAGES,
  ARTICLE_STYLES,
  CATEGORIES,
  cleanTags,
  GENERATION_STAGES,
  LENGTHS,
  MAX_CONTENT_LENGTH,
  MAX_EXCERPT_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  SAME_AS_VIDEO,
  TONES,
} from "./options";

export type { GenerationStage } from "./options";
export { ARTICLE_STYLES, GENERATION_STAGES, STAGE_PROGRESS } from "./options";

export type ArticleStyle = (typeof ARTICLE_STYLES)[number];
export type ArticleLength = (typeof LENGTHS)[number];
export type ArticleTone = (typeof TONES)[number];
export type { ArticleLanguage } from "./options";

/**
 * The categories an article may carry: the one list (contract/options.ts), typed as strings so
 * forms holding a category as text need no cast.
 */
export const ARTICLE_CATEGORIES = [...CATEGORIES] as [string, ...string[]];

/**
 * How an article's words were obtained, best first: the video's manual captions, its automatic
 * captions, speech to text from its audio, a transcript the author pasted or uploaded as a file,
 * or none (the description, chapters and comments only).
 */
export const TRANSCRIPT_SOURCES = ["captions", "auto-captions", "speech", "pasted", "file", "none"] as const;
export type TranscriptSource = (typeof TRANSCRIPT_SOURCES)[number];

export const MAX_TRANSCRIPT_CHARS = 2_000_000;
export const MAX_REFERENCE_ARTICLE_CHARS = 30_000;

const enumField = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(", ")}` });

/** POST /api/articles (spec sections 3 and 5, plus referenceArticles and transcript). */
export const createArticleRequest = z
  .object(
    {
      // A video link, or (instead) a recording uploaded through /api/recordings.
      youtubeUrl: z
        .string({ error: "Please enter a valid YouTube URL" })
        .trim()
        .max(2048, { error: "Please enter a valid YouTube URL" })
        .optional()
        .transform((value) => value ?? ""),
      recordingId: z
        .union([z.uuid({ error: "No such recording" }), z.literal(""), z.null()], { error: "No such recording" })
        .optional()
        .transform((value) => value || null),
      style: enumField("style", ARTICLE_STYLES).default("blog"),
      length: enumField("length", LENGTHS).default("medium"),
      tone: enumField("tone", TONES).default("informative"),
      includeComments: z.boolean({ error: "includeComments must be true or false" }).default(true),
      category: z
        .union([z.enum(ARTICLE_CATEGORIES), z.literal(""), z.null()], {
          error: `category must be one of: ${CATEGORIES.join(", ")}`,
        })
        .optional()
        .transform((value) => value || null),
      // Left out, empty, null or the form's "video": the video's own language.
      language: z
        .union([z.enum(ARTICLE_LANGUAGES), z.literal(SAME_AS_VIDEO), z.literal(""), z.null()], {
          error: `language must be one of: ${ARTICLE_LANGUAGES.join(", ")} (or left out for the video's language)`,
        })
        .optional()
        .transform((value) => (value && value !== SAME_AS_VIDEO ? value : null)),
      referenceArticles: z
        .array(
          z
            .string({ error: "Each reference article must be text" })
            .trim()
            .min(1, { error: "A reference article is empty" })
            .max(MAX_REFERENCE_ARTICLE_CHARS, {
              error: `Each reference article must be at most ${MAX_REFERENCE_ARTICLE_CHARS.toLocaleString("en-US")} characters`,
            }),
          { error: "referenceArticles must be a list of articles" },
        )
        .max(3, { error: "Paste at most 3 reference articles" })
        .optional(),
      transcript: z
        .string({ error: "transcript must be text" })
        .max(MAX_TRANSCRIPT_CHARS, { error: "The transcript is too long (at most 2,000,000 characters)" })
        .optional()
        .transform((value) => (value?.trim() ? value : undefined)),
    },
    { error: "Request body must be a JSON object" },
  )
  .superRefine((value, ctx) => {
    // One source: a link, or your own recording.
    if (!value.youtubeUrl && !value.recordingId) {
      ctx.addIssue({ code: "custom", path: ["youtubeUrl"], message: "Please enter a valid YouTube URL" });
    }
    if (value.style === "custom" && !value.referenceArticles?.length) {
      ctx.addIssue({
        code: "custom",
        path: ["referenceArticles"],
        message: "Custom style needs 1 to 3 reference articles to learn the style from",
      });
    }
  });
export type CreateArticleRequest = z.input<typeof createArticleRequest>;
export type CreateArticleInput = z.output<typeof createArticleRequest>;

export const articleAuthor = z.object({
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
});

/** One h2 or h3 of an article's body, with the id its element carries in `content`. */
export const articleHeading = z.object({
  id: z.string(),
  text: z.string(),
  level: z.union([z.literal(2), z.literal(3)]),
});
export type ArticleHeading = z.infer<typeof articleHeading>;

/** An article as the API shows it (spec section 3). `content` is sanitized HTML. */
export const articleResponse = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  /** The markdown source, for the owner and admins (the Edit dialog edits markdown). */
  contentMarkdown: z.string().optional(),
  category: z.string(),
  style: z.enum(ARTICLE_STYLES),
  length: z.string(),
  tone: z.string(),
  tags: z.array(z.string()),
  youtubeUrl: z.string().nullable(),
  youtubeVideoId: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  transcriptUsed: z.boolean(),
  /** How the words were obtained (TRANSCRIPT_SOURCES); "none" when transcriptUsed is false. */
  transcriptSource: z.enum(TRANSCRIPT_SOURCES),
  /** The language the article is written in (BCP 47), or null when it could not be told. */
  language: z.string().nullable(),
  wordCount: z.number().int(),
  /** Minutes to read it, from wordCount (contract/article-reading.ts): at least 1. */
  readingMinutes: z.number().int(),
  viewCount: z.number().int(),
  views: z.number().int(),
  avgRating: z.number(),
  ratingCount: z.number().int(),
  /** Readers' comments that are not deleted (issue 19): shown on cards and the article page. */
  commentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: articleAuthor,
  /** The author's handle: their page is /u/{authorHandle} (issue 19). */
  authorHandle: z.string(),
  /** The signed-in reader's own rating of this article, when there is one (single-article answers). */
  userRating: z.number().int().nullable().optional(),
  /** Set on a fresh create when the source was too thin for the length asked. */
  note: z.string().optional(),
  /**
   * The receipts (contract/evidence.ts): single-article answers and the create answer carry them,
   * null for articles written before the check; lists leave them out.
   */
  evidence: articleEvidence.nullable().optional(),
  /** The body's h2 and h3 headings in order, for the table of contents (single-article answers). */
  headings: z.array(articleHeading).optional(),
  /** Whether the signed-in reader wrote it: they see its stars, they may not rate it (single-article answers). */
  ownArticle: z.boolean().optional(),
});
export type Article = z.infer<typeof articleResponse>;

export const generationStatus = z.object({
  id: z.string(),
  status: z.enum(["queued", "running", "succeeded", "failed"]),
  stage: z.enum(GENERATION_STAGES),
  label: z.string(),
  percent: z.number(),
  articleId: z.number().int().nullable(),
  articleSlug: z.string().nullable(),
  error: z.string().nullable(),
  /** While queued, its place among the waiting generations (1 = next); null otherwise. */
  queuePosition: z.number().int().min(1).nullable(),
});
export type GenerationStatus = z.infer<typeof generationStatus>;

const editFields = {
  title: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "Please fill in the title and content."
          : "Title must be text",
    })
    .trim()
    .min(1, { error: "Please fill in the title and content." })
    .max(MAX_TITLE_LENGTH, { error: `Title must be at most ${MAX_TITLE_LENGTH} characters` }),
  content: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "Please fill in the title and content."
          : "Content must be text",
    })
    .refine((v) => v.trim().length > 0, { error: "Please fill in the title and content." })
    .refine((v) => v.length <= MAX_CONTENT_LENGTH, {
      error: `Content must be at most ${MAX_CONTENT_LENGTH.toLocaleString("en-US")} characters`,
    }),
  excerpt: z
    .string({ error: "Excerpt must be text" })
    .trim()
    .max(MAX_EXCERPT_LENGTH, { error: `Excerpt must be at most ${MAX_EXCERPT_LENGTH} characters` }),
  category: z.enum(ARTICLE_CATEGORIES, { error: `category must be one of: ${CATEGORIES.join(", ")}` }),
  style: z.enum(ARTICLE_STYLES, { error: "style must be one of: blog, nyt, custom" }),
  tags: z
    .array(z.string({ error: "Each tag must be text" }).max(MAX_TAG_LENGTH * 4, { error: "A tag is too long" }), {
      error: "tags must be a list",
    })
    .max(MAX_TAGS * 4, { error: `At most ${MAX_TAGS} tags` })
    .transform(cleanTags)
    .refine((tags) => tags.length <= MAX_TAGS, { error: `At most ${MAX_TAGS} tags` })
    .refine((tags) => tags.every((t) => t.length <= MAX_TAG_LENGTH), {
      error: `Each tag must be at most ${MAX_TAG_LENGTH} characters`,
    }),
};

/** PUT /api/articles/{id}: the owner's edit. Title and content are required (spec section 5). */
export const updateArticleRequest = z.object(
  {
    title: editFields.title,
    content: editFields.content,
    excerpt: editFields.excerpt.optional(),
    category: editFields.category.optional(),
    style: editFields.style.optional(),
    tags: editFields.tags.optional(),
  },
  { error: "Request body must be a JSON object" },
);
export type UpdateArticleRequest = z.input<typeof updateArticleRequest>;

/** PUT /api/admin/articles/{id}: any of the fields, each validated like the owner's. */
export const adminUpdateArticleRequest = z
  .object(
    {
      title: editFields.title.optional(),
      content: editFields.content.optional(),
      excerpt: editFields.excerpt.optional(),
      category: editFields.category.optional(),
      style: editFields.style.optional(),
      tags: editFields.tags.optional(),
    },
    { error: "Request body must be a JSON object" },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "Nothing to update" });
export type AdminUpdateArticleRequest = z.input<typeof adminUpdateArticleRequest>;
