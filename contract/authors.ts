import { z } from "zod";

/*
 * Authors (issue 19): a user's public page /u/{handle} and its API. A handle is chosen at sign-up
 * (or derived from the name by the database, migration 0016) and changed in Settings; the old
 * one keeps redirecting (handle_redirects) until another user takes it... which the rules below
 * never allow while the redirect stands.
 */

export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 30;
export const BIO_MAX_LENGTH = 300;

/** Lowercase letters, digits and hyphens, a letter or digit at each end. */
export const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Handles nobody may choose: they name the site's own pages, or could pass for its voice. */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  "admin",
  "administrator",
  "api",
  "about",
  "browse",
  "category",
  "help",
  "login",
  "logout",
  "me",
  "moderator",
  "my-articles",
  "null",
  "profile",
  "register",
  "root",
  "rss",
  "settings",
  "sitemap",
  "staff",
  "subscription",
  "support",
  "system",
  "tag",
  "undefined",
  "vidscribe",
]);

export const HANDLE_TAKEN = "That handle is taken. Please choose another.";
export const HANDLE_RESERVED = "That handle is reserved. Please choose another.";
const HANDLE_SHAPE = `A handle is ${HANDLE_MIN_LENGTH} to ${HANDLE_MAX_LENGTH} characters: lowercase letters, digits and hyphens, starting and ending with a letter or digit.`;

/** A handle as typed: trimmed and lowercased, then checked against the rules. */
export const handle = z
  .string({ error: "Handle must be text" })
  .trim()
  .max(HANDLE_MAX_LENGTH * 4, { error: HANDLE_SHAPE })
  .transform((value) => value.toLowerCase())
  .pipe(
    z
      .string()
      .min(HANDLE_MIN_LENGTH, { error: HANDLE_SHAPE })
      .max(HANDLE_MAX_LENGTH, { error: HANDLE_SHAPE })
      .regex(HANDLE_PATTERN, { error: HANDLE_SHAPE })
      .refine((value) => !RESERVED_HANDLES.has(value), { error: HANDLE_RESERVED }),
  );

/** Sign-up's optional handle: empty or absent lets the database derive one from the name. */
export const optionalHandle = z
  .union([z.literal(""), z.null(), z.undefined(), handle], { error: HANDLE_SHAPE })
  .optional()
  .transform((value) => value || undefined);

/** A bio: plain text (shown as text, never HTML), at most BIO_MAX_LENGTH characters. */
export const bio = z
  .string({ error: "Bio must be text" })
  .trim()
  .max(BIO_MAX_LENGTH, { error: `Bio must be at most ${BIO_MAX_LENGTH} characters` });

/** A handle as an address holds it, before any look-up: anything else is simply not found. */
export function isHandleSegment(segment: string): boolean {
  return segment.length <= HANDLE_MAX_LENGTH && /^[A-Za-z0-9-]+$/.test(segment);
}

export { AUTHOR_API_PATH, authorApiPath, authorPath } from "./author-paths";
export const AUTHOR_NOT_FOUND = "No author has that handle";

export const authorParams = z.object({
  handle: z.string().max(200, { error: AUTHOR_NOT_FOUND }),
});

/** GET /api/authors/{handle}: the public profile and totals. Their articles: GET /api/articles?author={handle}. */
export const authorResponse = z.object({
  handle: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  bio: z.string(),
  /** When they joined. */
  createdAt: z.string(),
  totals: z.object({
    articles: z.number().int(),
    /** Views of all their articles. */
    reads: z.number().int(),
    ratings: z.number().int(),
    /** The average of every rating their articles received (0 when none). */
    avgRating: z.number(),
  }),
});
export type Author = z.infer<typeof authorResponse>;

export { authorQueryKey, isAuthorQueryKey } from "./author-paths";
