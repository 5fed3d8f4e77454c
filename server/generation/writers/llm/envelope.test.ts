import { describe, expect, it } from "vitest";
import { fakeProse } from "../../../../test/fakes/llm-server";
import { formatAnswer, junkReason, parseAnswer } from "./envelope";

const BODY = `## First section\n\n${fakeProse(80)}\n\n- a point\n- another point`;

describe("parseAnswer", () => {
  it("reads a well-formed envelope", () => {
    const answer = parseAnswer(
      `TITLE: Habits That Stick\nEXCERPT: Why small habits win.\nTAGS: habits, productivity, routines\nCATEGORY: Education\n---\n${BODY}`,
    );
    expect(answer).toEqual({
      title: "Habits That Stick",
      excerpt: "Why small habits win.",
      tags: ["habits", "productivity", "routines"],
      category: "Education",
      body: BODY,
    });
  });

  it("round-trips formatAnswer", () => {
    const fields = { title: "T", excerpt: "E", tags: ["a", "b", "c"], category: "News", body: BODY };
    expect(parseAnswer(formatAnswer(fields))).toEqual(fields);
  });

  it("tolerates code fences, bold keys, extra whitespace, a preamble and CRLF", () => {
    const fenced = [
      "Sure! Here is the article:",
      "",
      "```markdown",
      "**Title:**   Habits That Stick  ",
      "",
      "**Excerpt:** Why small habits win.",
      "Tags: [habits; productivity | routines]",
      "Category: **Education**",
      "",
      "---",
      "",
      BODY,
      "```",
    ].join("\r\n");
    const answer = parseAnswer(fenced);
    expect(answer.title).toBe("Habits That Stick");
    expect(answer.excerpt).toBe("Why small habits win.");
    expect(answer.tags).toEqual(["habits", "productivity", "routines"]);
    expect(answer.category).toBe("Education");
    expect(answer.body).toBe(BODY);
  });

  it("reads the body when the separator is missing", () => {
    const answer = parseAnswer(`TITLE: A\nTAGS: x, y\n\n${BODY}`);
    expect(answer.title).toBe("A");
    expect(answer.excerpt).toBeUndefined();
    expect(answer.body).toBe(BODY);
  });

  it("takes a bare markdown answer as the body, and its # heading as the title", () => {
    const answer = parseAnswer(`# Habits That Stick\n\n${BODY}`);
    expect(answer.title).toBe("Habits That Stick");
    expect(answer.body).toBe(BODY);
    expect(answer.tags).toBeUndefined();
  });

  it("removes a leading heading that repeats the title, and demotes other h1s", () => {
    const answer = parseAnswer(`TITLE: Habits That Stick\n---\n## Habits that stick!\n\n${BODY}\n\n# Finally\n\nEnd.`);
    expect(answer.body.startsWith("## First section")).toBe(true);
    expect(answer.body).toContain("## Finally");
  });

  it("drops inline reasoning", () => {
    const answer = parseAnswer(`<think>Let me plan the article. TITLE: wrong</think>\nTITLE: Right\n---\n${BODY}`);
    expect(answer.title).toBe("Right");
    expect(answer.body).toBe(BODY);
  });

  it("accepts a JSON answer", () => {
    const answer = parseAnswer(
      "```json\n" +
        JSON.stringify({ title: "J", excerpt: "E", tags: ["a", "b"], category: "News", body: BODY }) +
        "\n```",
    );
    expect(answer).toEqual({ title: "J", excerpt: "E", tags: ["a", "b"], category: "News", body: BODY });
  });

  it("keeps a body line that merely starts like a key, once the body has begun", () => {
    const answer = parseAnswer(`TITLE: A\n---\n${BODY}\n\nSummary: this line is part of the body.`);
    expect(answer.body).toContain("Summary: this line is part of the body.");
  });
});

describe("junkReason", () => {
  it("accepts an article", () => {
    expect(junkReason(parseAnswer(`TITLE: A\n---\n${BODY}`))).toBeNull();
  });

  it("rejects empty, tiny, refusal and garbage answers", () => {
    expect(junkReason(parseAnswer(""))).toBe("it contained no article body");
    expect(junkReason(parseAnswer("TITLE: Only a title\n---\n"))).toBe("it contained no article body");
    expect(junkReason(parseAnswer("I'm sorry, but I can't help with that request."))).toBe(
      "it was a refusal, not an article",
    );
    expect(junkReason(parseAnswer("As an AI language model, I cannot watch videos."))).toBe(
      "it was a refusal, not an article",
    );
    expect(junkReason(parseAnswer("{}}}{ ::: <<>>"))).toBe("it contained no article body");
    expect(junkReason(parseAnswer("lorem ipsum dolor"))).toBe("the article body was only 3 words");
  });
});
