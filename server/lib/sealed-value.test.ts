import { describe, expect, it } from "vitest";
import { openSealedValue, sealValue } from "./sealed-value";

const SECRET = "unit-secret-unit-secret-unit-secret-0123";
const HOUR = 3_600_000;

describe("sealed values", () => {
  it("open to their value for this secret and purpose, and show none of it", () => {
    const sealed = sealValue(SECRET, "sign-up/password", "hunter2 ünïcode", HOUR);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("hunter2");
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("hunter2");
    expect(openSealedValue(SECRET, "sign-up/password", sealed)).toBe("hunter2 ünïcode");
  });

  it("differ every time, so two seals of one password cannot be matched", () => {
    expect(sealValue(SECRET, "p", "same", HOUR)).not.toBe(sealValue(SECRET, "p", "same", HOUR));
  });

  it("are refused with another secret, for another purpose, altered, expired or malformed", () => {
    const now = 1_000_000_000_000;
    const sealed = sealValue(SECRET, "p", "value", HOUR, now);
    expect(openSealedValue(SECRET, "p", sealed, now + HOUR - 1)).toBe("value");
    expect(openSealedValue(SECRET, "p", sealed, now + HOUR + 1)).toBeNull();
    expect(openSealedValue(`${SECRET}x`, "p", sealed, now)).toBeNull();
    expect(openSealedValue(SECRET, "q", sealed, now)).toBeNull();
    const bytes = Buffer.from(sealed, "base64url");
    for (const at of [0, 12, 20, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[at] ^= 1;
      expect(openSealedValue(SECRET, "p", altered.toString("base64url"), now)).toBeNull();
    }
    for (const junk of [undefined, "", "abc", "!!!!", "a".repeat(5000), sealed.slice(0, 20)]) {
      expect(openSealedValue(SECRET, "p", junk, now)).toBeNull();
    }
  });
});
