import { describe, expect, it } from "vitest";
import { ordinal, placeInLineText } from "./use-create-article";

describe("the place in line", () => {
  it("is said as people say it", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
      "112th",
    ]);
    expect(placeInLineText(1)).toBe("Waiting in line: next");
    expect(placeInLineText(3)).toBe("Waiting in line: 3rd");
  });
});
