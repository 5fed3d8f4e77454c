import { describe, expect, it } from "vitest";
import { headlineFromSentence } from "./headline";
import { writeExtractive } from "./index";
import { shortRequest, spokenVideo } from "./sample-videos";

// Match commentary: every line is a moment of the game, none of them the result. The creator's
// description says what happened; that is the news a story leads with.
const commentary = [
  "And we're back under way at Kellerman Park, with Eastbrook trailing by a goal to nil.",
  "Okonjo and Tully are ten yards further up the pitch than they were in the first half.",
  "Caddick has done everything right there, he's hit it low and he's hit it hard.",
  "The referee is reaching for his pocket, and that is a yellow card for the Marlow captain.",
  "Ferrante turns and shoots, and Marlow Vale think they are back in front.",
  "The goal is ruled out for offside after a long check by the video assistant.",
  "Okonjo shoots from the edge of the box and it takes a deflection past the keeper.",
  "Eastbrook United have turned it around, and the home crowd are on their feet.",
];

const match = (description: string) =>
  spokenVideo("matchNews01", "Eastbrook United 2-1 Marlow Vale | Highlights", commentary, {
    channel: { id: "UCmatchNews01", name: "Northline Sports" },
    description,
  });

describe("a news lede from the description's summary of what happened", () => {
  it("leads with the result the description reports, and heads the story with it", () => {
    const article = writeExtractive(
      shortRequest(
        match(
          "Eastbrook United came from behind to beat Marlow Vale 2-1 at Kellerman Park.\n\nCommentary: Steve Rawlings, with Alan Pryce.",
        ),
        "nyt",
      ),
    );
    const [lede] = article.markdown.split("\n\n");
    expect(lede).toMatch(
      /^Eastbrook United came from behind to beat Marlow Vale 2-1 at Kellerman Park, according to a video published by Northline Sports/,
    );
    expect(article.title).toMatch(/Beat Marlow Vale/);
    // Two commentators, no labels: neither is quoted as the one who spoke.
    expect(article.markdown).not.toMatch(/Rawlings (?:said|says|explained|added|noted)/);
  });

  it("keeps the video's own opening when the summary tells what is, not what happened", () => {
    const article = writeExtractive(
      shortRequest(match("Eastbrook United are the form team of the division this autumn."), "nyt"),
    );
    const [lede] = article.markdown.split("\n\n");
    expect(lede).not.toMatch(/^Eastbrook United are the form team/);
  });
});

describe("a news headline from a long summary", () => {
  it("drops trailing phrases until it holds fourteen words at most", () => {
    expect(
      headlineFromSentence("Eastbrook United came from behind to beat Marlow Vale 2-1 at Kellerman Park on Saturday.", {
        named: false,
        topical: true,
      }),
    ).toBe("Eastbrook United Comes From Behind to Beat Marlow Vale 2-1");
  });
});

describe("a blog headline from the description's summary of what happened", () => {
  it("states the result, not a 'Why' built from a line of the commentary", () => {
    const article = writeExtractive(
      shortRequest(match("Eastbrook United came from behind to beat Marlow Vale 2-1 at Kellerman Park."), "blog"),
    );
    expect(article.title).toMatch(/^Eastbrook United Comes From Behind to Beat Marlow Vale 2-1/);
  });
});
