import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { oncePerDatabase } from "../db/per-database";
import { sessions, type UserRow, users } from "../db/schema";
import { sessionCacheOf } from "./session-cache";

export const SESSION_COOKIE = "sid";
/** A session unused this long is over. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** No session lives longer than this, however busy. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// Writing last_seen_at on every request would turn every read into a write.
const TOUCH_EVERY_MS = 5 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Starts a session: 256 random bits for the cookie, only their hash in the database. */
export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/**
 * Every signed-in request looks its session up: one prepared statement per database, built once
 * and planned once per connection (building and planning it anew cost more than running it).
 * The times are the app's clock, as ISO strings, as the query builder would send them.
 */
const sessionLookup = oncePerDatabase((db) =>
  db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("id")),
        gt(sessions.expiresAt, sql`${sql.placeholder("now")}::timestamptz`),
        gt(sessions.lastSeenAt, sql`${sql.placeholder("idleSince")}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare("find_session_user"),
);

/** The signed-in user for a cookie token, or undefined when it is unknown, idle or expired. */
export async function findSessionUser(db: Db, token: string): Promise<UserRow | undefined> {
  if (!token || token.length > 100) return undefined;
  const id = hashToken(token);
  const cache = sessionCacheOf(db);
  const kept = cache?.get(id);
  if (kept) return kept;
  const mark = cache?.mark() ?? 0;
  const now = new Date();
  const [row] = await sessionLookup(db).execute({
    id,
    now: now.toISOString(),
    idleSince: new Date(now.getTime() - SESSION_IDLE_MS).toISOString(),
  });
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  cache?.set(id, row.user, mark);
  return row.user;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Removes sessions that can no longer be used; run now and then, not per request. */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  const now = Date.now();
  await db
    .delete(sessions)
    .where(
      sql`${lt(sessions.expiresAt, new Date(now))} or ${lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS))}`,
    );
}

/** Ends every session of the user but the one holding `keepToken` (a password change). */
export async function deleteOtherSessions(db: Db, userId: string, keepToken: string | undefined): Promise<void> {
  const keep = keepToken ? hashToken(keepToken) : "";
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keep)));
}
