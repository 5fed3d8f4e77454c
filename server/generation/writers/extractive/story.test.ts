import { describe, expect, it } from "vitest";
import { isFirstPerson } from "./filters";
import { writeExtractive } from "./index";
import type { Plan } from "./plan";
import { shortRequest, spokenVideo } from "./sample-videos";
import { paragraphsOf } from "./select";
import { dependsOnPrevious, isTeaser, ordinalOf, repairStory, setsUpCase, trimLead } from "./story";

describe("what a sentence needs around it (story.ts)", () => {
  it("drops a spoken opener and a greeting's vocative, not the words that matter", () => {
    expect(trimLead("Okay guys, today I'm going to talk about wallets.")).toBe(
      "Today I'm going to talk about wallets.",
    );
    expect(trimLead("So, instead of typing the name, type a dash.")).toBe("Instead of typing the name, type a dash.");
    expect(trimLead("Guys and dolls is a musical I love.")).toBe("Guys and dolls is a musical I love.");
  });

  it("reads the place a sentence claims in a spoken list, in each framed language", () => {
    expect(ordinalOf("Second, check the fixed costs.")).toBe(2);
    expect(ordinalOf("And thirdly, ask for a raise.")).toBe(3);
    expect(ordinalOf("Okay, so the third thing and this is the hard one is making friends.")).toBe(3);
    expect(ordinalOf("Well, first of all, thank you.")).toBe(1);
    expect(ordinalOf("Segundo, revisar los gastos fijos.")).toBe(2);
    expect(ordinalOf("Y tercero, en la negociación salarial…")).toBe(3);
    expect(ordinalOf("Deuxièmement, il faut trier.")).toBe(2);
    expect(ordinalOf("Zweitens, die Fixkosten prüfen.")).toBe(2);
    expect(ordinalOf("Em segundo lugar, rever os gastos.")).toBe(2);
    expect(ordinalOf("The third problem is the cost.")).toBe(3);
    expect(ordinalOf("First, leave nothing idle.")).toBe(1);
    expect(ordinalOf("Seconds later the alarm went off.")).toBe(0);
    expect(ordinalOf("Quarto de hotel, cama de casal.")).toBe(0);
    // With the language's article before the ordinal word.
    expect(ordinalOf("La segunda es la inflación de costes.")).toBe(2);
    expect(ordinalOf("La tercera tiene que ver con las expectativas.")).toBe(3);
    expect(ordinalOf("A segunda é a mais cara.")).toBe(2);
    expect(ordinalOf("O primeiro passo é medir.")).toBe(1);
    expect(ordinalOf("La deuxième raison est le prix.")).toBe(2);
    expect(ordinalOf("Die zweite Regel ist einfach.")).toBe(2);
    // Not an item of a list: English "a second", a weekday, a compound.
    expect(ordinalOf("A second look shows the crack.")).toBe(0);
    expect(ordinalOf("Segunda-feira chegou cedo.")).toBe(0);
    expect(ordinalOf("First-rate food, slow service.")).toBe(0);
  });

  it("counts a number standing for what the sentence before named, not one with its noun", () => {
    expect(dependsOnPrevious("Within about four minutes all two hundred were busy waiting on the slow service.")).toBe(
      true,
    );
    expect(dependsOnPrevious("The other three went home.")).toBe(true);
    expect(dependsOnPrevious("Fourteen actually, but who's counting.")).toBe(true);
    expect(dependsOnPrevious("All three models were tested in the lab.")).toBe(false);
    expect(dependsOnPrevious("We tried all two hundred connections.")).toBe(false);
  });

  it("counts a general noun as the subject ('the process') as standing for what came before", () => {
    expect(dependsOnPrevious("Below freezing the process almost stops, because the water is locked up as ice.")).toBe(
      true,
    );
    expect(dependsOnPrevious("This effect gets stronger in the cold.")).toBe(true);
    // It says of what, or it is the object, not the subject.
    expect(dependsOnPrevious("The process of proofing takes a night.")).toBe(false);
    expect(dependsOnPrevious("I put the process on a chalkboard by the till.")).toBe(false);
  });

  it("counts a pronoun after a phrase put first as pointing back, not one after a clause of its own", () => {
    expect(dependsOnPrevious("For most software companies, it's a few dollars a month.")).toBe(true);
    expect(dependsOnPrevious("When you bake, those granules soak up water.")).toBe(true);
    expect(dependsOnPrevious("A heat pump doesn't make heat, it moves it.")).toBe(false);
  });

  it("counts a sentence opening on 'there' in Spanish or Portuguese as pointing back", () => {
    expect(dependsOnPrevious("Ahí sirve más mojarse la nuca con agua fresca.")).toBe(true);
    expect(dependsOnPrevious("Aí o preço sobe no mercado.")).toBe(true);
    expect(dependsOnPrevious("Ahorra agua en verano.")).toBe(false);
  });

  it("counts a later list item as leaning on what came before, the first item not", () => {
    expect(dependsOnPrevious("Segundo, revisar los gastos fijos.")).toBe(true);
    expect(dependsOnPrevious("Zweitens, die Fixkosten prüfen.")).toBe(true);
    expect(dependsOnPrevious("First, leave nothing idle in a savings account.")).toBe(false);
    // The first of something named before ("tres grandes causas"), and a verb whose subject
    // Spanish or Portuguese left in the sentence before.
    expect(dependsOnPrevious("La primera es la inflación de demanda.")).toBe(true);
    expect(dependsOnPrevious("The first one was the market.")).toBe(true);
    expect(dependsOnPrevious("Detail one: the key must be stored atomically with the effect.")).toBe(true);
    expect(dependsOnPrevious("Ocurre cuando la gente quiere comprar más cosas.")).toBe(true);
    expect(dependsOnPrevious("Acontece quando o preço sobe.")).toBe(true);
    expect(dependsOnPrevious("Primero, no dejar todos los ahorros parados.")).toBe(false);
    expect(dependsOnPrevious("For example, ninety-nine point nine percent of requests succeed.")).toBe(true);
    expect(dependsOnPrevious("Por ejemplo, el pan de molde.")).toBe(true);
    // German: an article with no noun after it is a pronoun for what came before.
    expect(dependsOnPrevious("Die kostet etwas mehr, aber ihr spart euch Dünger.")).toBe(true);
    expect(dependsOnPrevious("Die richtige Erde ist wichtig.")).toBe(false);
    expect(dependsOnPrevious("Der Balkon zeigt nach Süden.")).toBe(false);
  });

  it("counts the tails and echoes of the sentence before as leaning on it", () => {
    expect(dependsOnPrevious("I love that one.")).toBe(true);
    expect(dependsOnPrevious("The top of it is at eye level.")).toBe(true);
    expect(dependsOnPrevious("Not iron and rivets so much as the end of paying to cross.")).toBe(true);
    expect(dependsOnPrevious("The most is the job situation.")).toBe(true);
    expect(dependsOnPrevious("Two that's two more than last week.")).toBe(true);
    expect(dependsOnPrevious("Not everyone agrees with the plan.")).toBe(false);
    expect(dependsOnPrevious("The most important thing is sleep.")).toBe(false);
    expect(dependsOnPrevious("The end of the road is near.")).toBe(false);
  });

  it("counts an answer as leaning on the question asked before it", () => {
    // "Brennan thinks the answer is yes." stood before the question it answers, or alone.
    expect(dependsOnPrevious("I think the answer is yes.")).toBe(true);
    expect(dependsOnPrevious("Honestly, the answer is no.")).toBe(true);
    expect(dependsOnPrevious("My short answer is yes.")).toBe(true);
    expect(dependsOnPrevious("I think the answers are in the manual.")).toBe(false);
    expect(dependsOnPrevious("Answer every email within a day.")).toBe(false);
  });

  it("hears 'we' as the speaker's own voice, as it hears 'I', but not 'you'", () => {
    expect(isFirstPerson("We've been here twenty-six years.", "en")).toBe(true);
    expect(isFirstPerson("Our takings are down by half.", "en")).toBe(true);
    expect(isFirstPerson("Nous avons perdu la moitié.", "fr")).toBe(true);
    expect(isFirstPerson("You can check this yourself.", "en")).toBe(false);
    expect(isFirstPerson("The bridge carries twenty-two thousand vehicles a day.", "en")).toBe(false);
  });
});

