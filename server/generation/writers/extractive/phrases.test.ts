import { describe, expect, it } from "vitest";
import { introOpener, possessive } from "./phrases";

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

  it.each([
    ["Small Town Big Questions", "Small Town Big Questions'"],
    ["Founder Field Notes", "Founder Field Notes'"],
    ["Home Energy Explained", "Home Energy Explained's"],
    ["Money With Jess", "Money With Jess's"],
    ["Business Class", "Business Class's"],
    ["Jess", "Jess's"],
  ])("channel %s -> %s", (name, expected) => {
    // A channel of several words ending in a plural is a plural ("Small Town Big Questions's").
    expect(possessive(name, true)).toBe(expected);
  });
});

describe("introOpener", () => {
  const slots = (topics: string[]) => ({
    title: "Designing Systems That Fail Well",
    channel: "InfraConf",
    speaker: "Priya Raman",
    topics,
    duration: null,
    timed: true,
  });
  const openers = (topics: string[]) =>
    Array.from({ length: 12 }, (_, seed) =>
      (["casual", "persuasive", "informative"] as const).map((tone) =>
        introOpener(tone, "second", slots(topics), seed),
      ),
    ).flat();

  it("wonders about a topic named in a few words, never about a chapter's title", () => {
    expect(
      openers(["the cost of writes", "indexes"]).some((o) => o.includes("wondered about the cost of writes")),
    ).toBe(true);
    const scene = openers(["the night it all went wrong", "timeouts"]);
    expect(scene.some((o) => /wondered about the night|If the night it all went wrong matters/.test(o))).toBe(false);
  });
});
