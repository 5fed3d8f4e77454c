import { describe, expect, it } from "vitest";
import { holdsSubjectPronoun } from "./headline";
import { withArticleFrom } from "./headline-lang";
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

  it("takes a phrase with a subject pronoun for a clause, not a topic", () => {
    expect(holdsSubjectPronoun("das braucht ihr")).toBe(true);
    expect(holdsSubjectPronoun("lo que necesitas si tú quieres")).toBe(true);
    expect(holdsSubjectPronoun("Tomaten ausgeizen")).toBe(false);
    expect(holdsSubjectPronoun("la pâte à galettes")).toBe(false);
  });
});
