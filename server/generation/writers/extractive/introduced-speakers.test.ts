import { describe, expect, it } from "vitest";
import type { TranscriptSegment, VideoData, WriteRequest } from "../../types";
import { writeExtractive } from "./index";
import { buildPlan, describedPresenter } from "./plan";

function video(lines: string[], overrides: Partial<VideoData> = {}): VideoData {
  const segments: TranscriptSegment[] = lines.map((text, k) => ({ start: k * 5, duration: 5, text }));
  return {
    id: "invented001",
    url: "https://www.youtube.com/watch?v=invented001",
    title: "Harbour Town lift the cup | Cup Final Interview",
    channel: { id: "UCx", name: "Valley Sport Weekly" },
    description: "After the final whistle.",
    publishedAt: "2025-05-01T00:00:00Z",
    durationSeconds: lines.length * 5,
    viewCount: 5000,
    thumbnails: [],
    chapters: [],
    transcript: { language: "en", kind: "manual", timed: true, segments },
    comments: null,
    ...overrides,
  };
}

function request(v: VideoData): WriteRequest {
  return {
    video: v,
    transcript: v.transcript,
    style: "nyt",
    length: "short",
    tone: "informative",
    includeComments: false,
    category: null,
    referenceArticles: [],
  };
}

/** Who the plan credits with the first sentence containing `words`. */
function creditOf(v: VideoData, words: string): string | undefined {
  const plan = buildPlan(request(v));
  const sentence = plan.analysis.sentences.find((s) => s.text.includes(words));
  if (!sentence) throw new Error(`no sentence with "${words}"`);
  return plan.meta.voices.get(sentence.turn)?.name;
}

const NEWS = [
  "Good evening.",
  "The Kessock ferry will not sail for two weeks after a crack was found in its hull.",
  "The harbour board met this afternoon to decide what happens next.",
  "Our correspondent Sam Lee is at the pier.",
  "Sam, what did the board decide?",
  "Thanks, Priya.",
  "The board voted to hire a second boat from the mainland while the repair goes ahead.",
  "Council engineer Dana Ruiz said the hull can be mended in the dry dock at Inverness.",
  "We found a crack about a metre long below the waterline.",
  "It is not dangerous in calm water.",
  "But we will not carry passengers until it is welded.",
  "The repair is expected to cost around eighty thousand pounds.",
  "Ferry users told us the delays are already hurting.",
  "I drive to the hospital every Tuesday and now it takes me two hours.",
  "Reporting from the Kessock pier, I'm Sam Lee.",
  "Thank you, Sam.",
  "We will bring you more on the ferry tomorrow evening.",
];

