import { describe, expect, it } from "vitest";
import { segmentUnpunctuated } from "./captions";

/**
 * Sentence ends in auto captions of the other framed languages, from their own word lists
 * (caption-words.ts): caption lines of seven words shown back to back, so only the words decide,
 * except where a test gives a pause.
 */
function units(text: string, language: string, pauses: Record<string, number> = {}): string[] {
  const words = text.split(" ");
  const gaps = words.map((word, i) => pauses[word] ?? (i % 7 === 6 ? 0.05 : undefined));
  return segmentUnpunctuated(words, gaps, true, { language }).map(([from, to]) => words.slice(from, to).join(" "));
}

describe("auto-caption sentence ends in Spanish, Portuguese, French and German", () => {
  it("opens a sentence on an article and an ordinal standing for the next item ('la primera es')", () => {
    expect(
      units(
        "los economistas suelen hablar de tres grandes causas la primera es la inflación de demanda cuando la gente gasta mucho",
        "es",
      ),
    ).toEqual([
      "los economistas suelen hablar de tres grandes causas",
      "la primera es la inflación de demanda cuando la gente gasta mucho",
    ]);
  });

  it("keeps a verb with the question word before it ('y nosotros qué podemos hacer')", () => {
    const found = units(
      "es un equilibrio delicado y nosotros qué podemos hacer algunas ideas sencillas para empezar",
      "es",
    );
    expect(found.some((unit) => unit.endsWith("qué"))).toBe(false);
  });

  it("cuts before a numbered item, not between its noun and 'Nummer' ('Fehler Nummer zwei')", () => {
    const found = units(
      "und wenn der zyklus sich wiederholt fehler nummer zwei zu lange warten mit dem ausgeizen",
      "de",
    );
    expect(found.some((unit) => unit.startsWith("fehler nummer zwei"))).toBe(true);
    expect(found.some((unit) => unit.endsWith("fehler"))).toBe(false);
  });

  it("opens a German clause on a subject pronoun with its verb next, not on an inverted one", () => {
    expect(
      units("die tomaten brauchen viel sonne ihr seht hier hinter mir die pflanzen sind schon groß", "de"),
    ).toEqual(["die tomaten brauchen viel sonne", "ihr seht hier hinter mir die pflanzen sind schon groß"]);
    // "…gebe ich alle zwei Wochen…": "ich" after its verb, with no verb of its own after it.
    const inverted = units("ab juni gebe ich alle zwei wochen flüssigen dünger ins gießwasser", "de", { gebe: 0.3 });
    expect(inverted.some((unit) => unit.startsWith("ich alle"))).toBe(false);
  });

  it("keeps a number with its unit across a pause ('trezentos | milímetros')", () => {
    const found = units("desde ontem à noite choveu trezentos milímetros em porto verde e o rio subiu", "pt", {
      trezentos: 0.3,
    });
    expect(found.some((unit) => unit.endsWith("trezentos"))).toBe(false);
  });
});
