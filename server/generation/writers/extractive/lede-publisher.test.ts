import { describe, expect, it } from "vitest";
import { writeExtractive } from "./index";
import { shortRequest, spokenVideo } from "./sample-videos";

// A news lede that names a speaker known only by a first name ("…, Jonah said") leaves the reader
// asking who Jonah is: the channel that published the video says where he speaks from.
const lines = [
  "I'm Jonah, and for nine years I've helped software companies set their prices.",
  "A one percent improvement in price usually does more for profit than a one percent improvement in anything else.",
  "Most companies set their price once and never look at it again.",
  "Cost-plus pricing ignores what the product is worth to the customer.",
  "We interviewed twenty-two restaurant owners about the hours the schedule took them.",
  "Their managers had spent five hours a week on it, and now spent about one.",
  "That saved time is what the customer is really paying for.",
  "The new prices raised revenue per trial by almost three times in eight weeks.",
];

const video = (channel: string) =>
  spokenVideo("ledeFirst01", "How to Price Your Software Product", lines, {
    channel: { id: "UCledeFirst01", name: channel },
  });

describe("a news lede naming a speaker by first name", () => {
  it("says which channel published the video, and the nut graf does not say it again", () => {
    const { markdown } = writeExtractive(shortRequest(video("Founder Field Notes"), "nyt"));
    const [lede, nut] = markdown.split("\n\n");
    expect(lede).toMatch(/, Jonah said in a video published by Founder Field Notes on March 1, 2025\.$/);
    expect(nut).not.toContain("posted by");
  });

  it("leaves a full name as it was: the nut graf says who posted the video", () => {
    const named = video("Founder Field Notes");
    const transcript = named.transcript;
    if (!transcript) throw new Error("no transcript");
    const segments = transcript.segments.map((segment, i) =>
      i === 0 ? { ...segment, text: segment.text.replace("I'm Jonah,", "I'm Jonah Reyes,") } : segment,
    );
    const { markdown } = writeExtractive(shortRequest({ ...named, transcript: { ...transcript, segments } }, "nyt"));
    const [lede, nut] = markdown.split("\n\n");
    expect(lede).toMatch(/, Jonah Reyes said in a video published on YouTube on March 1, 2025\.$/);
    expect(nut).toContain("posted by Founder Field Notes");
  });
});

describe("a news lede naming the video's topics", () => {
  it("leaves them out of the nut graf, which names only what the lede did not", async () => {
    const { AUTO_WORKSHOP_VIDEO } = await import("./sample-videos");
    const { markdown } = writeExtractive({ ...shortRequest(AUTO_WORKSHOP_VIDEO, "nyt"), length: "medium" });
    const [lede, nut] = markdown.split("\n\n");
    const named = /discusses (.+?)\./.exec(lede)?.[1];
    expect(named).toBeTruthy();
    for (const topic of (named ?? "").split(/,\s*|\s+and\s+/)) expect(nut).not.toContain(topic);
    expect(nut).toMatch(/also covers \w/);
  });
});
