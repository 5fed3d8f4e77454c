import type { Logger } from "drizzle-orm/logger";
import type { Db } from "./client";

/*
 * Which tables this process changes, seen where every statement passes: the query builder's
 * logger, which is handed each statement's text before it runs. A cache of rows of a table
 * (the signed-in user of a session: server/auth/session-cache.ts) forgets them whenever any code
 * of this process updates or deletes in that table, without every place that writes it having
 * to remember the cache. Other processes' writes are not seen here: such a cache keeps its rows
 * only briefly.
 */

// "update "users" set…", "delete from "sessions" where…": the statement's verb and own table, at its start.
const CHANGES_TABLE = /^\s*(update|delete)(?:\s+from)?\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

/** A change a listener waits for: an update or a delete, and the table. */
export type TableChange = `${"update" | "delete"} ${string}`;

export type WriteListener = (query: string, params: readonly unknown[]) => void;

/** Calls its listeners on each update or delete statement of this database, by verb and table. */
export class WriteWatch implements Logger {
  private readonly listeners = new Map<string, Array<WriteListener>>();

  logQuery(query: string, params: unknown[]): void {
    if (this.listeners.size === 0) return;
    const match = CHANGES_TABLE.exec(query);
    if (!match) return;
    for (const listener of this.listeners.get(`${match[1]} ${match[2]}`.toLowerCase()) ?? []) listener(query, params);
  }

  /**
   * Calls `listener` with the statement and its parameters before each statement making any of
   * `changes` runs ("update users", "delete sessions").
   */
  on(changes: readonly TableChange[], listener: WriteListener): void {
    for (const change of changes) this.listeners.set(change, [...(this.listeners.get(change) ?? []), listener]);
  }
}

const watches = new WeakMap<Db, WriteWatch>();

/** Ties a database to the watch its query builder logs to (server/db/client.ts). */
export function registerWriteWatch(db: Db, watch: WriteWatch): void {
  watches.set(db, watch);
}

/** The watch of a database opened by openDatabase (undefined for one made otherwise). */
export function writeWatchOf(db: Db): WriteWatch | undefined {
  return watches.get(db);
}
