import { describe, expect, it } from "vitest";
import { retryAfterMs } from "../../../lib/retry-after";
import { retryDelayMs } from "./call";

const base = { baseDelayMs: 1_000, maxDelayMs: 20_000 };

describe("retryDelayMs", () => {
  it("backs off exponentially with equal jitter: half fixed, half random", () => {
    const low = (attempt: number) => retryDelayMs({ ...base, attempt, random: () => 0 });
    const high = (attempt: number) => retryDelayMs({ ...base, attempt, random: () => 1 });
    expect([0, 1, 2, 3].map(low)).toEqual([500, 1_000, 2_000, 4_000]);
    expect([0, 1, 2, 3].map(high)).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it("never waits longer than the cap, however many attempts", () => {
    expect(retryDelayMs({ ...base, attempt: 10, random: () => 1 })).toBe(20_000);
    expect(retryDelayMs({ ...base, attempt: 60, random: () => 0.5 })).toBe(15_000);
  });

  it("lets Retry-After win, with a little jitter on top and never less", () => {
    expect(retryDelayMs({ ...base, attempt: 0, retryAfterMs: 5_000, random: () => 0 })).toBe(5_000);
    // A tenth of the wait, at most a second, spreads callers told the same moment.
    expect(retryDelayMs({ ...base, attempt: 0, retryAfterMs: 5_000, random: () => 1 })).toBe(5_500);
    expect(retryDelayMs({ ...base, attempt: 3, retryAfterMs: 15_000, random: () => 1 })).toBe(16_000);
    // Retry-After: 0 means now, even on a later attempt (no backoff instead).
    expect(retryDelayMs({ ...base, attempt: 4, retryAfterMs: 0, random: () => 1 })).toBe(0);
  });

  it("gives up rather than wait out a Retry-After longer than the cap", () => {
    expect(retryDelayMs({ ...base, attempt: 0, retryAfterMs: 20_001 })).toBeNull();
    expect(retryDelayMs({ ...base, attempt: 0, retryAfterMs: 3_600_000 })).toBeNull();
  });

  it("reads Retry-After as seconds or as an HTTP date, and Retry-After-Ms first", () => {
    const headers = (values: Record<string, string>) => (name: string) => values[name];
    expect(retryAfterMs(headers({ "retry-after": "7" }))).toBe(7_000);
    expect(retryAfterMs(headers({ "retry-after": "1.5" }))).toBe(1_500);
    expect(retryAfterMs(headers({ "retry-after-ms": "250", "retry-after": "7" }))).toBe(250);
    const inTen = new Date(Date.now() + 10_000).toUTCString();
    const fromDate = retryAfterMs(headers({ "retry-after": inTen })) ?? -1;
    expect(fromDate).toBeGreaterThan(8_000);
    expect(fromDate).toBeLessThanOrEqual(10_000);
    expect(retryAfterMs(headers({ "retry-after": new Date(Date.now() - 60_000).toUTCString() }))).toBe(0);
    expect(retryAfterMs(headers({ "retry-after": "soon" }))).toBeUndefined();
    expect(retryAfterMs(headers({}))).toBeUndefined();
  });
});
