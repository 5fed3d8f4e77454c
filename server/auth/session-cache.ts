import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { writeWatchOf } from "../db/write-watch";

/*
 * The signed-in user of each session, kept for a second. Every signed-in request looked its
 * session up (a query, and a user row to read: a quarter of a signed-in article page's CPU);
 * a reader's page and the requests it makes come within a second. Any update or delete of a
 * user or a session in this process (a password change, a profile, role or subscription
 * change, an account deleted) forgets them all at once, before it runs, and a statement about
 * one session by id (a sign-out) forgets that one (server/db/write-watch.ts); another
 * process's such write shows here within the second.
 */

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 1_000;
/** Sessions kept at most (each a user row of about 1 KB). */
const MAX_SESSIONS = 10_000;

interface Kept {
  user: UserRow;
  at: number;
}

export class SessionCache {
  private readonly kept = new Map<string, Kept>();
  /** Counts the times everything was forgotten: a look-up that began before one is not kept. */
  private generation = 0;

  /** The user of a session (by its id, the token's hash) looked up less than SESSION_CACHE_MS ago. */
  get(id: string, now = Date.now()): UserRow | undefined {
    const hit = this.kept.get(id);
    if (!hit) return undefined;
    if (now - hit.at < SESSION_CACHE_MS) return hit.user;
    this.kept.delete(id);
    return undefined;
  }

  /** Where a look-up begins: pass it to set, which keeps nothing if a write came in between. */
  mark(): number {
    return this.generation;
  }

  set(id: string, user: UserRow, mark: number, now = Date.now()): void {
    if (mark !== this.generation) return;
    this.kept.delete(id);
    this.kept.set(id, { user, at: now });
    // Oldest first (insertion order): lapsed and surplus entries go from the front.
    for (const [key, entry] of this.kept) {
      if (this.kept.size <= MAX_SESSIONS && now - entry.at < SESSION_CACHE_MS) break;
      this.kept.delete(key);
    }
  }

  /** Forgets one session (a look-up of it under way is not kept either). */
  forget(id: string): void {
    this.generation++;
    this.kept.delete(id);
  }

  clear(): void {
    this.generation++;
    this.kept.clear();
  }

  get size(): number {
    return this.kept.size;
  }
}

// '…where "sessions"."id" = $2' at the end: the query builder's statement about one session by id.
const ONE_SESSION = /where "sessions"\."id" = \$(\d{1,2})$/;

const caches = new WeakMap<Db, SessionCache | null>();

/**
 * The session cache of a database, or null when this process cannot see its writes to users
 * and sessions (a database not opened by openDatabase): then every request asks the database.
 */
export function sessionCacheOf(db: Db): SessionCache | null {
  let cache = caches.get(db);
  if (cache === undefined) {
    const watch = writeWatchOf(db);
    cache = watch ? new SessionCache() : null;
    if (cache && watch) {
      const kept = cache;
      watch.on(["update users", "delete users", "update sessions", "delete sessions"], (query, params) => {
        // A statement about one session by its id (a sign-out, moving its last-seen time on, as
        // every signed-in reader's look-up does every few minutes) forgets that session alone.
        const one = ONE_SESSION.exec(query);
        const id = one ? params[Number(one[1]) - 1] : undefined;
        if (typeof id === "string") kept.forget(id);
        else kept.clear();
      });
    }
    caches.set(db, cache);
  }
  return cache;
}