describe("speakers the transcript introduces", () => {
  const news = video(NEWS, { title: "Kessock ferry off for two weeks", channel: { id: "UCn", name: "Firth News" } });

  it("credits a news report's sound bites to the people it introduces", () => {
    expect(creditOf(news, "crack about a metre long")).toBe("Dana Ruiz");
    expect(creditOf(news, "not dangerous in calm water")).toBe("Dana Ruiz");
    expect(creditOf(news, "welded")).toBe("Dana Ruiz");
    expect(creditOf(news, "every Tuesday")).toBe("one ferry user");
  });

  it("tells the anchor from the reporter by their hand-overs and sign-off", () => {
    expect(creditOf(news, "second boat")).toBe("Sam Lee");
    expect(creditOf(news, "eighty thousand pounds")).toBe("Sam Lee");
    expect(creditOf(news, "crack was found in its hull")).toBe("the anchor");
    expect(creditOf(news, "more on the ferry tomorrow")).toBe("the anchor");
  });

  it("never puts two speakers in one quotation", () => {
    const plan = buildPlan(request(news));
    const turnOf = (words: string) => plan.analysis.sentences.find((s) => s.text.includes(words))!.turn;
    expect(turnOf("eighty thousand pounds")).not.toBe(turnOf("welded"));
    expect(turnOf("dry dock")).not.toBe(turnOf("crack about a metre long"));
    const article = writeExtractive(request(news)).markdown;
    expect(article).not.toMatch(/"[^"]*dry dock[^"]*crack about a metre[^"]*"/);
  });

  it("reads '>>' turns and a self-introduction as the speaker's name", () => {
    const turns = video([
      ">> Welcome back to the ground, where the cup final has just finished.",
      ">> I'm Alex Moreno, and I have the winning captain with me.",
      "How does it feel to lift the cup?",
      ">> It feels unreal, honestly, we worked all season for this.",
      "The lads never stopped running and the fans carried us in the last ten minutes.",
      ">> What changed at half time?",
      ">> The coach told us to keep the ball and trust the plan, and we did.",
    ]);
    expect(creditOf(turns, "winning captain")).toBe("Alex Moreno");
    expect(creditOf(turns, "worked all season")).not.toBe("Alex Moreno");
    expect(creditOf(turns, "worked all season")).toBe(creditOf(turns, "fans carried us"));
  });

  it("keeps labelled coach and player apart, with no label inside a quotation", () => {
    const labelled = video([
      "Coach: We talked all week about staying patient in the final.",
      "Coach: The first half was nervy, but the plan held and the goal came.",
      "Player: Honestly, the coach's team talk at half time changed everything for us.",
      "Player: I just tried to win my tackles and give the ball to the wingers.",
      "Coach: He was immense today, the best game he has played for this club.",
      "Player: Lifting that cup in front of our own fans is something I will never forget.",
      "Coach: We will enjoy tonight and then start planning for next season.",
    ]);
    expect(creditOf(labelled, "staying patient")).toBe("the coach");
    expect(creditOf(labelled, "win my tackles")).toBe("the player");
    expect(creditOf(labelled, "He was immense")).toBe("the coach");
    for (const style of ["blog", "nyt"] as const) {
      const md = writeExtractive({ ...request(labelled), style }).markdown;
      expect(md).not.toMatch(/"[^"]*\b(?:Coach|Player):/);
      expect(md).not.toMatch(/\bInterview (?:said|says|explained|puts it)|As Cup Final Interview/);
    }
  });

  it("leaves a speaker who talks in the first person as the speaker, whoever they mention", () => {
    const talk = video(
      [
        "I started baking bread when I lost my job in the spring.",
        "My neighbour Tom Hart told me that the secret is a wet dough.",
        "I did not believe him at first, but I tried it the next weekend.",
        "The crumb was open and the crust shattered when I cut it.",
        "Now I bake four loaves every Saturday for the street.",
      ],
      { title: "Why I bake with a wet dough", channel: { id: "UCb", name: "Crumb & Crust with Dana" } },
    );
    expect(creditOf(talk, "did not believe him")).toBeUndefined();
  });

  it("names the presenter the description introduces when nobody else speaks", () => {
    const workshop = video(
      [
        "Today we look at how indexes make reads fast and writes slower.",
        "An index is a second copy of some columns, kept in order.",
        "Every insert has to update it, which costs time on each write.",
        "So add an index when a query is slow, and measure before and after.",
      ],
      {
        title: "Indexes in Practice | Data Workshop",
        channel: { id: "UCw", name: "Data Workshop" },
        description: "A hands-on session with Priya Raman on indexes and query plans.",
      },
    );
    const plan = buildPlan(request(workshop));
    expect(plan.meta.speaker).toBe("Priya Raman");
    expect(plan.meta.speaker).not.toMatch(/Interview|Workshop/);
  });

  it("does not take a player from a line of credits for the presenter", () => {
    const credits = "The band are:\nIsla MacRae – vocals, fiddle\nwith Hannah Lindqvist – accordion and keys (touring)";
    expect(describedPresenter(credits, "The Lantern Owls")).toBeNull();
    expect(describedPresenter("A live session with Hannah Lindqvist on the accordion.", "Folk Room")).toBe(
      "Hannah Lindqvist",
    );
  });
});
