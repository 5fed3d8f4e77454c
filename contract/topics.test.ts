import { describe, expect, it } from "vitest";
import { CATEGORIES } from "./options";
import { categoryForSlug, categorySlug, isTopicSlug, TOPIC_SLUG, tagPath, tagSlug } from "./topics";

describe("topic slugs", () => {
  it("lowercases ASCII letters and makes every run of anything else one hyphen, none at the ends", () => {
    expect(tagSlug("Machine Learning")).toBe("machine-learning");
    expect(tagSlug("  machine--learning!! ")).toBe("machine-learning");
    expect(tagSlug("C++")).toBe("c");
    expect(tagSlug("Node.js")).toBe("node-js");
    expect(tagSlug("café crème")).toBe("caf-cr-me");
    expect(categorySlug("Food & Cooking")).toBe("food-cooking");
    // Only ASCII is lowercased, as the database's twin does (no locale can make them differ).
    expect(tagSlug("İstanbul")).toBe("stanbul");
    expect(tagSlug("日本")).toBe("");
    expect(tagPath("日本")).toBeNull();
    expect(tagPath("AI")).toBe("/tag/ai");
  });

  it("names every category by a slug that leads back to it", () => {
    for (const name of CATEGORIES) {
      expect(TOPIC_SLUG.test(categorySlug(name))).toBe(true);
      expect(categoryForSlug(categorySlug(name))).toBe(name);
    }
    expect(categoryForSlug("cooking")).toBeUndefined();
  });

  it("tells a slug from anything else, and stays linear on long hostile input", () => {
    expect(isTopicSlug("machine-learning")).toBe(true);
    for (const bad of ["", "-a", "a-", "a--b", "A", "a b", "%", "a".repeat(101)]) expect(isTopicSlug(bad)).toBe(false);
    const started = performance.now();
    expect(tagSlug(`a${"!".repeat(100_000)}b`)).toBe("a");
    // Capped: what is past the first few hundred characters names nothing.
    expect(tagSlug(`${"-".repeat(100_000)}a`)).toBe("");
    expect(isTopicSlug(`${"a-".repeat(50_000)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
