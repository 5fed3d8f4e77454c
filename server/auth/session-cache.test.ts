import { describe, expect, it } from "vitest";
import type { UserRow } from "../db/schema";
import { SESSION_CACHE_MS, SessionCache } from "./session-cache";

const user = (id: string) => ({ id }) as UserRow;

describe("SessionCache", () => {
  it("trusts a look-up for SESSION_CACHE_MS, then asks again", () => {
    const cache = new SessionCache();
    cache.set("a", user("u1"), cache.mark(), 0);
    expect(cache.get("a", SESSION_CACHE_MS - 1)?.id).toBe("u1");
    expect(cache.get("a", SESSION_CACHE_MS)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps nothing from a look-up that began before everything was forgotten", () => {
    const cache = new SessionCache();
    const mark = cache.mark();
    // A sign-out or a change to the user lands while the look-up is on its way.
    cache.clear();
    cache.set("a", user("u1"), mark, 0);
    expect(cache.get("a", 1)).toBeUndefined();
    cache.set("a", user("u1"), cache.mark(), 0);
    expect(cache.get("a", 1)?.id).toBe("u1");
  });

  it("lets lapsed look-ups go as new ones come", () => {
    const cache = new SessionCache();
    cache.set("a", user("u1"), cache.mark(), 0);
    cache.set("b", user("u2"), cache.mark(), SESSION_CACHE_MS + 5);
    expect(cache.size).toBe(1);
  });
});