describe("a section told as a story (repairStory)", () => {
  const planOf = (texts: string[], scores?: number[]) =>
    ({
      analysis: { sentences: texts.map((text, index) => ({ index, text, wordCount: text.split(/\s+/).length })) },
      scores: Float64Array.from(scores ?? texts.map(() => 1)),
    }) as unknown as Plan;
  const texts = [
    "The kiln reached its top temperature at noon.",
    "The glaze ran down the side of the pot and pooled at the foot.",
    "Potters call that crawling.",
    "Thin glazes are easier to control.",
  ];
  const all = new Set([0, 1, 2, 3]);

  it("pulls in the sentence a pointer stands for", () => {
    expect(repairStory(planOf(texts), [2, 3], all, new Set())).toEqual([1, 2, 3]);
  });

  it("drops the pointer when what it stands for is used elsewhere or not fit to read", () => {
    expect(repairStory(planOf(texts), [2, 3], all, new Set([1]))).toEqual([3]);
    expect(repairStory(planOf(texts, [1, 0, 1, 1]), [2, 3], all, new Set())).toEqual([3]);
  });

  it("never pulls in a moderator's cue as what a guest's sentence leans on, only their question", () => {
    const conversation = (cue: string) =>
      ({
        analysis: {
          sentences: [cue, "That's the part nobody prices in.", "Childcare costs sixty dollars a day."].map(
            (text, index) => ({ index, text, wordCount: text.split(/\s+/).length, turn: index === 0 ? 0 : 1 }),
          ),
        },
        scores: Float64Array.from([1, 1, 1]),
        meta: { voices: new Map([[0, { name: "Lucy Brandt", kind: "person", asks: true }]]) },
      }) as unknown as Plan;
    const every = new Set([0, 1, 2]);
    expect(repairStory(conversation("Alicia, two minutes."), [1, 2], every, new Set())).toEqual([2]);
    expect(repairStory(conversation("Alicia, what does the Friday cost?"), [1, 2], every, new Set())).toEqual([
      0, 1, 2,
    ]);
  });

  it("drops a pointer whose antecedent was a sentence too short to keep ('Thirty-one.')", () => {
    const lines = [
      "I'll start with a number.",
      "That's how many teaching jobs we could not fill last August.",
      "We started the year with substitutes in thirty-one classrooms.",
    ];
    const plan = planOf(lines);
    (plan.analysis.sentences[1] as { afterDropped?: boolean }).afterDropped = true;
    expect(repairStory(plan, [0, 1, 2], new Set([0, 1, 2]), new Set())).toEqual([0, 2]);
    expect(repairStory(planOf(lines), [0, 1, 2], new Set([0, 1, 2]), new Set())).toEqual([0, 1, 2]);
  });

  it("keeps a Spanish list with its article-led items whole, or drops what is left of it", () => {
    const causes = [
      "Los economistas suelen hablar de tres grandes causas.",
      "La primera es la inflación de demanda.",
      "Ocurre cuando la gente quiere comprar más cosas de las que la economía puede producir.",
      "La segunda es la inflación de costes.",
      "Las empresas pagan más por producir.",
      "La tercera tiene que ver con las expectativas.",
    ];
    const every = new Set([0, 1, 2, 3, 4, 5]);
    // "La segunda" without the first item (and the first without what it is the first of) goes.
    expect(repairStory(planOf(causes), [2, 3, 4], every, new Set([0, 1]))).toEqual([4]);
    // The promise stays only when all three items are told; its items do not stand without it.
    expect(repairStory(planOf(causes), [0, 1, 3], every, new Set())).toEqual([]);
    // Told whole, each later item brings the line before it it leans on.
    expect(repairStory(planOf(causes), [0, 1, 3, 5], every, new Set())).toEqual([0, 1, 2, 3, 4, 5]);
    // "La segunda" brings its first item, which cannot stay without the promise it leans on (a
    // promise is never pulled in): then the second goes too, not left with no first.
    const told = [
      ...causes.slice(0, 3),
      "Si hay más compradores que cuadros, los cuadros se venden más caros.",
      ...causes.slice(3),
    ];
    expect(repairStory(planOf(told), [3, 4, 5], new Set(told.keys()), new Set())).toEqual([3, 5]);
  });

  it("never pulls in a later item of a spoken list as what the next sentence leans on", () => {
    const list = [
      "Rent here is a lot.",
      "Look at these trees.",
      "Okay, so the third thing and this is the hard one is making friends.",
      "Because nobody tells you how lonely the first week is.",
      "I joined a run club on Tuesday.",
    ];
    const chosen = repairStory(planOf(list), [3, 4], new Set([0, 1, 2, 3, 4]), new Set());
    expect(chosen).not.toContain(2);
    expect(chosen).not.toContain(3);
    expect(chosen).toContain(4);
  });

  it("keeps a promise of several items only with all of them, and never pulls it in for its first", () => {
    const told = [
      "The bridge changed the town.",
      "I'd say three things.",
      "The first was the market.",
      "Within two years the Saturday market had moved across to the east bank, where there was room to spread out.",
      "The second was housing.",
      "Hundreds of houses went up on the east side.",
      "And the third was the school.",
    ];
    const all = new Set(told.keys());
    // Only the first item chosen: the promise is not pulled in for it, so the item goes too.
    expect(repairStory(planOf(told), [2, 3], all, new Set())).toEqual([3]);
    // The promise chosen without its items: it goes.
    expect(repairStory(planOf(told), [0, 1], all, new Set())).toEqual([0]);
    // Every item told: the promise stays with them.
    expect(repairStory(planOf(told), [1, 2, 3, 4, 6], all, new Set())).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("reads a promise of named items ('two main methods') and keeps it only with both methods", () => {
    const told = [
      "Let's talk about which loan to pay first.",
      "There are two main methods.",
      "The avalanche method means you pay the minimum on everything and throw every extra dollar at the highest rate.",
      "The snowball method means you attack the smallest balance first no matter the rate.",
      "I used the avalanche method.",
    ];
    const all = new Set(told.keys());
    // One method told here, the other elsewhere: the promise of two goes.
    expect(repairStory(planOf(told), [0, 1, 3, 4], all, new Set([2]))).toEqual([0, 3, 4]);
    // Both told: it stays.
    expect(repairStory(planOf(told), [0, 1, 2, 3, 4], all, new Set())).toEqual([0, 1, 2, 3, 4]);
  });

  it("drops a short consequence whose sentence became a takeaway elsewhere", () => {
    const method = [
      "Most people argue about which loan to pay first.",
      "The snowball method means you attack the smallest balance first.",
      "You get quick wins.",
      "The avalanche method saves the most interest.",
    ];
    const every = new Set([0, 1, 2, 3]);
    expect(repairStory(planOf(method), [0, 2, 3], every, new Set([1]))).toEqual([0, 3]);
    // With the sentence it follows in the section, it stays.
    expect(repairStory(planOf(method), [0, 1, 2, 3], every, new Set())).toEqual([0, 1, 2, 3]);
  });
});

describe("isTeaser", () => {
  it("reads a short question or a short 'Here's the…' as pointing at what follows", () => {
    expect(isTeaser("The good news?")).toBe(true);
    expect(isTeaser("Here's the part most people skip.")).toBe(true);
    expect(isTeaser("So here's the thing.")).toBe(true);
    // Long enough to say something of its own.
    expect(isTeaser("Here's a git trick that saves me time every single day.")).toBe(false);
    expect(isTeaser("The part most people skip is the inside of the tire.")).toBe(false);
    // A part named and not yet told.
    expect(isTeaser("The part nobody tells you.")).toBe(true);
    expect(isTeaser("And the thing most people miss.")).toBe(true);
    expect(isTeaser("The thing you need is a pump.")).toBe(false);
    // An answer said to be simple, not yet told.
    expect(isTeaser("The rule I use is simple.")).toBe(true);
    expect(isTeaser("La regla es muy sencilla.")).toBe(true);
    expect(isTeaser("My answer is simple: wait.")).toBe(false);
    expect(isTeaser("The setup was simple, the tuning was not.")).toBe(false);
  });
});

describe("a thing named in other words just before ('that optimization')", () => {
  const texts = [
    "Indexes also slow down updates.",
    "Postgres can update a row in place, which is called a heap only tuple update.",
    "Every extra index makes that optimization less likely.",
    "Indexes take up disk space and memory.",
  ];
  const plan = {
    analysis: { sentences: texts.map((text, index) => ({ index, text, wordCount: text.split(/\s+/).length })) },
    scores: Float64Array.from(texts.map(() => 1)),
  } as unknown as Plan;
  const all = new Set([0, 1, 2, 3]);

  it("comes with the sentence before it, or not at all", () => {
    expect(repairStory(plan, [2, 3], all, new Set())).toEqual([1, 2, 3]);
    expect(repairStory(plan, [2, 3], all, new Set([1]))).toEqual([3]);
    expect(repairStory(plan, [3], all, new Set())).toEqual([3]);
  });

  it("takes along what leaned on it when it goes", () => {
    const lines = [texts[1], texts[2], "That is why inserts got slower every year."];
    const three = {
      analysis: { sentences: lines.map((text, index) => ({ index, text, wordCount: text.split(/\s+/).length })) },
      scores: Float64Array.from(lines.map(() => 1)),
    } as unknown as Plan;
    // "That is why…" pulls in the sentence before it, which goes for want of the one naming
    // "that optimization" (used elsewhere): nothing is left for "That" to stand for.
    expect(repairStory(three, [2], new Set([0, 1, 2]), new Set([0]))).toEqual([]);
    expect(repairStory(three, [2], new Set([0, 1, 2]), new Set())).toEqual([0, 1, 2]);
  });
});

describe("paragraphs of a conversation", () => {
  it("give each voice its own paragraph, so whoever a paragraph credits said all of it", () => {
    const texts = [
      "We will build a hundred kilometres of lanes.",
      "The budget is eighty million euros.",
      "Shops will lose customers who drive.",
      "Cyclists spend less per visit, but they come more often.",
    ];
    const turns = [0, 0, 1, 2];
    const plan = {
      analysis: {
        sentences: texts.map((text, index) => ({
          index,
          text,
          turn: turns[index],
          wordCount: text.split(/\s+/).length,
        })),
      },
      meta: {
        voices: new Map([
          [0, { name: "Claire Fontaine" }],
          [1, { name: "Marc Girard" }],
          [2, { name: "Claire Fontaine" }],
        ]),
      },
    } as unknown as Plan;
    expect(paragraphsOf(plan, [0, 1, 2, 3], 2, 60)).toEqual([[0, 1], [2], [3]]);
  });
});

describe("a sentence about something named before it", () => {
  it("leans on what came before when it opens on 'The idea:' and the like", () => {
    expect(dependsOnPrevious("The idea: if calls to a dependency keep failing, stop calling it for a while.")).toBe(
      true,
    );
    expect(dependsOnPrevious("The catch: it only works on recent versions.")).toBe(true);
    expect(dependsOnPrevious("The idea of a four-day week came from the teachers.")).toBe(false);
  });
});

describe("a blog's lede", () => {
  it("leads with what the video says rather than with one of its instructions", () => {
    const lines = [
      "Preheat the oven with the pot inside for a full forty five minutes before the sourdough loaf goes in.",
      "A sourdough loaf needs a very hot oven and a very hot pot to rise well.",
      "Most home bakers open the oven far too early and lose the steam.",
      "The steam keeps the crust soft while the loaf expands in the first fifteen minutes.",
      "After that the crust sets and the colour comes.",
      "Bake it until the crust is a deep dark brown, darker than you think.",
      "A pale loaf tastes flat and goes stale sooner.",
      "Let the loaf cool for two full hours before you cut it.",
    ];
    const video = spokenVideo("ovenHeat01", "Why Your Sourdough Needs a Hot Oven", lines);
    const lede = writeExtractive(shortRequest(video, "blog")).markdown.split("\n\n")[0];
    expect(lede).not.toContain("Preheat the oven");
    expect(lines.slice(1).some((line) => lede.includes(line))).toBe(true);
  });
});

describe("a case set up for the next sentence ('Imagine a jobs table…')", () => {
  const plan = (texts: string[]) =>
    ({
      analysis: { sentences: texts.map((text, index) => ({ index, text, wordCount: text.split(/\s+/).length })) },
      scores: Float64Array.from(texts.map(() => 1)),
    }) as unknown as Plan;
  const told = [
    "B-trees are the default, but they're not the only option.",
    "Imagine a jobs table where ninety-nine percent of the rows are finished and you only ever query the pending ones.",
    "An index on the pending rows alone stays tiny and fits in memory.",
    "Hash indexes answer nothing but equality, and they are rarely worth it.",
  ];
  const all = new Set(told.keys());

  it("brings what it sets up with it, or goes when that is told elsewhere", () => {
    expect(setsUpCase(told[1])).toBe(true);
    expect(setsUpCase("Imagined communities are a concept.")).toBe(false);
    expect(setsUpCase("Supongamos que la inflación sube un diez por ciento.")).toBe(true);
    expect(repairStory(plan(told), [0, 1, 3], all, new Set())).toEqual([0, 1, 2, 3]);
    expect(repairStory(plan(told), [0, 1, 3], all, new Set([2]))).toEqual([0, 3]);
  });
});

describe("a pronoun after a phrase put first", () => {
  it("leans on the sentence before, as one that opens on the pronoun does", () => {
    expect(dependsOnPrevious("For retail it was basically flat in the first year.")).toBe(true);
    expect(dependsOnPrevious("In practice they fail.")).toBe(true);
    expect(dependsOnPrevious("After that it gets easier.")).toBe(true);
    // A subject of its own, or none that points back.
    expect(dependsOnPrevious("On most bikes you loosen the two bolts on the side of the stem.")).toBe(false);
    expect(dependsOnPrevious("In the towns I have worked with, foot traffic goes up.")).toBe(false);
    expect(dependsOnPrevious("With Shiftwise we interviewed twenty-two restaurant owners.")).toBe(false);
  });
});

describe("a promise of a count is no takeaway", () => {
  it("keeps 'three big causes' out of the key points, where nothing can follow it", async () => {
    const { readFileSync } = await import("node:fs");
    const { fixtureToVideoData, parseFixture } = await import("../../video/fixtures");
    const { projectRoot } = await import("../../../lib/paths");
    const file = `${projectRoot}/fixtures/videos/Jf8sEo2-aQm.json`;
    const video = fixtureToVideoData(parseFixture(readFileSync(file, "utf8"), file), "Jf8sEo2-aQm");
    for (const length of ["short", "medium", "long"] as const) {
      const { markdown } = writeExtractive({ ...shortRequest(video, "blog"), length });
      const bullets = markdown.split("\n").filter((line) => line.startsWith("- "));
      expect(bullets.length).toBeGreaterThan(0);
      expect(bullets.join("\n")).not.toMatch(/tres grandes causas/);
      // "Fíjense en dos palabras importantes…" tells the viewer to look at what was just said.
      expect(bullets.join("\n")).not.toMatch(/Fíjense/);
    }
  });
});
