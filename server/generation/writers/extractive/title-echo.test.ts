import { describe, expect, it } from "vitest";
import { isTitleCopy, titleEcho } from "./title-echo";

describe("isTitleCopy", () => {
  it("catches the title again, whole or dressed in a prefix, suffix or attribution", () => {
    const inflation = "¿Qué es la inflación y por qué sube el precio de todo? | Explicado fácil";
    const channel = "Economía en 10 minutos";
    expect(isTitleCopy("Qué es la inflación y por qué sube el precio de todo", inflation, channel)).toBe(true);
    expect(
      isTitleCopy(
        "Qué es la inflación y por qué sube el precio de todo, según Economía en 10 minutos",
        inflation,
        channel,
      ),
    ).toBe(true);
    expect(
      isTitleCopy("Bancos centrales: qué es la inflación y por qué sube el precio de todo", inflation, channel),
    ).toBe(true);
    // A framing verb and the channel's name add nothing ("Shortcut" is in both the name and the title).
    const shortcut = "This one shortcut saves me an hour a week #shorts";
    expect(
      isTitleCopy(
        "Sam's Daily Shortcut Explains How One Shortcut Saves an Hour a Week",
        shortcut,
        "Sam's Daily Shortcut",
      ),
    ).toBe(true);
    expect(
      isTitleCopy("Terminal Tips Walks Through One Git Trick", "One Git Trick Everyone Should Know", "Terminal Tips"),
    ).toBe(true);
    // Number words and digits, plurals and word forms are the same words.
    expect(isTitleCopy("The Five Most Common Sourdough Mistake", "I Made The 5 Most Common Sourdough Mistakes")).toBe(
      true,
    );
    // A promise the title already made is no news: "fix" is the title's own word here.
    expect(isTitleCopy("How to Fix a Flat Tyre, Explained", "How to Fix a Flat Tyre in 5 Minutes")).toBe(true);
  });

  it("counts a promise of what the reader can do as the headline's own words", () => {
    expect(
      isTitleCopy(
        "Five Sourdough Mistakes and How to Fix Them",
        "I Made The 5 Most Common Sourdough Mistakes (So You Don't Have To)",
      ),
    ).toBe(false);
    expect(isTitleCopy("One Git Trick and How to Use It Today", "One Git Trick Everyone Should Know")).toBe(false);
  });

  it("sees through caps, emoji, hashtags and '| Channel' suffixes in every language", () => {
    const cases: [string, string, string][] = [
      [
        "Pourquoi votre compost ne marche pas",
        "POURQUOI votre compost NE MARCHE PAS 😱🔥 | Ville en Transition",
        "Ville en Transition",
      ],
      ["Warum dein Brot nicht aufgeht", "Warum dein Brot nicht aufgeht 🍞 | Backen mit Lena", "Backen mit Lena"],
      ["Como economizar energia em casa", "Como economizar energia em casa (DICAS FÁCEIS) | Casa Verde", "Casa Verde"],
      ["No hagas esto con tu dinero", "¡¡NO HAGAS ESTO con tu dinero!! 💸💸 | Finanzas Claras", "Finanzas Claras"],
      [
        "You Won't Believe What This Microgrid Did",
        "YOU WON'T BELIEVE WHAT THIS MICROGRID DID 🤯🔥 | Energy Now",
        "Energy Now",
      ],
    ];
    for (const [headline, title, channel] of cases) expect(isTitleCopy(headline, title, channel), headline).toBe(true);
  });

  it("lets a headline name the title's subject when it says something of its own", () => {
    const bridge = "Riverside Bridge closed for six weeks after flood damage; council approves $4.2M repairs";
    expect(
      isTitleCopy("Riverside Bridge Stays Closed to Traffic for Six Weeks", bridge, "Northfield Evening News"),
    ).toBe(false);
    expect(
      isTitleCopy(
        "Indexes Are the Single Biggest Lever for Query Performance",
        "Why Your Database Is SLOW 🐢 Indexes Explained",
      ),
    ).toBe(false);
    expect(
      isTitleCopy(
        "Brookfield Microgrid Keeps the Town's Hospital Running",
        "YOU WON'T BELIEVE WHAT THIS MICROGRID DID 🤯🔥",
      ),
    ).toBe(false);
    expect(isTitleCopy("Claves para entender la inflación y los bancos centrales", "¿Qué es la inflación?")).toBe(
      false,
    );
  });

  it("measures how much is repeated, how much is new and the longest shared run", () => {
    const echo = titleEcho(
      "Riverside Bridge Stays Closed for Six Weeks",
      "Riverside Bridge closed for six weeks after flood damage",
    );
    expect(echo.run).toBe(4);
    expect(echo.novelty).toBeCloseTo(1 / 6);
    // riverside, bridge, closed, six, weeks of riverside, bridge, closed, six, weeks, flood, damage
    expect(echo.containment).toBeCloseTo(5 / 7);
    // A headline with nothing but function words is a copy of nothing, and not usable either.
    expect(isTitleCopy("The and of", "Anything at all")).toBe(true);
  });
});
