import { describe, expect, it } from "vitest";
import { isFirstPerson } from "./filters";
import { dependsOnPrevious, ordinalOf } from "./story";

describe("what a sentence needs around it (story.ts)", () => {
  it("reads the place a sentence claims in a spoken list, in each framed language", () => {
    expect(ordinalOf("Second, check the fixed costs.")).toBe(2);
    expect(ordinalOf("And thirdly, ask for a raise.")).toBe(3);
    expect(ordinalOf("Segundo, revisar los gastos fijos.")).toBe(2);
    expect(ordinalOf("Y tercero, en la negociación salarial…")).toBe(3);
    expect(ordinalOf("Deuxièmement, il faut trier.")).toBe(2);
    expect(ordinalOf("Zweitens, die Fixkosten prüfen.")).toBe(2);
    expect(ordinalOf("Em segundo lugar, rever os gastos.")).toBe(2);
    expect(ordinalOf("The third problem is the cost.")).toBe(3);
    expect(ordinalOf("First, leave nothing idle.")).toBe(1);
    expect(ordinalOf("Seconds later the alarm went off.")).toBe(0);
    expect(ordinalOf("Quarto de hotel, cama de casal.")).toBe(0);
  });

  it("counts a later list item as leaning on what came before, the first item not", () => {
    expect(dependsOnPrevious("Segundo, revisar los gastos fijos.")).toBe(true);
    expect(dependsOnPrevious("Zweitens, die Fixkosten prüfen.")).toBe(true);
    expect(dependsOnPrevious("First, leave nothing idle in a savings account.")).toBe(false);
  });

  it("hears 'we' as the speaker's own voice, as it hears 'I', but not 'you'", () => {
    expect(isFirstPerson("We've been here twenty-six years.", "en")).toBe(true);
    expect(isFirstPerson("Our takings are down by half.", "en")).toBe(true);
    expect(isFirstPerson("Nous avons perdu la moitié.", "fr")).toBe(true);
    expect(isFirstPerson("You can check this yourself.", "en")).toBe(false);
    expect(isFirstPerson("The bridge carries twenty-two thousand vehicles a day.", "en")).toBe(false);
  });
});
