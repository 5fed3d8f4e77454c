import type { Db } from "./client";

/**
 * `make(db)` once per database, remembered for as long as the database is: what a process keeps
 * per database (a prepared statement) where tests run several apps, each with its own.
 */
export function oncePerDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
