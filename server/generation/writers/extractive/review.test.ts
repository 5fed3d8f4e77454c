import { describe, expect, it } from "vitest";
import { isUsableHeadline, writeHeadline } from "./headline";
import { writeExtractive } from "./index";
import { buildPlan } from "./plan";
import { reviewOf } from "./review";
import { shortRequest, spokenVideo } from "./sample-videos";

const LINES = [
  "Hi, I'm Omar, and I've had the Brewmaster K7 kettle on my counter for a month now.",
  "First, the good: it boils a full litre in just under three minutes, which beats my old one easily.",
  "The temperature presets are the reason to buy it, because green tea at eighty degrees tastes so much better.",
  "Now the bad: the lid hinge started squeaking in week two, and the base scratches if you look at it.",
  "The app is pointless, and I turned it off after two days.",
  "So my verdict is simple.",
  "I'm giving the Brewmaster K7 a seven out of ten, and if you drink a lot of tea it's worth the money.",
];

const video = (title: string, lines = LINES) =>
  spokenVideo("kettleRev01", title, lines, {
    channel: { id: "UCkettle", name: "Counter Space" },
    description: "A month with the Brewmaster K7 kettle.",
    publishedAt: "2025-05-02T10:00:00Z",
  });

describe("product reviews (review.ts)", () => {
  it("reads the product from the title and the score the reviewer gives it", () => {
    expect(reviewOf(buildPlan(shortRequest(video("Brewmaster K7 Review: One Month Later"), "nyt")))).toEqual({
      product: "Brewmaster K7",
      score: "Seven Out of Ten",
    });
    expect(reviewOf(buildPlan(shortRequest(video("My Honest Review of the Brewmaster K7"), "nyt")))?.product).toBe(
      "Brewmaster K7",
    );
    // A comparison, or a title that is no review, names no one product.
    expect(reviewOf(buildPlan(shortRequest(video("Brewmaster K7 vs Tefal Quick Review"), "nyt")))).toBeNull();
    expect(reviewOf(buildPlan(shortRequest(video("My Morning Tea Routine"), "nyt")))).toBeNull();
    // A score nobody gives ("…rated five out of five by Amazon buyers" is said, not given) is none.
    const said = LINES.slice(0, 5).concat("Amazon buyers put it at five out of five, which surprised me.");
    expect(reviewOf(buildPlan(shortRequest(video("Brewmaster K7 Review", said), "nyt")))?.score).toBeNull();
  });

  it("heads the news with the verdict and the blog with what the product does well and badly", () => {
    const v = video("Brewmaster K7 Review: One Month Later");
    const news = writeHeadline(buildPlan(shortRequest(v, "nyt")));
    expect(news).toBe("Omar Gives the Brewmaster K7 a Seven Out of Ten");
    expect(isUsableHeadline(news, v.title, v.channel.name)).toBe(true);
    expect(writeHeadline(buildPlan(shortRequest(v, "blog")))).toBe(
      "What the Brewmaster K7 Gets Right, and Where It Falls Short",
    );
  });

  it("leads a news article with the score, then quotes the review", () => {
    const article = writeExtractive(shortRequest(video("Brewmaster K7 Review: One Month Later"), "nyt"));
    const lede = article.markdown.split("\n\n")[0];
    expect(lede).toMatch(
      /^Omar gives the Brewmaster K7 a seven out of ten in a review published on YouTube on May 2, 2025\. "/,
    );
  });
});
