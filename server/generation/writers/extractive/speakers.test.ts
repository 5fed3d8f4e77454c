import { describe, expect, it } from "vitest";
import { framesFor } from "./frames";
import { describedPresenter, guessSpeaker, isAudience, looksLikePerson, turnVoices } from "./speakers";

const talk = (words: number, topic: string) =>
  `${Array.from({ length: words }, (_, k) => (k === 0 ? "Now" : topic)).join(" ")}.`;

describe("describedPresenter", () => {
  it("finds a presenter set off by an apposition or a role", () => {
    expect(
      describedPresenter(
        "Our spring class, recorded live. Ana Ruiz, head baker at the Mill Loft, shows how to shape.",
        "X",
      ),
    ).toBe("Ana Ruiz");
    expect(describedPresenter("Your instructor: Tomas Berg. Bring a notebook.", "X")).toBe("Tomas Berg");
    expect(describedPresenter("A pottery evening taught by Ilse Marten.", "X")).toBe("Ilse Marten");
    // A relative clause is not an apposition: "who lent…" says nothing of who presents.
    expect(describedPresenter("Thanks to Ana Ruiz, who lent us the ovens, shows up.", "X")).toBeNull();
  });

  it("names no presenter from a possessive, nor one of two people presenting together", () => {
    // "with Rhys Caddick's header": a player's goal, not who speaks.
    expect(
      describedPresenter(
        "Eastbrook United came from behind to beat Marlow Vale 2-1, with Rhys Caddick's header cancelling out the opener.",
        "Northline Sports",
      ),
    ).toBeNull();
    expect(describedPresenter("Commentary: Steve Rawlings.", "Northline Sports")).toBe("Steve Rawlings");
    // Two commentators or two hosts: captions without labels do not say which one speaks.
    expect(
      describedPresenter("Commentary: Steve Rawlings, with former Eastbrook defender Alan Pryce.", "Northline Sports"),
    ).toBeNull();
    expect(describedPresenter("A weekly show hosted by Keisha Brandt and Owen Marsh.", "The Fine Print")).toBeNull();
  });

  it("takes no app or store a description links to for a person", () => {
    expect(looksLikePerson("Apple Podcasts")).toBe(false);
    // A news programme a title ends on ("… | Jornal Vale Sul") is no one speaking.
    expect(looksLikePerson("Jornal Vale Sul")).toBe(false);
    expect(guessSpeaker("Alerta máximo de enchente em Porto Verde | Jornal Vale Sul", "TV Vale Sul").kind).not.toBe(
      "person",
    );
    expect(looksLikePerson("Owen Marsh")).toBe(true);
  });

  it("makes the described presenter the video's speaker, never a title fragment", () => {
    expect(
      guessSpeaker(
        "Pottery Workshop - Bowls & Mugs (full session)",
        "Clay Corner",
        "Ilse Marten, our potter, teaches bowls.",
      ),
    ).toMatchObject({ name: "Ilse Marten", short: "Marten", kind: "person" });
  });

  it("takes a channel named like a person for that person, unless its words are everyday words", () => {
    // "Explica Aí" (Portuguese for "explain it"): the description writes "explica" in its prose.
    expect(
      guessSpeaker("Por que o café ficou tão caro?", "Explica Aí", "O canal explica as três razões da alta do café."),
    ).not.toMatchObject({ short: "Aí" });
    // A handle or a link is no prose: "x.example/maya" leaves Maya Chen a person.
    expect(
      guessSpeaker(
        "Indexes Explained",
        "Maya Chen",
        "In this video I explain indexes.\nFollow me: https://x.example/maya",
      ),
    ).toMatchObject({ name: "Maya Chen", short: "Chen", kind: "person" });
  });
});

describe("turnVoices with questions from the floor", () => {
  const presenter = [talk(60, "dough"), "Then it rests.", talk(40, "oven")];
  it("credits the presenter as the video's speaker and the askers as the audience", () => {
    const voices = turnVoices(
      new Map(),
      new Map([
        [0, presenter],
        [1, ["How long does it rest?"]],
        [2, ["Good question.", talk(50, "proof")]],
        [3, ["Can I use rye?"]],
        [4, [talk(45, "rye")]],
      ]),
      framesFor("en"),
    );
    expect(voices.has(0)).toBe(false);
    expect(voices.has(2)).toBe(false);
    expect(voices.get(1)).toMatchObject({ name: "someone in the audience", kind: "role" });
    expect(voices.get(3)?.name).toBe("someone in the audience");
  });

  it("words the audience in the article's language", () => {
    const voices = turnVoices(
      new Map(),
      new Map([
        [0, presenter],
        [1, ["¿Cuánto reposa?"]],
        [2, [talk(50, "masa")]],
      ]),
      framesFor("es"),
    );
    expect(voices.get(1)?.name).toBe("una persona del público");
  });

  it("keeps an interview an interview", () => {
    // The interviewer opens with questions: not a talk.
    const opened = turnVoices(
      new Map(),
      new Map([
        [0, ["So what got you into pottery?"]],
        [1, [talk(60, "clay")]],
        [2, ["And when did you start selling?"]],
        [3, [talk(60, "market")]],
      ]),
      framesFor("en"),
    );
    expect(opened.get(1)?.name).toBe("the guest");
    // Questions asked at length are an interviewer's, not the floor's.
    expect(isAudience([[talk(80, "clay")], [talk(40, "why"), "Why is that?", "How?"], [talk(80, "kiln")]])).toBe(false);
    expect(isAudience([[talk(80, "clay")], ["Why?"], [talk(80, "kiln")]])).toBe(true);
  });
});
