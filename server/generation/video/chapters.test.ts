import { describe, expect, it } from "vitest";
import { parseClockTime, parseDescriptionChapters } from "./chapters";

describe("parseDescriptionChapters", () => {
  it("reads a typical chapter list among other description text", () => {
    const description = [
      "In this video I walk through how we price our product.",
      "",
      "Get the spreadsheet: https://example.com/sheet",
      "",
      "Chapters:",
      "0:00 Intro",
      "1:15 - Why cost-plus pricing fails",
      "4:02 – Talking to customers",
      "12:30 | Packaging into tiers",
      "1:02:03 Q&A",
      "",
      "#pricing #saas",
    ].join("\n");
    expect(parseDescriptionChapters(description)).toEqual([
      { title: "Intro", startSeconds: 0 },
      { title: "Why cost-plus pricing fails", startSeconds: 75 },
      { title: "Talking to customers", startSeconds: 242 },
      { title: "Packaging into tiers", startSeconds: 750 },
      { title: "Q&A", startSeconds: 3723 },
    ]);
  });

  it("accepts brackets, bullets, numbering, zero-padded hours and times written after the title", () => {
    expect(parseDescriptionChapters("[00:00] Start\n[02:10] Middle\n[1:00:00] End")).toEqual([
      { title: "Start", startSeconds: 0 },
      { title: "Middle", startSeconds: 130 },
      { title: "End", startSeconds: 3600 },
    ]);
    expect(parseDescriptionChapters("• 00:00:00 Welcome\n• 00:05:00 Setup\n• 00:10:30 Demo")).toHaveLength(3);
    expect(parseDescriptionChapters("1. 0:00 One\n2. 0:30 Two\n3. 1:00 Three").map((c) => c.title)).toEqual([
      "One",
      "Two",
      "Three",
    ]);
    expect(parseDescriptionChapters("Intro - 0:00\nThe recipe (2:15)\nTasting — 9:40")).toEqual([
      { title: "Intro", startSeconds: 0 },
      { title: "The recipe", startSeconds: 135 },
      { title: "Tasting", startSeconds: 580 },
    ]);
  });

  it("copes with CRLF and blank lines inside the list", () => {
    expect(parseDescriptionChapters("0:00 A\r\n\r\n0:10 B\r\n\r\n0:20 C\r\n")).toHaveLength(3);
  });

  it("needs a list that starts at 0:00", () => {
    expect(parseDescriptionChapters("0:30 A\n1:00 B\n1:30 C")).toEqual([]);
  });

  it("needs at least three chapters", () => {
    expect(parseDescriptionChapters("0:00 A\n1:00 B")).toEqual([]);
  });

  it("needs increasing times, and stops at the first time that goes back", () => {
    expect(parseDescriptionChapters("0:00 A\n2:00 B\n1:00 C")).toEqual([]);
    expect(parseDescriptionChapters("0:00 A\n1:00 B\n2:00 C\n1:30 Not a chapter")).toHaveLength(3);
  });

  it("takes the first complete list when there are two", () => {
    const description =
      "Chapters\n0:00 Intro\n3:00 Build\n6:00 Outro\n\nSongs\n0:00 Track one\n2:00 Track two\n4:00 Track three";
    expect(parseDescriptionChapters(description).map((c) => c.title)).toEqual(["Intro", "Build", "Outro"]);
  });

  it("starts again when an early 0:00 list is too short", () => {
    const description = "0:00 cold open\n\nChapters\n0:00 Intro\n3:00 Build\n6:00 Outro";
    expect(parseDescriptionChapters(description).map((c) => c.title)).toEqual(["Intro", "Build", "Outro"]);
  });

  it("drops chapters past the end of the video", () => {
    const description = "0:00 A\n1:00 B\n2:00 C\n9:00 Typo";
    expect(parseDescriptionChapters(description, 300).map((c) => c.title)).toEqual(["A", "B", "C"]);
    expect(parseDescriptionChapters("0:00 A\n1:00 B\n9:00 Typo", 300)).toEqual([]);
  });

  it("ignores timestamps without titles, invalid times and prose", () => {
    expect(parseDescriptionChapters("0:00\n1:00\n2:00")).toEqual([]);
    expect(parseDescriptionChapters("0:00 A\n1:75 B\n2:00 C")).toEqual([]);
    expect(parseDescriptionChapters("Thanks for watching!\nSubscribe for more.")).toEqual([]);
    expect(parseDescriptionChapters("")).toEqual([]);
  });
});

describe("parseClockTime", () => {
  it.each([
    ["0:00", 0],
    ["1:15", 75],
    ["12:30", 750],
    ["1:02:03", 3723],
    ["00:00:09", 9],
  ])("%s is %d seconds", (value, seconds) => {
    expect(parseClockTime(value)).toBe(seconds);
  });

  it.each(["1", "1:60", "1:61:00", "a:bc", "1:2:3:4"])("rejects %s", (value) => {
    expect(parseClockTime(value)).toBeNull();
  });
});
