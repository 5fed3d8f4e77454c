import { describe, expect, it } from "vitest";
import { findLinks, findQuotes, findSentences, linkTargets } from "./markdown";

const sentences = (text: string) => {
  const links = findLinks(text);
  return findSentences(text, findQuotes(text, linkTargets(links)), links).map(([a, b]) => text.slice(a, b).trim());
};

describe("sentences of an article's paragraph (what a quotation's moment link belongs to)", () => {
  it("a speech verb after a quotation is its attribution", () => {
    expect(sentences('"It works." she said. Then it rained.')).toEqual(['"It works." she said.', "Then it rained."]);
    expect(sentences('"It works." Ana said. Then it rained.')).toHaveLength(2);
  });

  it("a speech verb that opens the next quotation is not the last one's attribution", () => {
    expect(sentences('In Ama\'s words: "We came." The resident explains: "We told them."')).toEqual([
      'In Ama\'s words: "We came."',
      'The resident explains: "We told them."',
    ]);
    expect(sentences('Adeyemi says: "I find it striking." She wrote, "We are two towns now."')).toHaveLength(2);
  });
});
