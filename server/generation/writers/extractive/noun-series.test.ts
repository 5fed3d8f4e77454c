import { describe, expect, it } from "vitest";
import { nounSeriesCommas, quantityCommas } from "./noun-series";

describe("nounSeriesCommas", () => {
  it("sets off a series of noun phrases joined at plural nouns and closed by 'and'", () => {
    expect(nounSeriesCommas("for the stall you need folding tables price tags bags and a cash box")).toBe(
      "for the stall you need folding tables, price tags, bags and a cash box",
    );
    expect(nounSeriesCommas("it can take minutes hours days and sometimes weeks")).toBe(
      "it can take minutes, hours, days and sometimes weeks",
    );
    expect(
      nounSeriesCommas("we cover the three parts people ask about most stems handlebars the saddle and the pedals"),
    ).toBe("we cover the three parts people ask about most stems, handlebars, the saddle and the pedals");
  });

  it("leaves alone a subject with a verb it does not know, a verb after 'what', and a pair", () => {
    for (const text of [
      "dogs chase cats birds and mice",
      "my cats chase mice birds and anything that moves",
      "that is what causes delays complaints and refunds",
      "i like apples pears and plums",
      "the pads wear down and you have to replace them",
      "bring two spoons and a bowl",
      "the rooms are small the beds are hard and the food is cold",
    ])
      expect(nounSeriesCommas(text)).toBe(text);
  });
});

describe("quantityCommas", () => {
  it("sets off a quantity with its unit and 'of' after the thing of another", () => {
    expect(quantityCommas("whisk two cups of oat milk three hundred grams of sugar and a pinch of salt")).toBe(
      "whisk two cups of oat milk, three hundred grams of sugar and a pinch of salt",
    );
    expect(quantityCommas("you need ten minutes of easy jogging twenty minutes of running")).toBe(
      "you need ten minutes of easy jogging, twenty minutes of running",
    );
  });

  it("leaves a number that is no quantity of a thing alone", () => {
    for (const text of [
      "i added two cups of flour three times a day",
      "we used two cups of flour in three batches",
      "the sugar three hundred grams of it goes in last",
    ])
      expect(quantityCommas(text)).toBe(text);
  });
});
