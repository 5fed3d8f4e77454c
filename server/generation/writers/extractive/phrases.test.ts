import { describe, expect, it } from "vitest";
import { possessive } from "./phrases";

describe("possessive", () => {
  it.each([
    ["Jess", "Jess's"],
    ["Priya Raman", "Priya Raman's"],
    ["Crumb & Crust", "Crumb & Crust's"],
    ["The Lantern Owls", "The Lantern Owls'"],
    ["the Wright Brothers", "the Wright Brothers'"],
  ])("%s -> %s", (name, expected) => {
    expect(possessive(name)).toBe(expected);
  });
});
