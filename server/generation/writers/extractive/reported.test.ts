import { describe, expect, it } from "vitest";
import { reportedStatement } from "./reported";

describe("reportedStatement", () => {
  it.each([
    ["I picked up extra shifts two weekends a month.", "Ana", "Ana picked up extra shifts two weekends a month."],
    ["So I cancelled six subscriptions in one afternoon.", "Ana", "Ana cancelled six subscriptions in one afternoon."],
    ["I always use a digital scale for this.", "the host", "The host always uses a digital scale for this."],
    ["I have three ovens at the bakery.", "Omar Farah", "Omar Farah has three ovens at the bakery."],
    ["I don't trust the dial on the oven.", "Omar", "Omar doesn't trust the dial on the oven."],
    [
      "I'm convinced the rate matters more than the balance.",
      "Ana",
      "Ana is convinced the rate matters more than the balance.",
    ],
    ["I'd never added them up before.", "Ana", "Ana had never added them up before."],
    ["I'd pick the smaller loan first.", "Ana", "Ana would pick the smaller loan first."],
    ["I went back to the shop the next day.", "Ana", "Ana went back to the shop the next day."],
  ])("tells %j in the third person", (sentence, who, expected) => {
    expect(reportedStatement(sentence, who)).toBe(expected);
  });

  it.each([
    // Another personal word would need a pronoun the writer cannot know.
    ["I paid off my loans in three years."],
    ["I think you should start with the smallest loan."],
    ["I told them we could wait."],
    ["I know I was lucky."],
    // Talk about the talk is not what the speaker did.
    ["I also want to mention refinancing because people ask about it."],
    // An unknown word after "I" is not risked as a verb.
    ["I kind of gave up on it."],
    // Not an "I" sentence, or a question.
    ["The oven was too hot."],
    ["I wonder whether it's worth it?"],
  ])("leaves %j as the speaker's own words", (sentence) => {
    expect(reportedStatement(sentence, "Ana")).toBeNull();
  });
});
