import { describe, expect, it } from "vitest";
import { notATopic } from "./headline";
import { recipeHeadline, statementHeadline, withArticleFrom } from "./headline-lang";
import { withoutVocative } from "./statements";

describe("what a headline names", () => {
  it("drops the first name a sentence is said to, not one it is about", () => {
    const hosts = new Set(["Keisha", "Owen"]);
    expect(withoutVocative("The black Friday TV is not an emergency Owen.", hosts)).toBe(
      "The black Friday TV is not an emergency.",
    );
    expect(withoutVocative("That is the whole point of the fund, Keisha.", hosts)).toBe(
      "That is the whole point of the fund.",
    );
    // An object, a name nobody in the video has, a short reply: left as they are.
    expect(withoutVocative("I lent my car to Owen.", hosts)).toBe("I lent my car to Owen.");
    expect(withoutVocative("The money went straight to Tasha.", hosts)).toBe("The money went straight to Tasha.");
    expect(withoutVocative("Thanks Owen.", hosts)).toBe("Thanks Owen.");
  });

  it("gives a topic an article only where the video says that very word after one", () => {
    // "las casas" is the plural: no article of "casa".
    expect(withArticleFrom("casa", ["Las casas que se quedaron", "Las casas vacías del pueblo"], "es")).toBe("casa");
    expect(withArticleFrom("casa", ["La casa de mi abuela", "Las casas vacías"], "es")).toBe("la casa");
  });

  it("promises no clause, no manner and no person as a topic", () => {
    const none = new Set<string>();
    expect(notATopic("das braucht ihr", none)).toBe(true);
    expect(notATopic("lo que necesitas si tú quieres", none)).toBe(true);
    expect(notATopic("Schritt für Schritt", none)).toBe(true);
    expect(notATopic("paso a paso", none)).toBe(true);
    expect(notATopic("Lucía Anaya", new Set(["Lucía", "Julián"]))).toBe(true);
    expect(notATopic("Tomaten ausgeizen", none)).toBe(false);
    expect(notATopic("la pâte à galettes", none)).toBe(false);
  });

  it("heads a long news sentence with the first of its two clauses, never a clause without its verb", () => {
    expect(
      statementHeadline(
        "O rio Taquaruçu subiu quase dois metros em 24 horas e a Defesa Civil de Porto Verde emitiu alerta máximo de inundação.",
        "pt",
      ),
    ).toBe("O rio Taquaruçu subiu quase dois metros em 24 horas");
    expect(
      statementHeadline(
        "A orientação é que os moradores dos bairros Beira-Rio, Jardim das Palmeiras e Vila Operária deixem suas casas ainda hoje.",
        "pt",
      ),
    ).toBeNull();
  });

  it("finds the recipe a tagline names after its opening", () => {
    const tagline =
      "Ça faisait des mois que vous me la demandiez : voici LA recette de galettes de sarrasin de ma grand-mère Anne-Marie.";
    expect(recipeHeadline(tagline, "fr", { anywhere: true })).toBe("Comment réussir les galettes de sarrasin");
    // Only where a headline is written: elsewhere a tagline names a recipe at its start.
    expect(recipeHeadline(tagline, "fr")).toBeNull();
  });
});
