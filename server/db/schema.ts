import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** PostgreSQL's full-text document type; kept up to date by a trigger (see migrations). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The user a row belongs to; the row goes when the user is deleted. */
const userIdColumn = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** The article a row belongs to; the row goes when the article is deleted. */
const articleIdColumn = () =>
  integer("article_id")
    .notNull()
    .references(() => articles.id, { onDelete: "cascade" });

/** When the row was written, or last changed: set by the database on insert. */
const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAtColumn = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored as typed (trimmed); uniqueness and look-ups use lower(email). */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** Set when the owner opened a verification link mailed to `email` (server/auth/account.ts). */
    emailVerified: boolean("email_verified").notNull().default(false),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    profileImageUrl: text("profile_image_url"),
    role: text("role").notNull().default("user"),
    userType: text("user_type").notNull().default("guest"),
    articlesGenerated: integer("articles_generated").notNull().default(0),
    /** Generations started and not yet finished: they hold a place in a guest's allowance. */
    articlesInProgress: integer("articles_in_progress").notNull().default(0),
    subscriptionStatus: text("subscription_status").notNull().default("inactive"),
    subscriptionPlan: text("subscription_plan"),
    subscriptionEndDate: timestamp("subscription_end_date", { withTimezone: true }),
    /**
     * Whether the plan renews at its end date (Paystack charges the saved card; the sandbox
     * pretends to). Cancelling turns it off: premium lasts to the end date, then ends.
     */
    subscriptionRenews: boolean("subscription_renews").notNull().default(false),
    /** Paystack's customer (CUS_…) and recurring subscription (SUB_…) for this user, once known. */
    paystackCustomerCode: text("paystack_customer_code"),
    paystackSubscriptionCode: text("paystack_subscription_code"),
    /** The subscription's email token: with the code, what Paystack's subscription/disable takes. */
    paystackEmailToken: text("paystack_email_token"),
    /**
     * The public name in /u/{handle}: lowercase letters, digits and hyphens, unique. Chosen at
     * sign-up or derived from the name by the users_default_handle trigger (migration 0016).
     */
    handle: text("handle").notNull().default(""),
    /** A few sentences the author writes about themself, shown on their page. */
    bio: text("bio").notNull().default(""),
    preferredCategories: text("preferred_categories").array().notNull().default(sql`'{}'::text[]`),
    preferredTopics: text("preferred_topics").array().notNull().default(sql`'{}'::text[]`),
    preferredAuthors: text("preferred_authors").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_handle_key").on(t.handle),
    // Paystack's subscription events name the customer or the subscription, not our user.
    index("users_paystack_customer_idx").on(t.paystackCustomerCode),
    index("users_paystack_subscription_idx").on(t.paystackSubscriptionCode),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie token: a leaked table cannot be replayed as cookies. */
    id: text("id").primaryKey(),
    userId: userIdColumn(),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/**
 * Single-use tokens mailed to a user: a password reset (30 minutes) or an email verification.
 * Only the SHA-256 of the token is kept, so a leaked table cannot be replayed as links; `email`
 * is the address it was mailed to, which a verification must still match when used.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose").notNull(),
    userId: userIdColumn(),
    email: text("email").notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("account_tokens_user_id_idx").on(t.userId),
    index("account_tokens_expires_at_idx").on(t.expiresAt),
    check("account_tokens_purpose_check", sql`${t.purpose} in ('password-reset', 'verify-email')`),
  ],
);

/** Failed sign-in counters, kept in the database so every web process sees the same numbers. */
export const authThrottle = pgTable("auth_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
});

