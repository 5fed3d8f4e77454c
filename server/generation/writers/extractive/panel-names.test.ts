import { describe, expect, it } from "vitest";
import { framesFor } from "./frames";
import { type PanelPerson, pairVoices, panelVoices } from "./panel-names";

const frames = framesFor("en");
const person = (name: string, host = false): PanelPerson => {
  const words = name.split(" ");
  return {
    voice: { name, short: words[words.length - 1], kind: "person" },
    calls: [words[0].toLowerCase(), words[words.length - 1].toLowerCase()],
    host,
  };
};
const PEOPLE = [person("Rachel Lindqvist", true), person("Marcus Bell"), person("Donna Kowalczyk")];

/** Who speaks each turn, by short name ("?" for a turn left unattributed). */
function speakers(turns: string[][]): string[] | null {
  const texts = new Map(turns.map((sentences, k) => [k, sentences] as const));
  const voices = panelVoices(
    turns.map((_, k) => k),
    texts,
    PEOPLE,
    frames,
  );
  if (!voices) return null;
  return turns.map((_, k) => {
    const v = voices.get(k)!;
    return v.kind === "person" ? v.short : "?";
  });
}

describe("who speaks each turn of a panel (panelVoices)", () => {
  it("from self-naming, calls on the next speaker, answers by name and the host's questions", () => {
    const turns = [
      ["Welcome to the show.", "I'm Rachel and today we talk about main streets."],
      ["Thanks for having us."],
      ["Donna runs a hardware store.", "Okay Marcus make your case."],
      ["Main streets were built for people on foot.", "Foot traffic goes up."],
      ["Donna what do you think."],
      ["My customers drive in from the farms.", "They need to park."],
      ["But that's exactly why you do loading zones."],
      ["Marcus with respect I've heard that before.", "Loading zones turn into parking."],
      // A question to nobody by name goes to whoever spoke last.
      ["And did your sales go up or down."],
      ["Down, for my store.", "Retail was flat."],
      ["Marcus Donna thank you both."],
    ];
    expect(speakers(turns)).toEqual([
      "Lindqvist",
      "?",
      "Lindqvist",
      "Bell",
      "Lindqvist",
      "Kowalczyk",
      "Bell",
      "Kowalczyk",
      "Lindqvist",
      "Kowalczyk",
      "Lindqvist",
    ]);
  });

  it("leaves a conversation alone when its turns say too little to tell the people apart", () => {
    const turns = [["It was a long year."], ["It was."], ["We learned a lot."], ["We did."], ["Next year then."]];
    expect(speakers(turns)).toBeNull();
  });

  it("a guest's own question ('that's my question') is not taken for the host's", () => {
    const turns = [
      ["I'm Rachel.", "Marcus, what about parking?"],
      ["You need spaces at both ends of the closed stretch."],
      ["And who pays for that shuttle, that's my question.", "Halvert can't even fill potholes."],
      ["Marcus Donna thank you both."],
    ];
    expect(speakers(turns)).toEqual(["Lindqvist", "Bell", "Kowalczyk", "Lindqvist"]);
  });
});

describe("who speaks each turn between two hosts (pairVoices)", () => {
  const HOSTS = [person("Keisha Brandt"), person("Owen Marsh")];
  // Caption turns by number: turn 4 ("oh no") kept no sentence, yet it was Keisha's turn.
  const conversation: Array<[number, string[]]> = [
    [0, ["Welcome back to the show.", "I'm Keisha Brandt."]],
    [1, ["And I'm Owen Marsh and this week is personal for me."]],
    [2, ["What happened this time."]],
    [3, ["Last Tuesday the battery light came on and the whole car gave up."]],
    [5, ["The alternator went and it cost me seven hundred dollars."]],
    [6, ["Did you have the money for it though."]],
    [7, ["I did have the money, happily."]],
    [8, ["That is the whole point of the fund, Owen."]],
    [9, ["Right, and let me give the three question test."]],
    [10, ["The Black Friday TV is not an emergency Owen."]],
    [11, ["It felt like an emergency at the time."]],
  ];
  const named = (turns: Array<[number, string[]]>) => {
    const voices = pairVoices(
      turns.map(([t]) => t),
      new Map(turns),
      HOSTS,
    );
    return voices && turns.map(([t]) => voices.get(t)?.short ?? "?");
  };

  it("names alternating turns by their numbers, from self-naming and the other's name said", () => {
    expect(named(conversation)).toEqual([
      "Brandt",
      "Marsh",
      "Brandt",
      "Marsh",
      "Marsh",
      "Brandt",
      "Marsh",
      "Brandt",
      "Marsh",
      "Brandt",
      "Marsh",
    ]);
  });

  it("names nobody where the anchors disagree with alternation (a speaker change the captions missed)", () => {
    // Turn 8 is now Owen's by its words, against the parity of every other anchor: no stretch
    // holds enough anchors that agree, and no turn is named.
    const broken = conversation.map(([t, said]): [number, string[]] =>
      t === 8 ? [t, ["That is the whole point of the fund, Keisha."]] : [t, said],
    );
    expect(named(broken)).toBeNull();
  });
});
