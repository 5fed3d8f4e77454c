import { describe, expect, it } from "vitest";
import { recordId } from "../../contract/common";
import { databaseErrorAnswer } from "./errors";
import { holdsUnstorableText, isUnstorableText } from "./text-hygiene";

describe("isUnstorableText", () => {
  it.each([
    ["a NUL", "a\u0000b"],
    ["a NUL alone", "\u0000"],
    ["a high surrogate at the end", "abc\ud83d"],
    ["a high surrogate before a letter", "\ud83dx"],
    ["a low surrogate at the start", "\ude00abc"],
    ["two high surrogates", "\ud83d\ud83d\ude00"],
  ])("refuses %s", (_name, text) => {
    expect(isUnstorableText(text)).toBe(true);
  });

  it.each([
    ["plain text", "Hello, world"],
    ["an emoji (a surrogate pair)", "\ud83d\ude00 smile"],
    ["other control characters", "tab\tbell\u0007 and \u001f"],
    ["the replacement character", "\ufffd"],
    ["empty text", ""],
  ])("keeps %s", (_name, text) => {
    expect(isUnstorableText(text)).toBe(false);
  });
});

describe("holdsUnstorableText", () => {
  it("finds bad text in nested values and in keys", () => {
    expect(holdsUnstorableText({ a: [{ b: ["ok", "x\u0000"] }] })).toBe(true);
    expect(holdsUnstorableText({ "k\ud800": 1 })).toBe(true);
    expect(holdsUnstorableText(["fine", 1, null, true, { deep: { er: "fine" } }])).toBe(false);
    expect(holdsUnstorableText(undefined)).toBe(false);
    expect(holdsUnstorableText(Buffer.from([0, 0xed, 0xa0, 0x80]))).toBe(false);
  });

  it("walks very deep values without recursion", () => {
    let value: unknown = "\u0000";
    for (let i = 0; i < 200_000; i += 1) value = [value];
    expect(holdsUnstorableText(value)).toBe(true);
  });
});

describe("databaseErrorAnswer", () => {
  const wrapped = (cause: object) => Object.assign(new Error("Failed query: ..."), { cause });

  it.each(["22P02", "22003", "22001", "22021", "22P05"])("answers %s (bad input) with 400", (code) => {
    expect(databaseErrorAnswer(wrapped({ code, message: "x" }))?.status).toBe(400);
    expect(databaseErrorAnswer({ code })?.status).toBe(400);
  });

  it("answers a foreign key violation as gone (404), or still in use (409)", () => {
    const gone = wrapped({ code: "23503", detail: 'Key (article_id)=(5) is not present in table "articles".' });
    expect(databaseErrorAnswer(gone)?.status).toBe(404);
    const inUse = wrapped({ code: "23503", detail: 'Key (id)=(5) is still referenced from table "bookmarks".' });
    expect(databaseErrorAnswer(inUse)?.status).toBe(409);
  });

  it("leaves other errors to be a 500", () => {
    expect(databaseErrorAnswer(new Error("boom"))).toBeUndefined();
    expect(databaseErrorAnswer(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBeUndefined();
    expect(databaseErrorAnswer(Object.assign(new Error("x"), { code: "FST_ERR_BAD_URL" }))).toBeUndefined();
    expect(databaseErrorAnswer(wrapped({ code: "40P01" }))).toBeUndefined();
    expect(databaseErrorAnswer(wrapped({ code: "23505" }))).toBeUndefined();
  });
});

describe("recordId", () => {
  const schema = recordId("id must be an article id");
  it("takes ids from 1 to 2^31 - 1, as numbers or numeric text", () => {
    expect(schema.parse(1)).toBe(1);
    expect(schema.parse("2147483647")).toBe(2147483647);
  });
  it.each([0, -1, 1.5, 2147483648, 1e20, "9".repeat(30), "abc"])("refuses %s", (value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("id must be an article id");
  });
});