export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    userId: userIdColumn(),
    /** The generation that wrote it: unique, so a job that runs twice cannot make two articles. */
    generationId: uuid("generation_id"),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    contentMarkdown: text("content_markdown").notNull(),
    /** Rendered from contentMarkdown and sanitized when written, so reads never render. */
    contentHtml: text("content_html").notNull(),
    category: text("category").notNull(),
    style: text("style").notNull(),
    length: text("length").notNull(),
    tone: text("tone").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    youtubeUrl: text("youtube_url"),
    youtubeVideoId: text("youtube_video_id"),
    thumbnailUrl: text("thumbnail_url"),
    transcriptUsed: boolean("transcript_used").notNull().default(false),
    /** How the words were obtained (contract TRANSCRIPT_SOURCES): captions, auto-captions, pasted... */
    transcriptSource: text("transcript_source").notNull().default("none"),
    /** The language the article is written in (BCP 47); null when it could not be told. */
    language: text("language"),
    wordCount: integer("word_count").notNull().default(0),
    /** Readers' comments that are not deleted: kept by the comment transactions, shown on cards. */
    commentCount: integer("comment_count").notNull().default(0),
    /** The body as plain text: searched, and the source of meta descriptions. */
    contentText: text("content_text").notNull().default(""),
    viewCount: integer("view_count").notNull().default(0),
    /** Kept exact by the rating transaction (spec: average and count shown on every card). */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingAvg: doublePrecision("rating_avg").notNull().default(0),
    /** Set when an admin pins the article as featured; the newest pin wins. */
    featuredAt: timestamp("featured_at", { withTimezone: true }),
    /** Weighted title, tags, author, excerpt and body: maintained by the articles_search trigger. */
    searchVector: tsvector("search_vector"),
    /** Title, tags, author and excerpt only: small enough to rank thousands of matches quickly. */
    rankVector: tsvector("rank_vector"),
    /** Title, tags and author name for trigram (typo-tolerant) matching; same trigger. */
    searchText: text("search_text").notNull().default(""),
    /**
     * The receipts (contract/evidence.ts): what code checked against the video's sources after
     * writing. Null for articles written before the check existed; validated when read.
     */
    evidence: jsonb("evidence"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("articles_slug_key").on(t.slug),
    uniqueIndex("articles_generation_id_key").on(t.generationId),
    index("articles_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("articles_created_at_id_idx").on(t.createdAt.desc(), t.id.desc()),
    index("articles_popular_idx").on(t.viewCount.desc(), t.id.desc()),
    index("articles_rating_idx").on(t.ratingAvg.desc(), t.ratingCount.desc(), t.id.desc()),
    index("articles_category_created_idx").on(t.category, t.createdAt.desc(), t.id.desc()),
    index("articles_style_created_idx").on(t.style, t.createdAt.desc(), t.id.desc()),
    index("articles_featured_idx").on(t.featuredAt.desc()).where(sql`${t.featuredAt} is not null`),
    // The featured article's 'best of the last 30 days' order, exactly as chooseFeatured
    // (server/articles/feed.ts) writes it: the query reads the index from the top and stops at
    // the first recent article instead of sorting every article of the month.
    index("articles_best_idx").on(
      sql`(${t.ratingAvg} * ln(1 + ${t.ratingCount}) + ln(1 + ${t.viewCount})) desc`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("articles_search_idx").using("gin", t.searchVector),
    // What an article is about (title, tags, author, excerpt): a search's first tier reads these
    // matches newest first (server/articles/feed-queries.ts searchPageIds) instead of ranking all.
    index("articles_rank_idx").using("gin", t.rankVector),
    index("articles_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * Search postings: one row per word an article is about (each lexeme of articles.rank_vector:
 * title, tags, author, excerpt), in date order per word. A one-word search reads its newest
 * matches straight from this index, a page at a time, however many articles use the word
 * (server/articles/feed-queries.ts). Kept by triggers on articles (migration 0018); never
 * written by the app.
 */
export const articleTerms = pgTable(
  "article_terms",
  {
    term: text("term").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    articleId: articleIdColumn(),
  },
  (t) => [
    index("article_terms_term_created_idx").on(t.term, t.createdAt.desc(), t.articleId.desc()),
    index("article_terms_article_idx").on(t.articleId),
  ],
);

/**
 * The sidebar's platform stats as one row, so reading them costs the same at any size. Kept
 * exact by statement triggers on articles (migration 0008): an insert, delete or view-count
 * update changes it once per statement, and a truncate zeroes it. Only ever one row (id true).
 */
export const platformCounters = pgTable(
  "platform_counters",
  {
    id: boolean("id").primaryKey().default(true),
    totalArticles: bigint("total_articles", { mode: "number" }).notNull().default(0),
    totalReads: bigint("total_reads", { mode: "number" }).notNull().default(0),
    /** Users with at least one article: the rows of author_article_counts. */
    activeAuthors: integer("active_authors").notNull().default(0),
  },
  (t) => [check("platform_counters_one_row", sql`${t.id}`)],
);

/**
 * How many articles each author has, kept by the same triggers; a row exists only while the
 * count is above zero. It tells when an author's first article arrives or their last one goes
 * (platform_counters.active_authors). No foreign key: a deleted user's articles are deleted by
 * cascade, and that delete takes their row away.
 */
export const authorArticleCounts = pgTable("author_article_counts", {
  userId: uuid("user_id").primaryKey(),
  articleCount: integer("article_count").notNull(),
});

/** One rating per user per article; a second one replaces the first. */
export const ratings = pgTable(
  "ratings",
  {
    userId: userIdColumn(),
    articleId: articleIdColumn(),
    rating: integer("rating").notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId] }), index("ratings_article_id_idx").on(t.articleId)],
);

