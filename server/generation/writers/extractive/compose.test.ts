import { describe, expect, it } from "vitest";
import type { WriteRequest } from "../../types";
import { dependsOnPrevious, introducedBy, isTeaser, repairStory } from "./compose";
import { buildPlan } from "./plan";
import { CHAPTERS_VIDEO } from "./sample-videos";

describe("a story, not a score order (issue 14)", () => {
  it("knows the sentences that lean on the one before", () => {
    for (const text of [
      "Which brings us to the third problem.",
      "That's why the index is slow.",
      "This means every write costs more.",
      "But the planner ignores it.",
      "The second mistake is worse.",
      "Y si las empresas no pueden fabricar más, suben los precios.",
      "La segunda es la inflación de costes.",
      "Mais le problème reste entier.",
      "Of what a system does when more work arrives than it can handle.",
    ]) {
      expect(dependsOnPrevious(text), text).toBe(true);
    }
    expect(dependsOnPrevious("Of course, the cache has to be warm first.")).toBe(false);
    expect(dependsOnPrevious("The planner reads statistics before every query.")).toBe(false);
    // A spoken opener the article drops does not count.
    expect(dependsOnPrevious("So instead of typing the full branch name, just type git switch dash.")).toBe(false);
    expect(isTeaser("The good news?")).toBe(true);
    expect(isTeaser("What does this mean for people who use the bridge every day and night?")).toBe(false);
  });

  const plan = buildPlan({
    video: CHAPTERS_VIDEO,
    transcript: CHAPTERS_VIDEO.transcript,
    style: "blog",
    length: "medium",
    tone: "informative",
    includeComments: false,
    category: null,
    referenceArticles: [],
  } satisfies WriteRequest);
  const sentences = plan.analysis.sentences;
  const all = new Set(sentences.map((s) => s.index));

  it("pulls in the sentence a dependent one leans on, or drops it, in the video's order", () => {
    const dependent = sentences.findIndex(
      (s, i) => i > 2 && dependsOnPrevious(s.text) && !dependsOnPrevious(sentences[i - 1].text),
    );
    expect(dependent).toBeGreaterThan(0);
    const story = repairStory(plan, [dependent + 3, dependent], all, new Set());
    expect(story).toContain(dependent - 1);
    expect(story).toContain(dependent);
    expect(story).toEqual([...story].sort((x, y) => x - y));
    for (const i of story) if (dependsOnPrevious(sentences[i].text)) expect(story).toContain(i - 1);
    // The sentence before is used elsewhere (or outside the section): the dependent one goes.
    expect(repairStory(plan, [dependent], all, new Set([dependent - 1]))).toEqual([]);
    expect(repairStory(plan, [dependent], new Set([dependent]), new Set())).toEqual([]);
  });

  it("keeps 'Delgado said…' only after the sentence that names Rosa Delgado", () => {
    const news = buildPlan({
      video: { ...CHAPTERS_VIDEO, chapters: [] },
      transcript: {
        language: "en",
        kind: "manual",
        timed: true,
        segments: [
          "The bridge will stay closed for six weeks after the flood damaged its central pier.",
          "The city's chief engineer, Rosa Delgado, told the council the bridge is not in danger.",
          "Engineers will build a temporary dam around the pier and fill the hole with concrete.",
          "Delgado said the work should take six to eight weeks if the weather cooperates.",
        ].map((text, k) => ({ start: k * 5, duration: 5, text })),
      },
      style: "nyt",
      length: "short",
      tone: "informative",
      includeComments: false,
      category: null,
      referenceArticles: [],
    });
    const all = new Set([0, 1, 2, 3]);
    expect(introducedBy(news, 3)).toBe(1);
    expect(repairStory(news, [2, 3], all, new Set())).toEqual([2]);
    expect(repairStory(news, [1, 3], all, new Set())).toEqual([1, 3]);
  });
});
