import { describe, expect, it } from "vitest";
import { fakeProse } from "../../../../test/fakes/llm-server";
import { countWords } from "../../../content/text";
import { distanceFromRange, dropUnfinishedTail, trimToRange } from "./length";

const range = { min: 300, max: 500 };

describe("distanceFromRange", () => {
  it("is zero inside and the gap outside", () => {
    expect(distanceFromRange(400, range)).toBe(0);
    expect(distanceFromRange(250, range)).toBe(50);
    expect(distanceFromRange(530, range)).toBe(30);
  });
});

describe("trimToRange", () => {
  it("leaves an article within range alone", () => {
    const body = fakeProse(400);
    expect(trimToRange(body, range)).toBe(body);
  });

  it("removes whole trailing sections, never leaving a bare heading", () => {
    const paragraph = () => fakeProse(200).replace(/\n\n/g, " ");
    const body = ["## One", paragraph(), "## Two", paragraph(), "## Three", paragraph()].join("\n\n");
    const trimmed = trimToRange(body, range);
    const words = countWords(trimmed);
    expect(words).toBeGreaterThanOrEqual(300);
    expect(words).toBeLessThanOrEqual(500);
    expect(trimmed).not.toContain("## Three");
    expect(trimmed).toContain("## Two");
    expect(trimmed.trim().endsWith(".")).toBe(true);
  });

  it("cuts the last paragraph by sentences when a whole one would drop below the range", () => {
    const body = [fakeProse(250), fakeProse(400)].join("\n\n");
    const trimmed = trimToRange(body, range);
    const words = countWords(trimmed);
    expect(words).toBeGreaterThanOrEqual(300);
    expect(words).toBeLessThanOrEqual(500);
    expect(trimmed.trim().endsWith(".")).toBe(true);
  });

  it("cuts a long list item by item", () => {
    const items = Array.from({ length: 60 }, (_, i) => `- point number ${i} is about habits and routines`).join("\n");
    const trimmed = trimToRange(`${fakeProse(250)}\n\n${items}`, range);
    const words = countWords(trimmed);
    expect(words).toBeGreaterThanOrEqual(300);
    expect(words).toBeLessThanOrEqual(500);
    expect(trimmed.split("\n").at(-1)).toMatch(/^- point number \d+ is about habits and routines$/);
  });
});

describe("dropUnfinishedTail", () => {
  it("removes a sentence cut off mid-way and a heading left bare", () => {
    expect(dropUnfinishedTail("First para.\n\nSecond one. And then the model stopp")).toBe(
      "First para.\n\nSecond one.",
    );
    expect(dropUnfinishedTail("First para.\n\n## Next\n\nHalf a sent")).toBe("First para.");
    expect(dropUnfinishedTail("Done properly.")).toBe("Done properly.");
    expect(dropUnfinishedTail("Intro.\n\n- one item.\n- two ite")).toBe("Intro.\n\n- one item.");
  });
});
