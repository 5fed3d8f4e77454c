import { describe, expect, it } from "vitest";
import { isValidSignature, signWebhook } from "./paystack";
import { addCalendarMonths, extendSubscription, providerVerdict, visibleStatus } from "./service";

describe("addCalendarMonths", () => {
  it.each([
    ["2025-01-15T10:00:00.000Z", 1, "2025-02-15T10:00:00.000Z"],
    ["2025-01-31T10:00:00.000Z", 1, "2025-02-28T10:00:00.000Z"],
    ["2024-01-31T10:00:00.000Z", 1, "2024-02-29T10:00:00.000Z"],
    ["2025-03-31T00:00:00.000Z", 1, "2025-04-30T00:00:00.000Z"],
    ["2025-12-31T23:59:59.000Z", 1, "2026-01-31T23:59:59.000Z"],
    ["2024-02-29T08:00:00.000Z", 12, "2025-02-28T08:00:00.000Z"],
    ["2025-06-10T08:00:00.000Z", 12, "2026-06-10T08:00:00.000Z"],
  ])("%s + %i months = %s", (from, months, expected) => {
    expect(addCalendarMonths(new Date(from), months).toISOString()).toBe(expected);
  });
});

describe("extendSubscription", () => {
  const now = new Date("2025-05-10T12:00:00.000Z");
  it("starts from now without a current end, or with one in the past", () => {
    expect(extendSubscription(null, "monthly", now).toISOString()).toBe("2025-06-10T12:00:00.000Z");
    expect(extendSubscription(new Date("2025-01-01T00:00:00Z"), "yearly", now).toISOString()).toBe(
      "2026-05-10T12:00:00.000Z",
    );
  });
  it("starts from the current end when it is later", () => {
    expect(extendSubscription(new Date("2025-05-31T00:00:00Z"), "monthly", now).toISOString()).toBe(
      "2025-06-30T00:00:00.000Z",
    );
  });
});

describe("isValidSignature", () => {
  const body = Buffer.from('{"event":"charge.success"}');
  it("accepts Paystack's HMAC-SHA512 and nothing else", () => {
    const signature = signWebhook(body, "sk_test_key");
    expect(isValidSignature(body, signature, "sk_test_key")).toBe(true);
    expect(isValidSignature(body, signature.toUpperCase(), "sk_test_key")).toBe(true);
    expect(isValidSignature(body, signature, "sk_test_other")).toBe(false);
    expect(isValidSignature(Buffer.from(`${body} `), signature, "sk_test_key")).toBe(false);
    expect(isValidSignature(body, undefined, "sk_test_key")).toBe(false);
    expect(isValidSignature(body, signature.slice(2), "sk_test_key")).toBe(false);
    expect(isValidSignature(body, [signature], "sk_test_key")).toBe(false);
  });
});

describe("providerVerdict (Paystack's verify data.status)", () => {
  it.each([
    ["success", "success"],
    ["SUCCESS", "success"],
    ["failed", "failed"],
    ["reversed", "failed"],
    ["declined", "failed"],
    ["abandoned", "abandoned"],
    ["ongoing", "pending"],
    ["pending", "pending"],
    ["processing", "pending"],
    ["queued", "pending"],
    ["unknown", "pending"],
    ["", "pending"],
  ])("%s -> %s", (status, verdict) => {
    expect(providerVerdict(status)).toBe(verdict);
  });
});

describe("visibleStatus", () => {
  const now = new Date("2025-05-10T12:00:00.000Z");
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  it.each([
    ["success", 600, "success"],
    ["pending", 59, "pending"],
    ["pending", 60, "abandoned"],
    ["pending", 600, "abandoned"],
    ["abandoned", 120, "abandoned"],
    ["failed", 1, "failed"],
    ["something else", 1, "failed"],
  ])("%s started %i minutes ago reads %s", (status, minutes, shown) => {
    expect(visibleStatus({ status, createdAt: ago(minutes) }, now)).toBe(shown);
  });
});
