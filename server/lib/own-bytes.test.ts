import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ownBytes } from "./own-bytes";

describe("ownBytes", () => {
  it("copies a view of a larger buffer into memory of its own size", () => {
    for (const view of [Buffer.from("a short text in the shared pool"), deflateRawSync(Buffer.from("x".repeat(500)))]) {
      expect(view.buffer.byteLength).toBeGreaterThan(view.length);
      const own = ownBytes(view);
      expect(own.equals(view)).toBe(true);
      expect(own.buffer.byteLength).toBe(view.length);
    }
  });

  it("keeps a buffer that already owns its memory", () => {
    const whole = Buffer.allocUnsafeSlow(10_000).fill(1);
    expect(ownBytes(whole)).toBe(whole);
  });
});
