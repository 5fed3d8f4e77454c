import { z } from "zod";

/*
 * Following (issue 19): a reader follows an author (by handle), a tag or a category (by its slug,
 * contract/topics.ts). What they follow makes their Following feed and teaches 'For You'.
 */

import { FOLLOW_TYPES } from "./follow-keys";

export { FOLLOW_TYPES, FOLLOWS_PATH, type FollowType, USER_FOLLOWS_KEY, USER_FOLLOWS_PATH } from "./follow-keys";

/** More follows than anyone reads; it also bounds the Following feed's conditions. */
export const MAX_FOLLOWS = 500;

export const FOLLOW_LIMIT_MESSAGE = `You can follow at most ${MAX_FOLLOWS} authors, tags and categories. Unfollow some first.`;
export const FOLLOW_SELF_MESSAGE = "You can't follow yourself.";
export const UNKNOWN_AUTHOR_MESSAGE = "No author has that handle.";
export const UNKNOWN_CATEGORY_MESSAGE = "There is no category with that name.";
export const FOLLOWING_SIGN_IN_MESSAGE = "Sign in to see articles from the authors, tags and categories you follow.";
export const BAD_TAG_MESSAGE = "A tag to follow must be a tag's address name, like machine-learning.";

const followType = z.enum(FOLLOW_TYPES, { error: `type must be one of: ${FOLLOW_TYPES.join(", ")}` });
const followTarget = z
  .string({ error: "target must be an author's handle, a tag or a category" })
  .trim()
  .min(1, { error: "target must be an author's handle, a tag or a category" })
  .max(100, { error: "target must be at most 100 characters" });

/** POST /api/follows body, and DELETE /api/follows query: what to follow or stop following. */
export const followRequest = z.object({ type: followType, target: followTarget });
export type FollowRequest = z.infer<typeof followRequest>;

/** The answer to a follow or an unfollow: what it names (the stored form) and whether it is followed now. */
export const followResult = z.object({
  type: followType,
  /** The author's handle, or the tag's or category's slug. */
  target: z.string(),
  following: z.boolean(),
});
export type FollowResult = z.infer<typeof followResult>;

/** GET /api/user/follows: everything the reader follows, newest first in each list. */
export const userFollowsResponse = z.object({
  authors: z.array(
    z.object({
      handle: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      profileImageUrl: z.string().nullable(),
    }),
  ),
  tags: z.array(z.object({ slug: z.string() })),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type UserFollowsResponse = z.infer<typeof userFollowsResponse>;
