import { describe, expect, it } from "vitest";
import { WriteWatch } from "./write-watch";

describe("WriteWatch", () => {
  it("calls a listener for the update or delete of its table, as the query builder or raw SQL writes it", () => {
    const watch = new WriteWatch();
    const seen: string[] = [];
    watch.on(["update users", "delete sessions"], () => seen.push("forget"));
    watch.logQuery('update "users" set "first_name" = $1 where "users"."id" = $2', []);
    watch.logQuery("  UPDATE users SET role = 'admin'", []);
    watch.logQuery('delete from "sessions" where "sessions"."id" = $1', []);
    expect(seen).toHaveLength(3);
  });

  it("ignores reads, inserts, other tables and changes it was not asked about", () => {
    const watch = new WriteWatch();
    let calls = 0;
    watch.on(["update users", "delete sessions"], () => calls++);
    watch.logQuery('select "users"."id" from "users" inner join "sessions" on true', []);
    watch.logQuery('insert into "sessions" ("id") values ($1)', []);
    watch.logQuery('update "sessions" set "last_seen_at" = $1', []);
    watch.logQuery('update "users_archive" set x = 1', []);
    watch.logQuery('delete from "articles" where "user_id" in (select id from users)', []);
    expect(calls).toBe(0);
  });

  it("hands the listener the statement and its parameters", () => {
    const watch = new WriteWatch();
    const seen: unknown[] = [];
    watch.on(["delete sessions"], (query, params) => seen.push(query, ...params));
    watch.logQuery('delete from "sessions" where "sessions"."id" = $1', ["abc"]);
    expect(seen).toEqual(['delete from "sessions" where "sessions"."id" = $1', "abc"]);
  });
});
