import { describe, expect, it } from "vitest";
import type { VideoData } from "../../types";
import { framesFor } from "./frames";
import { writeExtractive } from "./index";
import { nameInterviewSides } from "./interview-names";
import { shortRequest } from "./sample-videos";
import { turnVoices } from "./speakers";

const frames = framesFor("en");
const TURNS = new Map([
  [0, ["Welcome to the podcast.", "Today I'm talking with Dr. Amara Okafor, who runs the erosion lab."]],
  [1, ["Thanks for having me.", "It's good to be here."]],
  [2, ["How fast is the coast moving?"]],
  [3, ["About one metre a year."]],
]);
const qa = (labels: [string, string]) =>
  turnVoices(
    new Map([
      [0, labels[0]],
      [1, labels[1]],
      [2, labels[0]],
      [3, labels[1]],
    ]),
    TURNS,
    frames,
  );

describe("an interview's sides", () => {
  it("reads Q: and A: as who asks and who answers, never as people called Q and A", () => {
    const voices = qa(["Q", "A"]);
    expect(voices.get(0)?.name).toBe("the interviewer");
    expect(voices.get(1)?.name).toBe("the guest");
  });

  it("names the guest the host introduces and the host the description names", () => {
    const named = nameInterviewSides(qa(["Q", "A"]), TURNS, "Host Sam Reyes talks with a coastal scientist.", frames);
    expect(named.get(1)).toEqual({ name: "Dr. Amara Okafor", short: "Okafor", kind: "person" });
    expect(named.get(3)?.name).toBe("Dr. Amara Okafor");
    expect(named.get(0)).toEqual({ name: "Sam Reyes", short: "Reyes", kind: "person", asks: true });
    // Unlabelled turns where one side asks are an interview too.
    const unlabelled = nameInterviewSides(turnVoices(new Map(), TURNS, frames), TURNS, "", frames);
    expect(unlabelled.get(1)?.name).toBe("Dr. Amara Okafor");
    expect(unlabelled.get(0)?.name).toBe("the interviewer");
  });

  it("leaves the sides unnamed when nobody is introduced, and other voices alone", () => {
    const quiet = new Map([
      [0, ["How did you start?"]],
      [1, ["With a borrowed wheel."]],
    ]);
    const voices = turnVoices(
      new Map([
        [0, "Q"],
        [1, "A"],
      ]),
      quiet,
      frames,
    );
    expect(nameInterviewSides(voices, quiet, "A chat about pottery.", frames).get(1)?.name).toBe("the guest");
    const coach = turnVoices(
      new Map([
        [0, "Coach Miller"],
        [1, "Player"],
      ]),
      new Map([
        [0, ["Watch the ball."]],
        [1, ["I know."]],
      ]),
      frames,
    );
    expect(nameInterviewSides(coach, TURNS, "Host Sam Reyes.", frames)).toEqual(coach);
  });
});

describe("a conversation with two people the description names", () => {
  // Auto captions of a post-match interview: ">>" marks each change of speaker, no labels.
  const turns = new Map([
    [0, ["Coach what a night how does it feel."]],
    [1, ["Honestly it feels unreal."]],
    [2, ["What did you say at half time?"]],
    [3, ["I told them to keep the ball on the floor."]],
    [4, ["Marcus you scored the winner talk us through it."]],
    [5, ["The ball came across and I just had to put my head on it."]],
    [6, ["Congratulations to you both."]],
  ]);
  const description = "Coach Dana Hill and captain Marcus Bell on winning the county cup 2-1 against Eastfield.";

  it("gives each answer to the person the question called on, and a follow-up to the same person", () => {
    const named = nameInterviewSides(turnVoices(new Map(), turns, frames), turns, description, frames);
    expect(named.get(0)).toMatchObject({ name: "the interviewer", asks: true });
    expect(named.get(1)).toEqual({ name: "Coach Dana Hill", short: "Hill", kind: "person" });
    expect(named.get(3)?.short).toBe("Hill");
    expect(named.get(5)).toEqual({ name: "Captain Marcus Bell", short: "Bell", kind: "person" });
    expect(named.get(6)?.name).toBe("the interviewer");
  });

  it("guesses nobody when the description names no one, or the calls come from both sides", () => {
    const plain = nameInterviewSides(turnVoices(new Map(), turns, frames), turns, "Highlights and reaction.", frames);
    expect(plain.get(1)?.kind).toBe("anonymous");
    const mixed = new Map([
      [0, ["Coach what a night."]],
      [1, ["Marcus was brilliant tonight."]],
      [2, ["Dana any message for the fans?"]],
      [3, ["Thank you all."]],
    ]);
    const voices = nameInterviewSides(turnVoices(new Map(), mixed, frames), mixed, description, frames);
    expect([...voices.values()].some((v) => v.kind === "person")).toBe(false);
  });
});

