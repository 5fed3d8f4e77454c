import { describe, expect, it } from "vitest";
import { pointsAtSomethingNamed, pointsBack } from "./pointers";
import { dependsOnPrevious } from "./story";

describe("pointers back (pointers.ts)", () => {
  it("hears a pronoun clause, a naming of 'that' and an early 'also' as pointing back", () => {
    expect(pointsBack("If it cracks on the first firing, start again with wetter clay.")).toBe(true);
    expect(pointsBack("When they arrive, check the seals.")).toBe(true);
    expect(pointsBack("Potters call that slumping.")).toBe(true);
    expect(pointsBack("We call it the drying window.")).toBe(true);
    expect(pointsBack("Glazes also shrink as they cool.")).toBe(true);
    expect(pointsBack("I've tried it.")).toBe(true);
    expect(pointsBack("Don't lean on it.")).toBe(true);
    expect(pointsBack("If you can't open it, soak the lid in warm water.")).toBe(true);
    expect(pointsBack("Roll it out to the thickness of a coin.")).toBe(true);
    expect(pointsBack("Don't use a knife for this if you have a wire.")).toBe(true);
    expect(pointsBack("Before that, the clay sat in a bucket for a week.")).toBe(true);
    expect(pointsBack("Some towns run one every ten minutes on market days.")).toBe(true);
    expect(pointsBack("Most potters buy one.")).toBe(true);
    expect(pointsBack("In Norway more than sixty percent of homes have one and Norway is not warm.")).toBe(true);
  });

  it("leaves sentences that name their own subject alone", () => {
    expect(pointsBack("If the clay cracks, start again.")).toBe(false);
    expect(pointsBack("When it comes to glazes, less is more.")).toBe(false);
    expect(pointsBack("Grab the bowl and turn it.")).toBe(false);
    expect(pointsBack("If you tap the pot and it rings, it's done.")).toBe(false);
    expect(pointsBack("Sand the edges before glazing them.")).toBe(false);
    expect(pointsBack("While we're at it, check the kiln shelves.")).toBe(false);
    expect(pointsBack("Believe it or not, the kiln was built by hand.")).toBe(false);
    expect(pointsBack("I use this glaze for every bowl I make.")).toBe(false);
    expect(pointsBack("Is it worth buying a second kiln?")).toBe(false);
    expect(pointsBack("I forgot the glaze in the first batch, sorry about that.")).toBe(false);
    expect(pointsBack("The kiln takes six hours to cool down completely, so plan the firing for the evening.")).toBe(
      false,
    );
    expect(pointsBack("Not only the clay also the glaze matters.")).toBe(false);
    expect(pointsBack("Most potters buy one of the cheap electric kilns.")).toBe(false);
    expect(pointsBack("We got one chance to fire the big pot.")).toBe(false);
  });

  it("reads the other framed languages, but not their impersonal openers", () => {
    expect(pointsBack("Ella lo prepara cada mañana.")).toBe(true);
    // "It's like an auction": a comparison with what was just said.
    expect(pointsBack("Es como una carrera: gana quien llega primero.")).toBe(true);
    expect(pointsBack("É como uma corrida.")).toBe(true);
    expect(pointsBack("Si ella no llega, empezamos sin ella.")).toBe(true);
    expect(pointsBack("Elle coûte deux euros.")).toBe(true);
    expect(pointsBack("S'il est trop sec, ajoutez de l'eau.")).toBe(true);
    expect(pointsBack("Als das Brot fertig war, haben wir gegessen.")).toBe(false);
    expect(pointsBack("Il faut laisser reposer la pâte.")).toBe(false);
    expect(pointsBack("Das ist der wichtigste Schritt.")).toBe(true);
    expect(pointsBack("Es gibt drei Arten von Mehl.")).toBe(false);
    expect(pointsBack("Ele custa dois euros.")).toBe(true);
  });

  it("makes a sentence depend on the one before it", () => {
    expect(dependsOnPrevious("Bakers call that oven spring.")).toBe(true);
    expect(dependsOnPrevious("The dough takes four hours to proof.")).toBe(false);
  });
});

describe("a part of what was just listed", () => {
  it("points back in Spanish, French and Portuguese as 'any of those' does in English", () => {
    expect(pointsBack("Any of those things means you call the doctor.")).toBe(true);
    expect(pointsBack("Ante cualquiera de esas cosas hay que llamar al centro de salud.")).toBe(true);
    expect(pointsBack("Aucune de ces choses ne suffit seule.")).toBe(true);
    expect(pointsBack("Qualquer uma dessas coisas já basta.")).toBe(true);
    // A part of something it names itself does not.
    expect(pointsBack("Una de las claves es beber agua.")).toBe(false);
    expect(pointsBack("Cada uno de los traders perdió su stock.")).toBe(false);
  });
});

describe("pointsAtSomethingNamed", () => {
  it("finds a demonstrative with its noun, not a time word or a clause", () => {
    expect(pointsAtSomethingNamed("Cada mes se apunta el precio de esa cesta.")).toBe(true);
    expect(pointsAtSomethingNamed("Most people never pay off those loans early.")).toBe(true);
    expect(pointsAtSomethingNamed("Essa conta cresce todo mês.")).toBe(true);
    expect(pointsAtSomethingNamed("The council met this week to approve the repairs.")).toBe(false);
    expect(pointsAtSomethingNamed("I think that prices will keep rising.")).toBe(false);
    expect(pointsAtSomethingNamed("Esta semana el banco central subió los tipos.")).toBe(false);
  });
});
