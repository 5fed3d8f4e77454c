import { describe, expect, it } from "vitest";
import { keyedDigest, signValue, verifySignedValue } from "./signed-value";

const SECRET = "unit-secret-unit-secret-unit-secret-0123";

describe("signed values", () => {
  it("carry their value back when this secret signed them for this purpose", () => {
    const signed = signValue(SECRET, "purpose/a", "abc123");
    expect(signed).toMatch(/^abc123\.[A-Za-z0-9_-]{22}$/);
    expect(verifySignedValue(SECRET, "purpose/a", signed)).toBe("abc123");
  });

  it("are refused when forged, altered, signed with another secret or for another purpose", () => {
    const signed = signValue(SECRET, "purpose/a", "abc123");
    const signature = signed.slice("abc123.".length);
    const other = signature[0] === "A" ? "B" : "A";
    for (const candidate of [
      `abc124.${signature}`,
      `abc123.${other}${signature.slice(1)}`,
      `abc123.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      signValue("another-secret-another-secret-0123456", "purpose/a", "abc123"),
      signValue(SECRET, "purpose/b", "abc123"),
      "abc123",
      `abc123.${signature}.x`,
      `.${signature}`,
      "",
      undefined,
      `${"a".repeat(100_000)}.${signature}`,
    ]) {
      expect(verifySignedValue(SECRET, "purpose/a", candidate), String(candidate).slice(0, 40)).toBeNull();
    }
  });

  it("accept only the canonical spelling of a signature", () => {
    // 22 base64url characters carry 132 bits; the MAC has 128, so the last character has
    // spellings that decode alike. Only the one the server wrote passes.
    const signed = signValue(SECRET, "p", "v");
    const last = signed.at(-1) ?? "A";
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const sameBits = [...alphabet].filter(
      (c) => c !== last && alphabet.indexOf(c) >> 4 === alphabet.indexOf(last) >> 4,
    );
    expect(sameBits.length).toBeGreaterThan(0);
    for (const c of sameBits) expect(verifySignedValue(SECRET, "p", `${signed.slice(0, -1)}${c}`)).toBeNull();
  });

  it("refuse to sign a value that could not be read back", () => {
    for (const value of ["", "a.b", "a b", "x".repeat(201)]) expect(() => signValue(SECRET, "p", value)).toThrow();
  });

  it("digest values by key and purpose", () => {
    expect(keyedDigest(SECRET, "p", "10.0.0.1")).toMatch(/^[a-f0-9]{32}$/);
    expect(keyedDigest(SECRET, "p", "10.0.0.1")).toBe(keyedDigest(SECRET, "p", "10.0.0.1"));
    expect(keyedDigest(SECRET, "p", "10.0.0.1")).not.toBe(keyedDigest(SECRET, "q", "10.0.0.1"));
    expect(keyedDigest(SECRET, "p", "10.0.0.1")).not.toBe(keyedDigest(`${SECRET}x`, "p", "10.0.0.1"));
  });
});
