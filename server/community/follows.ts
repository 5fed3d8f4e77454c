import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  BAD_TAG_MESSAGE,
  FOLLOW_LIMIT_MESSAGE,
  FOLLOW_SELF_MESSAGE,
  type FollowRequest,
  type FollowResult,
  MAX_FOLLOWS,
  UNKNOWN_AUTHOR_MESSAGE,
  UNKNOWN_CATEGORY_MESSAGE,
  type UserFollowsResponse,
} from "../../contract/follows";
import { categoryForSlug, categorySlug, tagSlug } from "../../contract/topics";
import type { Db } from "../db/client";
import { follows, handleRedirects, type UserRow, users } from "../db/schema";
import { HttpError, notFound } from "../http/errors";

/*
 * Following an author, a tag or a category (issue 19 item 3). A follow is stored as
 * (type, target): an author by user id (a handle can change), a tag or category by its slug.
 */

interface Resolved {
  type: FollowRequest["type"];
  /** What is stored in follows.target. */
  stored: string;
  /** What the answer names: the handle, or the slug. */
  shown: string;
}

/** The user a handle names now, or named before it changed. */
async function authorByHandle(db: Db, handle: string): Promise<{ id: string; handle: string } | undefined> {
  const lower = handle.toLowerCase();
  const [current] = await db.select({ id: users.id, handle: users.handle }).from(users).where(eq(users.handle, lower));
  if (current) return current;
  const [moved] = await db
    .select({ id: users.id, handle: users.handle })
    .from(handleRedirects)
    .innerJoin(users, eq(users.id, handleRedirects.userId))
    .where(eq(handleRedirects.oldHandle, lower));
  return moved;
}

/** What a request names, in stored form; a 4xx when it names nothing that can be followed. */
async function resolve(db: Db, user: UserRow, request: FollowRequest): Promise<Resolved> {
  switch (request.type) {
    case "author": {
      const author = await authorByHandle(db, request.target.replace(/^@/, ""));
      if (!author) throw notFound(UNKNOWN_AUTHOR_MESSAGE);
      if (author.id === user.id) throw new HttpError(400, FOLLOW_SELF_MESSAGE);
      return { type: "author", stored: author.id, shown: author.handle };
    }
    case "tag": {
      const slug = tagSlug(request.target);
      if (!slug) throw new HttpError(400, BAD_TAG_MESSAGE);
      return { type: "tag", stored: slug, shown: slug };
    }
    case "category": {
      const slug = categorySlug(request.target);
      if (!categoryForSlug(slug)) throw notFound(UNKNOWN_CATEGORY_MESSAGE);
      return { type: "category", stored: slug, shown: slug };
    }
  }
}

/** Follows what the request names; following it again changes nothing. */
export async function follow(db: Db, user: UserRow, request: FollowRequest): Promise<FollowResult> {
  const target = await resolve(db, user, request);
  const [{ n }] = await db.select({ n: count() }).from(follows).where(eq(follows.userId, user.id));
  if (n >= MAX_FOLLOWS) {
    const [already] = await db
      .select({ target: follows.target })
      .from(follows)
      .where(and(eq(follows.userId, user.id), eq(follows.targetType, target.type), eq(follows.target, target.stored)));
    if (!already) throw new HttpError(409, FOLLOW_LIMIT_MESSAGE);
  }
  await db
    .insert(follows)
    .values({ userId: user.id, targetType: target.type, target: target.stored })
    .onConflictDoNothing();
  return { type: target.type, target: target.shown, following: true };
}

/** Stops following what the request names; not following it already is no error. */
export async function unfollow(db: Db, user: UserRow, request: FollowRequest): Promise<FollowResult> {
  const target = await resolve(db, user, request);
  await db
    .delete(follows)
    .where(and(eq(follows.userId, user.id), eq(follows.targetType, target.type), eq(follows.target, target.stored)));
  return { type: target.type, target: target.shown, following: false };
}

/** Whether the reader follows what the request names (for a page's Follow button). */
export async function isFollowing(db: Db, user: UserRow, request: FollowRequest): Promise<boolean> {
  const target = await resolve(db, user, request).catch(() => null);
  if (!target) return false;
  const [row] = await db
    .select({ target: follows.target })
    .from(follows)
    .where(and(eq(follows.userId, user.id), eq(follows.targetType, target.type), eq(follows.target, target.stored)));
  return Boolean(row);
}

/** Everything a reader follows, in stored form (ids and slugs), newest first. */
export async function followedBy(db: Db, userId: string) {
  const rows = await db
    .select({ type: follows.targetType, target: follows.target })
    .from(follows)
    .where(eq(follows.userId, userId))
    .orderBy(desc(follows.createdAt))
    .limit(MAX_FOLLOWS);
  const of = (type: string) => rows.filter((r) => r.type === type).map((r) => r.target);
  return { authors: of("author"), tags: of("tag"), categories: of("category") };
}

/** GET /api/user/follows: the reader's follows, authors with their names and pictures. */
export async function listFollows(db: Db, user: UserRow): Promise<UserFollowsResponse> {
  const followed = await followedBy(db, user.id);
  const authorRows = followed.authors.length
    ? await db
        .select({
          id: users.id,
          handle: users.handle,
          firstName: users.firstName,
          lastName: users.lastName,
          profileImageUrl: users.profileImageUrl,
        })
        .from(users)
        .where(sql`${users.id} = any(${sql.param(followed.authors)}::uuid[])`)
    : [];
  const byId = new Map(authorRows.map((row) => [row.id, row]));
  return {
    authors: followed.authors.flatMap((id) => {
      const row = byId.get(id);
      return row
        ? [
            {
              handle: row.handle,
              firstName: row.firstName,
              lastName: row.lastName,
              profileImageUrl: row.profileImageUrl,
            },
          ]
        : [];
    }),
    tags: followed.tags.map((slug) => ({ slug })),
    categories: followed.categories.flatMap((slug) => {
      const name = categoryForSlug(slug);
      return name ? [{ slug, name }] : [];
    }),
  };
}
