import { describe, expect, it } from "vitest";
import { CREATE_CATEGORIES } from "../../contract/options";
import { categoryScores, FALLBACK_CATEGORY, inferCategory } from "./categorize";
import type { VideoData } from "./types";
import { BUNDLED_FIXTURES_DIR, createFixtureVideoSource } from "./video/fixtures";
import { COFFEE_PRICE_VIDEO, PRESS_CONFERENCE_VIDEO } from "./writers/extractive/held-out-videos-3";

function video(title: string, description = "", chapters: string[] = [], transcript = ""): VideoData {
  return {
    id: "abcdefghijk",
    url: "https://www.youtube.com/watch?v=abcdefghijk",
    title,
    channel: { id: "c", name: "Channel" },
    description,
    publishedAt: null,
    durationSeconds: null,
    viewCount: null,
    thumbnails: [],
    chapters: chapters.map((title, i) => ({ title, startSeconds: i * 60 })),
    transcript: transcript
      ? { language: "en", kind: "manual", timed: true, segments: [{ start: 0, duration: 1, text: transcript }] }
      : null,
    comments: null,
  };
}

describe("inferCategory", () => {
  it.each([
    ["Why Your Database Is Slow: Postgres Indexes Explained", "Technology"],
    ["Build a REST API with TypeScript and Docker", "Technology"],
    ["How to Price Your SaaS Startup: Revenue, Customers and Growth", "Business"],
    ["Investing for Beginners: Stocks, Dividends and Index Funds", "Business"],
    ["The Lantern Owls - Paper Moons (Official Music Video)", "Entertainment"],
    ["Funniest Movie Trailer Reactions of the Year", "Entertainment"],
    ["The French Revolution Explained: A History Lesson", "Education"],
    ["Photosynthesis for Students: Biology Lecture", "Education"],
    ["Senate Passes Budget Bill as Election Nears", "News"],
    ["Breaking News: Earthquake Hits Coastal City, Police Say", "News"],
    ["Cheap Budget Meals: 5 Dinners for $20 a Week (Save Money)", "Education"],
    ["Easy Weeknight Pasta Recipe That Costs Less Than Takeout", "Education"],
  ])("%s -> %s", (title, expected) => {
    expect(inferCategory(video(title))).toBe(expected);
  });

  it("files a day-in-my-life vlog under Entertainment, whatever its sponsor's discount code", () => {
    const vlog = video(
      "i moved to a new city ALONE (day in my life)",
      "this video is sponsored by Boxtrail, use code TESS15 for 15% off the app",
      [],
      "so today I set up the internet and downloaded the bus app and found a cafe I love",
    );
    expect(inferCategory(vlog)).toBe("Entertainment");
  });

  it("files a post-game press conference under Entertainment and a Portuguese price explainer under Business", () => {
    expect(inferCategory(PRESS_CONFERENCE_VIDEO)).toBe("Entertainment");
    expect(inferCategory(COFFEE_PRICE_VIDEO)).toBe("Business");
    // "Explica Aí" (Portuguese "explain it") is no "AI" once its accent goes.
    expect(categoryScores(COFFEE_PRICE_VIDEO).Technology).toBe(0);
  });

  it("uses the description, chapters and transcript when the title says little", () => {
    expect(
      inferCategory(
        video(
          "My thoughts",
          "",
          ["Setting up the server", "Writing the API"],
          "we deploy the code to a linux server with docker",
        ),
      ),
    ).toBe("Technology");
    expect(inferCategory(video("Update", "Parliament voted on the new legislation today, reporters said."))).toBe(
      "News",
    );
  });

  it("lets a passed transcript text override the video's transcript", () => {
    const v = video("Episode 4", "", [], "the album and the concert tour");
    expect(inferCategory(v)).toBe("Entertainment");
    expect(inferCategory(v, "the startup raised funding from investors to grow revenue")).toBe("Business");
  });

  it("falls back to Education without evidence, and does not read 'new' as 'news'", () => {
    expect(FALLBACK_CATEGORY).toBe("Education");
    expect(inferCategory(video("A quiet afternoon"))).toBe("Education");
    expect(inferCategory(video("My new video, new day, new me"))).toBe("Education");
  });

  it("weighs repeated transcript words sub-linearly", () => {
    const once = categoryScores(video("x", "", [], "software"));
    const many = categoryScores(video("x", "", [], "software ".repeat(64)));
    expect(many.Technology / once.Technology).toBeLessThan(8);
    expect(Object.keys(many)).toEqual([...CREATE_CATEGORIES]);
  });

  it("files the sourdough fixture under Education, even when its text talks money", async () => {
    const sourdough = await createFixtureVideoSource(BUNDLED_FIXTURES_DIR).fetchVideo("sD4uG8hNq1w");
    expect(inferCategory(sourdough)).toBe("Education");
    expect(inferCategory({ ...sourdough, transcript: null })).toBe("Education");
    const thrifty = {
      ...sourdough,
      description: `${sourdough.description}\nSave money: a loaf costs a fraction of the bakery price. Budget tips, sale on flour, my small business.`,
    };
    expect(inferCategory(thrifty)).toBe("Education");
    expect(categoryScores(sourdough).Education).toBeGreaterThan(categoryScores(sourdough).Business * 2);
  });
});
