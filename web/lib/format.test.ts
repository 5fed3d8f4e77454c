import { describe, expect, it } from "vitest";
import { countLabel, displayName, formatCount, formatDate, formatRating, initialsFor } from "./format";

describe("initialsFor", () => {
  it("uses first and last name, then the email, then '?'", () => {
    expect(initialsFor({ firstName: "ama", lastName: "Mensah", email: "a@b.c" })).toBe("AM");
    expect(initialsFor({ firstName: "", lastName: "", email: "kofi@example.com" })).toBe("K");
    expect(initialsFor({ firstName: " ", lastName: "", email: "" })).toBe("?");
    expect(initialsFor(null)).toBe("?");
  });
});

describe("displayName", () => {
  it("prefers the name, then the email, then 'User'", () => {
    expect(displayName({ firstName: "Ama", lastName: "Mensah", email: "a@b.c" })).toBe("Ama Mensah");
    expect(displayName({ firstName: "", lastName: "", email: "a@b.c" })).toBe("a@b.c");
    expect(displayName(undefined)).toBe("User");
  });
});

describe("formatDate", () => {
  it("writes en-US dates with a short month", () => {
    expect(formatDate("2025-03-01T12:00:00Z")).toBe("Mar 1, 2025");
    expect(formatDate("not a date")).toBe("");
    expect(formatDate(null)).toBe("");
  });
});

describe("formatCount", () => {
  it("abbreviates thousands and millions with one decimal", () => {
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1.0k");
    expect(formatCount(48213)).toBe("48.2k");
    expect(formatCount(2_500_000)).toBe("2.5M");
    expect(formatCount(999_949)).toBe("999.9k");
    expect(formatCount(999_950)).toBe("1.0M");
    expect(formatCount(undefined)).toBe("0");
  });
});

describe("formatRating", () => {
  it("shows one decimal and keeps to 0 to 5", () => {
    expect(formatRating(4.456)).toBe("4.5");
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating(0)).toBe("0.0");
    expect(formatRating(7)).toBe("5.0");
    expect(formatRating(Number.NaN)).toBe("0.0");
    expect(formatRating(null)).toBe("0.0");
  });
});

describe("countLabel", () => {
  it("pairs an abbreviated count with the right noun", () => {
    expect(countLabel(1, "view")).toBe("1 view");
    expect(countLabel(0, "view")).toBe("0 views");
    expect(countLabel(48213, "view")).toBe("48.2k views");
    expect(countLabel(2, "reply", "replies")).toBe("2 replies");
  });
});
