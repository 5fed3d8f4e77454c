import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StarRating, starFillPercent } from "./star-rating";

// Read-only stars are one element each: a feed or a list of related articles shows dozens of
// them, and two icons per star made them most of the page's markup.

describe("StarRating", () => {
  it("fills whole stars with the gaps after them, then the part of the next star", () => {
    // sm: 0.875rem stars, 0.125rem gaps, 4.875rem in all.
    expect(starFillPercent(0, 5, "sm")).toBe(0);
    expect(starFillPercent(5, 5, "sm")).toBe(100);
    expect(starFillPercent(1, 5, "sm")).toBeCloseTo((1 / 4.875) * 100, 1);
    expect(starFillPercent(4.5, 5, "sm")).toBeCloseTo(((4 + 0.4375) / 4.875) * 100, 1);
    // lg stars are wider, so the same rating fills a different share of the row.
    expect(starFillPercent(1, 5, "lg")).toBeCloseTo((1.375 / 6.75) * 100, 1);
  });

  it("is one labelled image with no icons inside", () => {
    const html = renderToString(<StarRating value={3.46} />);
    expect(html).toMatch(/^<span role="img" aria-label="Rated 3.5 out of 5" class="star-row"/);
    expect(html).not.toContain("<svg");
    expect(html).toContain("--star-fill:");
  });

  it("clamps what is out of range to the row", () => {
    expect(renderToString(<StarRating value={Number.NaN} />)).toContain('aria-label="Rated 0.0 out of 5"');
    expect(renderToString(<StarRating value={9} />)).toContain("--star-fill:100%");
  });
});
