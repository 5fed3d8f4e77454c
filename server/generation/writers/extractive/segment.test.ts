import { describe, expect, it } from "vitest";
import { analyse } from "./rank";
import {
  capSections,
  chapterRole,
  cohesionScores,
  sectionsFromChapters,
  sectionsFromTopics,
  topicBoundaries,
} from "./segment";
import type { Sentence } from "./sentences";

function sentences(texts: string[], step = 10): Sentence[] {
  return texts.map((text, index) => ({
    index,
    text,
    quote: text,
    spoken: text,
    turn: 0,
    from: index,
    to: index + 1,
    start: index * step,
    end: index * step + step,
    wordCount: text.split(/\s+/).length,
  }));
}

const BREAD = [
  "The sourdough starter needs flour and water every day.",
  "Feed the starter flour and water until it doubles.",
  "A lively starter makes the dough rise in the oven.",
  "Shape the dough gently and bake the bread in a hot oven.",
  "The bread crust darkens as the oven heat caramelises the dough.",
  "Let the bread cool before slicing the crust and crumb.",
];
const TAXES = [
  "File your income tax return before the April deadline.",
  "The tax office checks income, deductions and receipts.",
  "Keep receipts for every deduction on your tax return.",
  "Late tax returns pay interest on the income tax owed.",
  "An accountant can check deductions before the tax deadline.",
  "Income from side jobs also belongs on the tax return.",
];

describe("sectionsFromChapters", () => {
  const texts = sentences(Array.from({ length: 12 }, (_, i) => `Sentence number ${i} talks about things.`));
  const chapters = [
    { title: "Intro", startSeconds: 0 },
    { title: "Sponsor: SuperVPN", startSeconds: 20 },
    { title: "The main idea", startSeconds: 40 },
    { title: "Empty chapter", startSeconds: 75 },
    { title: "Details", startSeconds: 76 },
    { title: "Outro", startSeconds: 100 },
  ];

  it("assigns sentences by start time, drops sponsor and empty chapters, marks intro and outro", () => {
    const sections = sectionsFromChapters(texts, chapters);
    expect(sections.map((s) => [s.chapterTitle, s.from, s.to, s.role])).toEqual([
      ["Intro", 0, 2, "intro"],
      ["The main idea", 4, 8, "body"],
      ["Details", 8, 10, "body"],
      ["Outro", 10, 12, "outro"],
    ]);
    expect(sections[1].start).toBe(40);
  });

  it("knows intro and outro chapters only at the ends", () => {
    expect(chapterRole("Introduction", 0, 5)).toBe("intro");
    expect(chapterRole("Introduction", 2, 5)).toBe("body");
    expect(chapterRole("Conclusion", 4, 5)).toBe("outro");
  });
});

describe("topic segmentation", () => {
  const analysis = analyse(sentences([...BREAD, ...TAXES]));

  it("finds the lowest cohesion where the topic changes", () => {
    const scores = cohesionScores(analysis, 3);
    const lowest = [...scores.keys()].slice(2, -2).sort((a, b) => scores[a] - scores[b])[0];
    expect(lowest).toBe(6);
    expect(topicBoundaries(analysis, 2, 3)).toEqual([6]);
  });

  it("starts a section on the speaker's own announcement next to a topic shift, not far from one", () => {
    // "Now, taxes." one sentence after the change of vocabulary: the section starts there.
    expect(topicBoundaries(analysis, 2, 3, new Set([7]))).toEqual([7]);
    expect(sectionsFromTopics(analysis, 2, new Set([7])).map((s) => s.from)).toEqual([0, 7]);
    // An announcement in the middle of one subject does not outweigh a real change of subject.
    expect(topicBoundaries(analysis, 2, 3, new Set([3]))).toEqual([6]);
  });

  it("builds sections with start times", () => {
    const sections = sectionsFromTopics(analysis, 2);
    expect(sections.map((s) => [s.from, s.to, s.start])).toEqual([
      [0, 6, 0],
      [6, 12, 60],
    ]);
  });

  it("caps the number of sections by merging the smallest", () => {
    const sections = [0, 2, 3, 8, 9].map((from, k, all) => ({
      from,
      to: all[k + 1] ?? 12,
      chapterTitle: `Chapter ${k}`,
      start: from * 10,
      role: "body" as const,
    }));
    const capped = capSections(sections, 3);
    expect(capped).toHaveLength(3);
    expect(capped.map((s) => [s.from, s.to])).toEqual([
      [0, 3],
      [3, 8],
      [8, 12],
    ]);
    expect(capped[0].chapterTitle?.split("\u0000")).toEqual(["Chapter 0", "Chapter 1"]);
  });
});
