/*
 * Following's paths and query key, without zod (the web's entry imports them; the schemas are in
 * contract/follows.ts).
 */

export const FOLLOW_TYPES = ["author", "tag", "category"] as const;
export type FollowType = (typeof FOLLOW_TYPES)[number];

export const FOLLOWS_PATH = "/api/follows";
export const USER_FOLLOWS_PATH = "/api/user/follows";
/** GET /api/user/follows's query key: the reader's follows, preloaded on author and topic pages. */
export const USER_FOLLOWS_KEY = [USER_FOLLOWS_PATH] as const;
