import { describe, expect, it } from "vitest";
import type { ArticleStyle } from "../../../../contract/articles";
import { writeHeadline } from "./headline";
import { writeExtractive } from "./index";
import { buildPlan } from "./plan";
import { shortRequest, spokenVideo } from "./sample-videos";

// An instruction for a title ("Fix…") and a method read out in steps.
const STEPS = [
  "Most of us sleep at different times every night, and that is what wrecks the schedule.",
  "Step 1: pick one wake-up time and keep it, weekends included.",
  "Step 2: get daylight in the first half hour after you wake.",
  "Step 3: stop caffeine eight hours before bed.",
  "Step 4: dim the lights an hour before bed and put the phone in another room.",
  "Give it a week and your body will follow.",
];

const sleepVideo = (title: string) =>
  spokenVideo("sleepFix001", title, STEPS, {
    channel: { id: "UCrest", name: "Rest Lab" },
    description: "A simple plan for a steady sleep schedule.",
  });

const headline = (title: string, style: ArticleStyle) =>
  writeHeadline(buildPlan(shortRequest(sleepVideo(title), style)));

describe("a how-to title given as an instruction", () => {
  it("promises the steps the video reads out, in place of the title's time boast", () => {
    expect(headline("Fix Your Sleep Schedule in One Week", "blog")).toBe("Four Steps to Fixing a Sleep Schedule");
    expect(headline("Fix Your Sleep Schedule in One Week", "nyt")).toBe(
      "Rest Lab Shows Four Steps to Fixing a Sleep Schedule",
    );
  });

  it("lets 'Video' show the steps when the channel's name would echo the task", () => {
    const video = spokenVideo("sleepFix002", "Fix Your Sleep Schedule in One Week", STEPS, {
      channel: { id: "UCsleep", name: "Sleep Schedule Daily" },
    });
    expect(writeHeadline(buildPlan(shortRequest(video, "nyt")))).toBe(
      "Video Shows Four Steps to Fixing a Sleep Schedule",
    );
  });

  it("names a mass noun without 'a'", () => {
    expect(headline("Fix Your Sleep in One Week", "blog")).toBe("Four Steps to Fixing Sleep");
  });
});

describe("a debate's news headline", () => {
  const turns = [
    "Paula Reyes: Welcome back. Tonight's question is whether cities should charge drivers to enter downtown. Anna Lee, you're for it?",
    "Anna Lee: I am. London and Stockholm both cut traffic by about a fifth in the first year, and the money paid for buses.",
    "Paula Reyes: Tom Gray, you run a garage on Market Street. What worries you?",
    "Tom Gray: My customers come from the villages, and there's no bus from most of them. A charge is a tax on people who have no other way in.",
    "Anna Lee: That's why the plan exempts the first two hours for residents of the county.",
    "Tom Gray: On paper. I'll believe the buses when I see them running on a Sunday.",
  ];
  const debate = spokenVideo(
    "chargeDeb01",
    "Should Cities Charge Drivers to Enter Downtown? | Town Hall Ep. 9",
    turns,
    {
      channel: { id: "UCtown", name: "Town Hall Radio" },
      description:
        "Host Paula Reyes asks transport planner Anna Lee and garage owner Tom Gray about a downtown driving charge.",
    },
  );

  it("names the two who answer the title's question, not the host who asks it", () => {
    expect(writeHeadline(buildPlan(shortRequest(debate, "nyt")))).toBe(
      "Anna Lee and Tom Gray Debate Whether Cities Should Charge Drivers to Enter Downtown",
    );
  });

  it("leads the news with who debates what, in the words' own case, and names the publisher once", () => {
    const article = writeExtractive(shortRequest(debate, "nyt"));
    const [lede, nut] = article.markdown.split("\n\n");
    expect(lede).toMatch(
      /^Anna Lee and Tom Gray debate whether cities should charge drivers to enter downtown in a video published by Town Hall Radio on March 1, 2025\. /,
    );
    expect(nut).not.toContain("posted by");
  });
});

describe("a personal story's title ('I quit…', 'I moved…')", () => {
  const lines = [
    "Hi, I'm Omar Haddad, and a year ago I quit my job at the bank to bake bread.",
    "The first month I sold nothing at all.",
    "Then a cafe on my street took twenty loaves a week, and that changed everything.",
    "I learned that wholesale pays the rent and the market stall pays for the fun.",
  ];
  const story = (title: string, style: ArticleStyle) => {
    const v = spokenVideo("breadQuit01", title, lines, {
      channel: { id: "UCcrumb", name: "Crumb Diaries" },
      description: "A year of bread.",
    });
    return writeHeadline(buildPlan(shortRequest(v, style)));
  };

  it("promises what its teller learned, and tells the news of it in the third person", () => {
    expect(story("I Quit My Bank Job to Bake Bread", "blog")).toBe(
      "What Omar Haddad Learned Quitting a Bank Job to Bake Bread",
    );
    expect(story("I Quit My Bank Job to Bake Bread", "nyt")).toBe(
      "Omar Haddad Looks Back on Quitting a Bank Job to Bake Bread",
    );
    expect(story("I Moved My Bakery to the Coast", "blog")).toBe(
      "What Omar Haddad Learned Moving a Bakery to the Coast",
    );
  });
});

describe("a how-to whose description lists its tools", () => {
  it("promises the job done with them, the title's time boast dropped", () => {
    const lines = [
      "That squeak is the hinge pin running dry, nothing more.",
      "Lift the pin out with the screwdriver, wipe it clean and coat it with a thin layer of grease.",
      "Tap it back in, swing the door a few times, and the squeak is gone.",
    ];
    const v = spokenVideo("doorFix0001", "Fix a Squeaky Door in Two Minutes", lines, {
      description: "Tools: a flat screwdriver and a tube of white grease.",
    });
    const plan = buildPlan(shortRequest(v, "blog"));
    expect(writeHeadline(plan)).toBe("How to Fix a Squeaky Door With a Flat Screwdriver and a Tube of White Grease");
  });
});
