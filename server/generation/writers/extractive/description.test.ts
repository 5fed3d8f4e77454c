import { describe, expect, it } from "vitest";
import { descriptionLists, descriptionSentences } from "./description";

describe("description parsing", () => {
  const description = `Most founders spend weeks on their logo and minutes on their pricing.
In this video I explain the framework.

0:00 Intro
1:25 Why cost-plus fails

RECIPE (control loaf)
500 g bread flour
350 g water
10 g salt

Follow me on Twitter: https://x.example/me
#pricing #saas`;

  it("keeps real sentences and drops links, plugs, chapter lists and hashtags", () => {
    expect(descriptionSentences(description)).toEqual([
      "Most founders spend weeks on their logo and minutes on their pricing.",
      "In this video I explain the framework.",
    ]);
  });

  it("keeps a hashtag inside a sentence as a word, so the sentence can be quoted as written", () => {
    expect(descriptionSentences("My weekly #sourdough bake, start to finish. #baking #bread")).toEqual([
      "My weekly sourdough bake, start to finish.",
    ]);
  });

  it("finds labelled lists but not chapter lists", () => {
    expect(descriptionLists(description)).toEqual([
      { label: "RECIPE (control loaf)", items: ["500 g bread flour", "350 g water", "10 g salt"] },
    ]);
  });
});
