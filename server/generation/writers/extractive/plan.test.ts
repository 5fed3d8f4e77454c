import { describe, expect, it } from "vitest";
import type { WriteRequest } from "../../types";
import {
  buildPlan,
  buildTags,
  cleanChapterTitle,
  descriptionLists,
  descriptionSentences,
  formatDate,
  formatDuration,
  formatViews,
  guessSpeaker,
  topicFromHeading,
  withArticle,
} from "./plan";
import { CHAPTERS_VIDEO } from "./sample-videos";

describe("guessSpeaker", () => {
  it("finds a person in the title, a person-named channel, a host after 'with', or nobody", () => {
    expect(guessSpeaker("Designing Systems That Fail Well – Priya Raman (InfraConf 2025)", "InfraConf")).toEqual({
      name: "Priya Raman",
      short: "Raman",
      kind: "person",
    });
    expect(guessSpeaker("Indexes Explained", "Maya Chen")).toMatchObject({ short: "Chen", kind: "person" });
    expect(guessSpeaker("Bread", "Crumb & Crust with Dana")).toMatchObject({ name: "Dana", kind: "person" });
    expect(guessSpeaker("Tips", "Terminal Tips")).toMatchObject({ name: "Terminal Tips", kind: "channel" });
    expect(guessSpeaker("Flood news", "Northfield Evening News")).toMatchObject({
      name: "the report",
      kind: "anonymous",
    });
    expect(guessSpeaker("A talk", "TEDx Talks")).toMatchObject({ name: "the speaker", kind: "anonymous" });
  });
});

describe("formatting facts", () => {
  it("formats dates, durations and views", () => {
    expect(formatDate("2025-03-01T12:00:00Z")).toBe("March 1, 2025");
    expect(formatDate(null)).toBeNull();
    expect(formatDuration(40)).toBe("40-second");
    expect(formatDuration(1260)).toBe("21-minute");
    expect(formatDuration(7440)).toBe("2-hour");
    expect(formatViews(48213)).toBe("more than 48,000");
    expect(formatViews(1_254_000)).toBe("more than 1.2 million");
    expect(formatViews(9800)).toBe("9,800");
    expect(formatViews(12)).toBeNull();
  });
});

describe("description parsing", () => {
  const description = `Most founders spend weeks on their logo and minutes on their pricing.
In this video I explain the framework.

0:00 Intro
1:25 Why cost-plus fails

RECIPE (control loaf)
500 g bread flour
350 g water
10 g salt

Follow me on Twitter: https://x.example/me
#pricing #saas`;

  it("keeps real sentences and drops links, plugs, chapter lists and hashtags", () => {
    expect(descriptionSentences(description)).toEqual([
      "Most founders spend weeks on their logo and minutes on their pricing.",
      "In this video I explain the framework.",
    ]);
  });

  it("keeps a hashtag inside a sentence as a word, so the sentence can be quoted as written", () => {
    expect(descriptionSentences("My weekly #sourdough bake, start to finish. #baking #bread")).toEqual([
      "My weekly sourdough bake, start to finish.",
    ]);
  });

  it("finds labelled lists but not chapter lists", () => {
    expect(descriptionLists(description)).toEqual([
      { label: "RECIPE (control loaf)", items: ["500 g bread flour", "350 g water", "10 g salt"] },
    ]);
  });
});

describe("headings and topics", () => {
  it("cleans chapter titles and reads them into sentences", () => {
    expect(cleanChapterTitle("3. Packaging into tiers 📦")).toBe("Packaging into tiers");
    expect(cleanChapterTitle("12:28 - Testing prices")).toBe("Testing prices");
    const caseMap = new Map([["postgres", "Postgres"]]);
    expect(topicFromHeading("Why Indexes Slow Writes", caseMap)).toBe("why indexes slow writes");
    expect(topicFromHeading("Postgres internals", caseMap)).toBe("Postgres internals");
    expect(topicFromHeading("What is an index?", caseMap)).toBeNull();
  });

  it("adds an article where a singular phrase needs one", () => {
    expect(withArticle("avalanche method")).toBe("the avalanche method");
    expect(withArticle("student loans")).toBe("student loans");
    expect(withArticle("Postgres")).toBe("Postgres");
    expect(withArticle("business")).toBe("the business");
  });
});

describe("buildPlan", () => {
  const request: WriteRequest = {
    video: CHAPTERS_VIDEO,
    transcript: CHAPTERS_VIDEO.transcript,
    style: "blog",
    length: "medium",
    tone: "informative",
    includeComments: true,
    category: null,
    referenceArticles: [],
  };

  it("uses chapters as sections, drops the sponsor-free intro from the body, and picks clean comments", () => {
    const plan = buildPlan(request);
    expect(plan.source).toBe("transcript");
    expect(plan.timed).toBe(true);
    expect(plan.sections.length).toBeLessThanOrEqual(4);
    expect(plan.sections[0].heading).toMatch(/^What an index actually is/);
    expect(plan.intro.length).toBeGreaterThan(0);
    expect(plan.comments.map((c) => c.author)).toEqual(
      ["@dbnerd", "@ops_sarah", "@quiet"].slice(0, plan.comments.length),
    );
    expect(plan.comments.some((c) => /crypto|https|script/i.test(c.text + c.author))).toBe(false);
  });

  it("is deterministic", () => {
    const a = buildPlan(request);
    const b = buildPlan(request);
    expect([...a.scores]).toEqual([...b.scores]);
    expect(a.sections.map((s) => s.heading)).toEqual(b.sections.map((s) => s.heading));
  });

  it("makes 3 to 8 tags ending with the category", () => {
    const tags = buildTags(buildPlan(request), "Technology");
    expect(tags.length).toBeGreaterThanOrEqual(3);
    expect(tags.length).toBeLessThanOrEqual(8);
    expect(tags).toContain("Technology");
    expect(tags).toContain("Postgres");
  });

  it("skips comments when asked", () => {
    expect(buildPlan({ ...request, includeComments: false }).comments).toEqual([]);
  });
});
