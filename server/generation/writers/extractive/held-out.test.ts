import { describe, expect, it } from "vitest";
import type { ArticleStyle } from "../../../../contract/articles";
import type { VideoData } from "../../types";
import {
  GERMAN_STEPS_VIDEO,
  GUEST_INTERVIEW_VIDEO,
  PORTUGUESE_RECIPE_VIDEO,
  STEPS_HOWTO_VIDEO,
} from "./held-out-videos";
import { writeExtractive } from "./index";

const write = (video: VideoData, style: ArticleStyle) =>
  writeExtractive({
    video,
    transcript: video.transcript,
    style,
    length: "medium",
    tone: "informative",
    includeComments: true,
    category: null,
    referenceArticles: [],
  });

// What an editor found wrong in these videos' first articles, held to in every style.
describe("videos read after the writer was built (held-out-videos.ts)", () => {
  for (const style of ["blog", "nyt", "custom"] as const) {
    it(`a shop's how-to (${style}): its presenter by the name she gives, its steps kept in order`, () => {
      const article = write(STEPS_HOWTO_VIDEO, style);
      expect(article.markdown).toMatch(/\bOkafor\b/);
      // "Cycles" is the shop's name, not a person's.
      expect(article.markdown).not.toMatch(
        /\bCycles (?:says|said|explains|explained|adds|added|notes|noted)\b|— Cycles\b/,
      );
      expect(article.tags).not.toContain("Dana");
      const first = article.markdown.search(/get the wheel off the bike/i);
      const last = article.markdown.search(/put(?:ting)? (?:it all back together|a little air in the tube)/i);
      expect(first, article.markdown).toBeGreaterThan(-1);
      expect(last).toBeGreaterThan(first);
    });

    it(`a Portuguese recipe (${style}): 'um' kept, its five steps kept, no 'de o'`, () => {
      const { markdown } = write(PORTUGUESE_RECIPE_VIDEO, style);
      expect(markdown).toContain("um de cada vez");
      for (const step of [
        "erver o leite com o óleo e o sal",
        "scaldar o polvilho",
        "sperar esfriar",
        "isturar duzentos gramas",
      ])
        expect(markdown, step).toContain(step);
      expect(markdown).not.toMatch(/\bde o\b|\bem o\b/);
    });

    it(`a podcast interview (${style}): about its guest, never the host, and no half of a name as a topic`, () => {
      const { markdown, title } = write(GUEST_INTERVIEW_VIDEO, style);
      const text = `${title}\n${markdown}`;
      expect(text).not.toMatch(/Sam Reyes (?:discusses|explains|says|said|puts it)/);
      // "Co" stands only in its name ("Crumb and Co in Leeds", "Crumb and Co's seeded rye").
      expect(text.replace(/Crumb and Co\b/g, "")).not.toMatch(/\bCo\b/);
    });

    it(`a German how-to (${style}): "Erster Schritt:" is a step, not a speaker; the presenter is who he says he is`, () => {
      const { markdown } = write(GERMAN_STEPS_VIDEO, style);
      expect(markdown).not.toMatch(
        /(?:Wie|sagt|—)\s+(?:Erster |Zweiter |Dritter |Vierter )?Schritt\b|Schritt (?:sagt|betont|schließt)/,
      );
      expect(markdown).toMatch(/\bWeber\b/);
      const first = markdown.search(/richtigen Kübel|Jeder Kübel braucht/);
      expect(first, markdown).toBeGreaterThan(-1);
      // The last step comes after the first ("Düngen", or what it says to do).
      expect(markdown.slice(first)).toMatch(/Düngen|Tomatendünger/);
    });
  }
});
