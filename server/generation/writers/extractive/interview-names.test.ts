import { describe, expect, it } from "vitest";
import { framesFor } from "./frames";
import { nameInterviewSides } from "./interview-names";
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
    expect(named.get(0)).toEqual({ name: "Sam Reyes", short: "Reyes", kind: "person" });
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
