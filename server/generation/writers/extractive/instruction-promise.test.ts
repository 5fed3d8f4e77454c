import { describe, expect, it } from "vitest";
import { isImperative, taskOf } from "./instruction-promise";

describe("taskOf", () => {
  it.each([
    ["Sharpen the blade before every cut.", "sharpen", "the blade"],
    ["Always water your seedlings in the morning.", "water", "the seedlings"],
    ["If the paint cracks, sand the whole panel again.", "sand", "the whole panel"],
    ["Then check the underside of the shelf for gaps.", "check", "the underside of the shelf"],
  ])("reads the task in %j", (sentence, verb, object) => {
    expect(taskOf(sentence)).toEqual({ verb, object });
  });

  it.each([
    // Attention, not a task; a pronoun or a clause names nothing; not an imperative.
    ["Look at the gap between the pads."],
    ["Clean it after every ride."],
    ["Check whether it spins freely."],
    ["The chain needs oil every month."],
    ["If the seedlings wilt water them at once."],
  ])("finds no task in %j", (sentence) => {
    expect(taskOf(sentence)).toBeNull();
  });
});

describe("isImperative", () => {
  it.each([
    ["Drop the temperature to two hundred and bake for another twenty minutes.", true],
    ["Always check the inside of the tyre.", true],
    ["Then wait for the glue to set.", true],
    ["The oven drops to two hundred after ten minutes.", false],
    ["People put the pot in too early.", false],
  ])("%j -> %s", (sentence, expected) => {
    expect(isImperative(sentence)).toBe(expected);
  });
});