export const bookmarks = pgTable(
  "bookmarks",
  {
    userId: userIdColumn(),
    articleId: articleIdColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index("bookmarks_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("bookmarks_article_id_idx").on(t.articleId),
  ],
);

/**
 * Who read what in the last 30 minutes: a view counts once per visitor per window, and a few
 * signed-out visitors at most per address (address_key: a keyed digest of the address, null
 * for a signed-in reader; see server/articles/views.ts).
 */
export const articleViews = pgTable(
  "article_views",
  {
    articleId: articleIdColumn(),
    visitorKey: text("visitor_key").notNull(),
    addressKey: text("address_key"),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.visitorKey] }),
    index("article_views_viewed_at_idx").on(t.viewedAt),
    index("article_views_article_address_idx").on(t.articleId, t.addressKey),
  ],
);

/** One request to write an article, and how far the job behind it has got. */
export const generations = pgTable(
  "generations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userIdColumn(),
    /** The client's Idempotency-Key: the same key always means the same generation. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** Hash of the request: an identical request while one is running joins it (double clicks). */
    requestHash: text("request_hash").notNull(),
    status: text("status").notNull().default("queued"),
    stage: text("stage").notNull().default("queued"),
    detail: text("detail"),
    request: jsonb("request").notNull(),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
    error: text("error"),
    /** The HTTP status the create request answers with when the generation failed. */
    errorStatus: integer("error_status"),
    note: text("note"),
    attempts: integer("attempts").notNull().default(0),
    /** Which worker run holds the job; a finished run can only be recorded by its holder. */
    claimToken: text("claim_token"),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("generations_user_key").on(t.userId, t.idempotencyKey),
    uniqueIndex("generations_in_flight_request")
      .on(t.userId, t.requestHash)
      .where(sql`${t.status} in ('queued', 'running')`),
    index("generations_unfinished_idx").on(t.status, t.heartbeatAt).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** What a video source answered, kept so a second article from one video fetches nothing. */
export const videoCache = pgTable("video_cache", {
  videoId: text("video_id").primaryKey(),
  data: jsonb("data").notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type RatingRow = typeof ratings.$inferSelect;
export type GenerationRow = typeof generations.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/**
 * One signed upload URL handed out for a profile picture. The row makes the URL single-use
 * (uploadedAt), ties the object to the user it was issued to, and lets the picture step refuse
 * an object it has already taken (consumedAt).
 */
export const profileUploads = pgTable(
  "profile_uploads",
  {
    /** The object key the server chose: uploads/<userId>/<random>. */
    key: text("key").primaryKey(),
    userId: userIdColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set by the one PUT that may write the object (local storage). */
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
    /** Set when PUT /api/profile-picture takes the object; a second use is refused. */
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("profile_uploads_user_created_idx").on(t.userId, t.createdAt),
    index("profile_uploads_expires_at_idx").on(t.expiresAt),
  ],
);

export type ProfileUploadRow = typeof profileUploads.$inferSelect;

/**
 * One attempt to pay for a plan. The server chose the amount (pesewas) and currency; the unique
 * reference is what Paystack, the callback and the webhook all name. status moves from pending
 * to success exactly once (that is what extends the subscription), or to failed.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userIdColumn(),
    reference: text("reference").notNull(),
    plan: text("plan").notNull(),
    /** Minor units (pesewas): 200 is GH₵2. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("GHS"),
    status: text("status").notNull().default("pending"),
    /** paystack or sandbox: which checkout the reference was issued for. */
    provider: text("provider").notNull(),
    accessCode: text("access_code"),
    /** What the provider last answered about this transaction (verify data, or an error). */
    providerData: jsonb("provider_data"),
    /** The subscription end date this payment produced, once it succeeded. */
    periodEnd: timestamp("period_end", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("payments_reference_key").on(t.reference),
    index("payments_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/**
 * One recording a person uploads to be written from (contract/recordings.ts). The server chose
 * the id, the object key and the plan (parts of partSize bytes); status moves from uploading
 * (through completing, while complete checks it) to ready, or to refused or aborted, and then
 * nothing of the file is kept.
 */
export const recordings = pgTable(
  "recordings",
  {
    id: uuid("id").primaryKey(),
    userId: userIdColumn(),
    fileName: text("file_name").notNull(),
    /** The size the browser declared; the parts that arrive must add up to it. */
    size: bigint("size", { mode: "number" }).notNull(),
    contentType: text("content_type"),
    /** The object key: recordings/<id>. */
    key: text("key").notNull(),
    multipart: boolean("multipart").notNull(),
    partSize: bigint("part_size", { mode: "number" }).notNull(),
    partCount: integer("part_count").notNull(),
    /** S3's multipart upload id (S3 storage, in parts). */
    s3UploadId: text("s3_upload_id"),
    /** uploading, completing, ready, refused or aborted. */
    status: text("status").notNull().default("uploading"),
    /** What the content turned out to be (mp3, m4a, wav, ogg, webm, mp4, mov), once ready. */
    kind: text("kind"),
    durationSeconds: doublePrecision("duration_seconds"),
    createdAt: createdAtColumn(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("recordings_user_status_created_idx").on(t.userId, t.status, t.createdAt),
    index("recordings_status_created_idx").on(t.status, t.createdAt),
  ],
);

export type RecordingRow = typeof recordings.$inferSelect;

/** A handle someone gave up: /u/{old} redirects to the user's page until another takes it. */
export const handleRedirects = pgTable(
  "handle_redirects",
  {
    oldHandle: text("old_handle").primaryKey(),
    userId: userIdColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("handle_redirects_user_id_idx").on(t.userId)],
);

/**
 * What a reader follows: an author (target: the user's id), a tag (target: the tag, lowercase)
 * or a category (target: its name as in contract CATEGORIES). Feeds the Following feed and For You.
 */
export const follows = pgTable(
  "follows",
  {
    userId: userIdColumn(),
    targetType: text("target_type").notNull(),
    target: text("target").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetType, t.target] }),
    index("follows_target_idx").on(t.targetType, t.target),
    check("follows_target_type_check", sql`${t.targetType} in ('author', 'tag', 'category')`),
  ],
);

/**
 * A reader's comment on an article, or a reply to one (one level: a reply's parent is never a
 * reply). body is what they typed (a markdown subset); bodyHtml is it rendered and sanitised
 * when written, so reads never render. A deleted comment that has replies keeps its place with
 * its text gone (deletedAt set, body and bodyHtml emptied).
 */
export const comments = pgTable(
  "comments",
  {
    id: serial("id").primaryKey(),
    articleId: articleIdColumn(),
    userId: userIdColumn(),
    parentId: integer("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("comments_article_created_idx").on(t.articleId, t.createdAt, t.id),
    index("comments_parent_idx").on(t.parentId),
    index("comments_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export type CommentRow = typeof comments.$inferSelect;

/** One reader's report of a comment; the admin queue lists comments with open reports. */
export const commentReports = pgTable(
  "comment_reports",
  {
    commentId: integer("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: userIdColumn(),
    reason: text("reason").notNull().default(""),
    createdAt: createdAtColumn(),
    /** Set when an admin dealt with it (kept the comment or removed it). */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index("comment_reports_open_idx").on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * What a signed-in reader has opened, one row per article (read_at is the latest read): one of
 * the signals 'For You' learns from, with ratings, bookmarks and follows. Only the newest rows
 * are read (server/community/interests.ts).
 */
export const readingHistory = pgTable(
  "reading_history",
  {
    userId: userIdColumn(),
    articleId: articleIdColumn(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index("reading_history_user_read_idx").on(t.userId, t.readAt.desc()),
    index("reading_history_article_idx").on(t.articleId),
  ],
);
