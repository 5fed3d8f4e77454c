import { describe, expect, it } from "vitest";
import { writeExtractive } from "./index";
import { CHAPTERS_VIDEO, shortRequest } from "./sample-videos";

const TRANSITION =
  /^(?:Next, .+ turns to|The video then moves on to|.+ also covers|Next, the conversation turns to) (.+?)\./;

/** Each section's heading and the first line under it (past a "Watch from" link). */
function sections(markdown: string): Array<{ heading: string; first: string }> {
  const blocks = markdown.split("\n\n");
  const out: Array<{ heading: string; first: string }> = [];
  blocks.forEach((block, i) => {
    if (!block.startsWith("## ")) return;
    const rest = blocks.slice(i + 1).find((b) => !b.startsWith("[Watch from") && !b.startsWith("[▶"));
    out.push({ heading: block.slice(3), first: rest ?? "" });
  });
  return out;
}

describe("a section under a heading", () => {
  it("does not open by saying again, as a transition, the topic its heading names", () => {
    for (const length of ["short", "medium", "long"] as const) {
      const { markdown } = writeExtractive({ ...shortRequest(CHAPTERS_VIDEO, "blog"), length });
      const found = sections(markdown);
      expect(found.length).toBeGreaterThan(2);
      for (const { heading, first } of found) {
        const topic = TRANSITION.exec(first)?.[1];
        if (topic) expect(heading.toLowerCase()).not.toContain(topic.toLowerCase());
      }
    }
  });

  it("keeps the transition where no heading names the topic (a style without headings)", () => {
    const { markdown } = writeExtractive({
      ...shortRequest(CHAPTERS_VIDEO, "custom"),
      length: "long",
      referenceArticles: [
        "I used to think the hard part of learning was the teacher. It isn't.\n\nThe hard part is showing up. Nobody hands you that.\n\nSo I kept a notebook. Is there a better answer than patience?",
      ],
    });
    expect(markdown).not.toMatch(/^## /m);
    expect(markdown).toMatch(/(?:turns to|moves on to|also covers) /);
  });
});