describe("a press conference, where questions do not take every other turn", () => {
  // A moderator, a coach's opening statement, reporters calling on coach or captain; once the
  // captain adds to the coach's answer, so the turns no longer alternate.
  const turns = new Map([
    [0, ["Okay we're going to get started.", "Coach Tully will open and then we'll take questions."]],
    [
      1,
      ["Thanks.", "Credit to Port Ellery, they made us earn every possession tonight.", "I'm so proud of this group."],
    ],
    [2, ["Coach you were down eight with six minutes left.", "What did you change?"]],
    [3, ["We went to the zone.", "We'd practised it all week but we hadn't used it once in the playoffs."]],
    [4, ["Are you saying the program is underfunded?"]],
    [5, ["I'm saying we won a championship with three assistants and a bus."]],
    [6, ["Coach what did Aisha say to the team at halftime?"]],
    [7, ["You'll have to ask her.", "I wasn't in there for the first part of it, on purpose."]],
    [8, ["I just said we've been down before.", "We were down twelve at Riverside in February and we came back."]],
    [9, ["Aisha take us through the last possession."]],
    [10, ["It was supposed to go to Keiko in the corner.", "They switched and I saw the lane open up so I just went."]],
  ]);
  const description =
    "Head coach Maureen Tully and senior captain Aisha Bello speak to reporters after the Herons' 68-64 win over Port Ellery in the Coastal Conference final.";

  it("gives each answer to whom the question called on, the opening to whom the moderator named, and the rest to nobody", () => {
    const named = nameInterviewSides(turnVoices(new Map(), turns, frames), turns, description, frames);
    const who = (turn: number) => named.get(turn)?.short || named.get(turn)?.name;
    expect([1, 3, 7].map(who)).toEqual(["Tully", "Tully", "Tully"]);
    expect(who(10)).toBe("Bello");
    // A follow-up that calls on nobody goes to whoever answered last.
    expect(who(5)).toBe("Tully");
    for (const question of [2, 4, 6, 9]) expect(named.get(question)).toMatchObject({ asks: true });
    // "You'll have to ask her": the coach passes the question on to the captain it named.
    expect(who(8)).toBe("Bello");
    // The moderator is not guessed; and "Port Ellery", the team beaten, is nobody at all.
    expect(named.get(0)?.kind).toBe("anonymous");
    expect([...named.values()].map((v) => v.name).join(" ")).not.toMatch(/Ellery/);
  });

  it("guesses no one for a turn after an answer that passes nothing on", () => {
    const plain = new Map(turns);
    plain.set(7, ["I wasn't in there for the first part of it, on purpose."]);
    const named = nameInterviewSides(turnVoices(new Map(), plain, frames), plain, description, frames);
    expect(named.get(7)?.short).toBe("Tully");
    expect(named.get(8)?.kind).toBe("anonymous");
  });
});

describe("an interview written up", () => {
  const lines = [
    ">> coach what a night how does it feel",
    ">> honestly it feels unreal we've worked all season for this",
    "and the lads never stopped running even when we went a goal down",
    ">> what did you say at half time",
    ">> i told them to keep the ball on the floor and trust the plan",
    ">> marcus you scored the winner talk us through it",
    ">> the ball came across from jamie and i just had to put my head on it",
    "i didn't even see it go in i just heard the noise",
    ">> what does this mean for the club",
    ">> it's the first trophy in twelve years for this club",
    ">> dana any message for the supporters",
    ">> thank you for every away trip in the rain we did this together",
    ">> congratulations to you both",
  ];
  const video: VideoData = {
    id: "cupFinal001",
    url: "https://www.youtube.com/watch?v=cupFinal001",
    title: "Coach and captain after the cup final win",
    channel: { id: "UCclub", name: "Riverside FC TV" },
    description: "Coach Dana Hill and captain Marcus Bell on winning the county cup 2-1 against Eastfield.",
    publishedAt: "2025-05-01T00:00:00Z",
    durationSeconds: 120,
    viewCount: 900,
    thumbnails: [],
    chapters: [],
    transcript: {
      language: "en",
      kind: "auto",
      timed: true,
      segments: lines.map((text, k) => ({ start: k * 8, duration: 8, text })),
    },
    comments: [],
  };

  it("credits the coach and the captain, and never leads with the interviewer's cue", () => {
    for (const style of ["nyt", "blog"] as const) {
      const article = writeExtractive(shortRequest(video, style));
      const text = article.markdown;
      expect(text, style).toMatch(/Hill|Bell/);
      expect(text, style).not.toMatch(/one speaker|the other speaker/i);
      const lede = text.split("\n\n").find((p) => !p.startsWith("#") && !p.startsWith("[")) ?? "";
      expect(lede.toLowerCase(), style).not.toContain("what a night");
    }
  });
});
