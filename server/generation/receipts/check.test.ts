import { describe, expect, it } from "vitest";
import type { Transcript, VideoData } from "../types";
import { auditArticle, checkArticle } from "./index";
import { withoutLinkTargets } from "./markdown";
import type { ReceiptSources } from "./sources";

const ID = "abcDEF12345";
const url = (t: number) => `https://www.youtube.com/watch?v=${ID}&t=${t}s`;

/** Caption lines 10 s apart. */
function captions(lines: string[], kind: Transcript["kind"] = "manual"): Transcript {
  return {
    language: "en",
    kind,
    timed: true,
    segments: lines.map((text, i) => ({ start: i * 10, duration: 9, text })),
  };
}

const LINES = [
  "Welcome back to the workshop on composting at home.",
  "Um, the first thing you need is, uh, a bin with a lid.",
  "Brown material like dry leaves gives the heap its carbon.",
  "Green material like vegetable scraps gives it nitrogen.",
  "Turn the heap every two weeks so air reaches the middle.",
  "If it smells, you have too much green and not enough brown.",
  "After about three months the compost is dark and crumbly.",
  "Spread it on your beds in spring before you plant.",
  "That is really all there is to it, nobody knows you you might start tomorrow.",
  "Thanks for watching and happy composting.",
];

function sources(overrides: Partial<VideoData> = {}, transcript: Transcript | null = captions(LINES)): ReceiptSources {
  const video: VideoData = {
    id: ID,
    url: `https://www.youtube.com/watch?v=${ID}`,
    title: "Composting at Home for Beginners",
    channel: { id: "UC1", name: "Green Patch" },
    description: "Maria Lopez shows how to start a compost heap.",
    publishedAt: null,
    durationSeconds: 100,
    viewCount: null,
    thumbnails: [],
    chapters: [],
    transcript,
    comments: [{ author: "Sam", text: "My heap finally stopped smelling!", likes: 4, publishedAt: null }],
    ...overrides,
  };
  return { video, transcript, includeComments: true };
}

const check = (markdown: string, input = sources()) => checkArticle({ title: "T", excerpt: "E", markdown }, input);

describe("quotations", () => {
  it("keeps a verbatim quotation (case, punctuation and um/uh aside) and links it to where it is said", () => {
    const r = check(`Green Patch says "the first thing you need is a bin with a lid" ([0:50](${url(50)})).`);
    expect(r.markdown).toContain('"the first thing you need is a bin with a lid"');
    expect(r.markdown).toContain(`[0:10](${url(10)})`);
    expect(r.evidence.quotes).toEqual([
      expect.objectContaining({
        text: "the first thing you need is a bin with a lid",
        source: "transcript",
        start: 10,
      }),
    ]);
    expect(r.evidence.corrections.reanchored).toBe(1);
  });

  it("links each of two quotations in one sentence before the next begins, not both at its end", () => {
    const r = check(
      'Maria Lopez says "brown material like dry leaves gives the heap its carbon", and she adds: "Turn the heap every two weeks so air reaches the middle."',
    );
    expect(r.markdown).toBe(
      `Maria Lopez says "brown material like dry leaves gives the heap its carbon" ([0:20](${url(20)})), and she adds: "Turn the heap every two weeks so air reaches the middle." ([0:40](${url(40)}))`,
    );
    const credited = check(
      '"Brown material like dry leaves gives the heap its carbon," Maria Lopez says; "green material like vegetable scraps gives it nitrogen."',
    );
    expect(credited.markdown).toBe(
      `"Brown material like dry leaves gives the heap its carbon," Maria Lopez says ([0:20](${url(20)})); "green material like vegetable scraps gives it nitrogen." ([0:30](${url(30)}))`,
    );
  });

  it("reads a quotation ending in a question mark and followed by its attribution as one sentence", () => {
    const r = check(
      `"If it smells, you have too much green and not enough brown?" she asked [around 0:50](${url(50)}) in the video.`,
    );
    expect(r.markdown).toBe(
      `"If it smells, you have too much green and not enough brown?" she asked [around 0:50](${url(50)}) in the video.`,
    );
  });

  it("keeps an attribution after a question as part of the quotation's sentence", () => {
    const text = `"If it smells, you have too much green and not enough brown?" Maria Lopez said [at 0:50](${url(50)}).`;
    expect(check(text).markdown).toBe(text);
    expect(auditArticle(text, sources()).realMoments).toBe(1);
  });

  it("reads curly single quotation marks, and leaves apostrophes alone", () => {
    const r = check(
      "She said ‘our research proves that worms double every heap’s speed in winter’. It’s the bin’s lid that matters.",
    );
    expect(r.markdown).toBe("It’s the bin’s lid that matters.");
  });

  it("adds a moment link to a quotation that has none", () => {
    const r = check('She says, "Turn the heap every two weeks so air reaches the middle."');
    expect(r.markdown).toBe(
      `She says, "Turn the heap every two weeks so air reaches the middle." ([0:40](${url(40)}))`,
    );
    expect(auditArticle(r.markdown, sources()).realMoments).toBe(1);
  });

  it("accepts an omission shown with an ellipsis, in order and within one speaker", () => {
    const r = check('"Brown material like dry leaves … gives it nitrogen," she says.');
    expect(r.evidence.quotes).toHaveLength(1);
    expect(r.evidence.corrections.dropped + r.evidence.corrections.unquoted).toBe(0);
  });

  it("never lets a quotation span two speakers", () => {
    const input = sources(
      {},
      captions([">> HOST: Did the plan work in the end?", ">> GUEST: It worked better than we hoped."]),
    );
    expect(auditArticle('"Did the plan work in the end? It worked better than we hoped."', input).verbatimQuotes).toBe(
      0,
    );
    const r = check('"Did the plan work in the end? It worked better than we hoped," they said.', input);
    expect(r.markdown).not.toMatch(/"Did the plan work in the end\? It worked/);
    const single = check('"It worked better than we hoped," the guest said.', input);
    expect(single.evidence.quotes[0]).toMatchObject({ speaker: "GUEST", start: 10 });
    // Without labels, the speaker is whom the article credits, when the sources name them.
    const credited = check('"Turn the heap every two weeks," says Maria Lopez.');
    expect(credited.evidence.quotes[0].speaker).toBe("Maria Lopez");
  });

  it("corrects a quotation close to what was said to the exact words (a repeated word kept)", () => {
    const r = check('"nobody knows, you might start tomorrow," she says.');
    expect(r.markdown).toContain('"nobody knows you you might start tomorrow,"');
    expect(r.evidence.corrections.requoted).toBe(1);
    expect(auditArticle(r.markdown, sources()).verbatimQuotes).toBe(1);
  });

  it("drops a sentence with an invented quotation and keeps the rest of the paragraph", () => {
    const r = check(
      'Compost needs air. "Our research proves that worms double the speed of every heap in winter," Green Patch says. Turn it often.',
    );
    expect(r.markdown).toBe("Compost needs air. Turn it often.");
    expect(r.evidence.corrections.dropped).toBe(1);
    expect(r.problems[0]).toMatch(/not in the video's sources/);
    expect(r.failedQuoteShare).toBe(1);
  });

  it("turns a loose paraphrase inside quotation marks into unquoted prose", () => {
    const r = check('She warns that "a heap that smells has much green material and little brown material" overall.');
    expect(r.markdown).toBe(
      "She warns that a heap that smells has much green material and little brown material overall.",
    );
    expect(r.evidence.corrections.unquoted).toBe(1);
    const close = check(
      'She warns that "if it smells you have far too much green and not nearly enough brown" in the bin.',
    );
    expect(close.evidence.corrections.requoted).toBe(1);
    expect(close.markdown).toContain('"If it smells, you have too much green and not enough brown"');
  });

  it("checks pull quotes (blockquotes without quotation marks) and drops invented ones", () => {
    const good = check(
      `> After about three months the compost is dark and crumbly.\n>\n> — Green Patch, [0:05](${url(5)})`,
    );
    expect(good.markdown).toContain(`[0:60](${url(60)})`.replace("0:60", "1:00"));
    const bad = check(
      "> Compost heaps are the secret weapon of every professional chef in Paris.\n>\n> — Green Patch\n\nNext paragraph.",
    );
    expect(bad.markdown).toBe("Next paragraph.");
  });

  it("verifies quotations from the description, the title and comments", () => {
    const r = check(
      'The video, "Composting at Home for Beginners", opens simply. One viewer wrote: "My heap finally stopped smelling!" The description says "Maria Lopez shows how to start a compost heap."',
    );
    expect(r.evidence.corrections).toMatchObject({ dropped: 0, unquoted: 0, requoted: 0 });
    expect(r.evidence.quotes.map((q) => q.source).sort()).toEqual(["comment", "description"]);
  });
});

describe("invented quotations", () => {
  const invented = "Our research proves that worms double the speed of every heap in winter";

  it("do not come back elsewhere in the article as unquoted prose", () => {
    const r = check(
      [
        `"${invented}," Green Patch says. Turn it often.`,
        "",
        `- As the video puts it, worms double the speed of every heap in winter.`,
        "- Spread it in spring.",
      ].join("\n"),
    );
    expect(r.markdown).toBe("Turn it often.\n\n- Spread it in spring.");
    expect(r.rejected).toEqual([`${invented},`]);
  });

  it("that an earlier draft made up are kept out of the final article", () => {
    const r = check("Green Patch notes that worms double the speed of every heap in winter. Turn it often.", sources());
    expect(r.markdown).toContain("worms double");
    const checked = checkArticle(
      {
        title: "T",
        excerpt: "Worms double the speed of every heap in winter.",
        markdown: "Green Patch notes that worms double the speed of every heap in winter. Turn it often.",
      },
      sources(),
      { rejected: [invented] },
    );
    expect(checked.markdown).toBe("Turn it often.");
    expect(checked.excerpt).toBe("Turn it often.");
  });
});

describe("speakers", () => {
  it("takes a channel named for its maker as naming them ('Priya's Daily Shortcut' names Priya)", () => {
    const input = sources({ channel: { id: "UC1", name: "Priya's Daily Shortcut" } });
    const r = check('Priya says: "Turn the heap every two weeks so air reaches the middle."', input);
    expect(r.markdown).toContain("Priya says");
    expect(auditArticle(r.markdown, input).inventedSpeakers).toEqual([]);
  });

  it("links no section to a quotation in a sentence it drops", () => {
    const markdown = [
      "## In closing",
      "",
      'In closing, Dr. Tomas Reyes observes: "After about three months the compost is dark and crumbly."',
      "",
      "Read the full transcript for more.",
    ].join("\n");
    const r = check(markdown);
    expect(r.markdown).not.toContain("Tomas Reyes");
    expect(r.markdown).not.toContain("▶");
    expect(auditArticle(r.markdown, sources()).failures).toEqual([]);
  });

  it("drops sentences that credit a person the sources never name, keeps named ones", () => {
    const r = check(
      "Maria Lopez explains the basics. According to Professor Helena Marsh of Northfield University, heaps need lime. Dr. Tomas Reyes said compost cures soil. Turn it often.",
    );
    expect(r.markdown).toBe("Maria Lopez explains the basics. Turn it often.");
    expect(auditArticle(r.markdown, sources()).inventedSpeakers).toEqual([]);
    // "Let's take a question" after a speech verb is no one's name.
    expect(auditArticle('The host says, "Let\'s take a couple of questions."', sources()).inventedSpeakers).toEqual([]);
    expect(auditArticle("Dr. Tomas Reyes said compost cures soil.", sources()).inventedSpeakers).toEqual([
      "Tomas Reyes",
    ]);
    // A possessive and a sentence opener are not unknown people.
    expect(
      auditArticle("As Maria Lopez's video says, turn it. Next, Maria Lopez explains the bin.", sources())
        .inventedSpeakers,
    ).toEqual([]);
    // A told method's step opener before an article is no one's name either.
    for (const step of [
      "D'abord, la pâte repose une heure.",
      "Primero, la masa reposa.",
      "Primeiro, a massa descansa.",
    ]) {
      expect(check(step).markdown, step).toBe(step);
    }
  });
});

describe("moment links and sections", () => {
  it("links no closing section whose only line shares a few common words with the video", () => {
    const r = check(
      ["## Wrapping up", "", "Worth a look if you like a heap of green scraps: see the whole thing."].join("\n"),
    );
    expect(r.markdown).not.toContain("▶");
  });

  it("unlinks a moment past the end of the video and moves a misplaced one to its words", () => {
    const r = check(
      `The heap needs turning every two weeks so air reaches the middle ([9:59](${url(599)})). Spread the compost on your beds in spring before you plant ([0:00](${url(0)})).`,
    );
    expect(r.markdown).not.toContain("t=599s");
    expect(r.markdown).toContain(`t=70s`);
    const audit = auditArticle(r.markdown, sources());
    expect(audit.realMoments).toBe(audit.moments);
  });

  it("places a sentence by its own words, not its link's label or the channel's name, and rewrites a label that tells the time", () => {
    const r = check(
      `Green material like vegetable scraps gives it nitrogen, Green Patch explained [about 5 seconds into the video](${url(5)}).`,
    );
    // Moved to where the words are said (0:30), its label now the new time.
    expect(r.markdown).toMatch(
      /explained \[0:3[0-2]\]\(https:\/\/www\.youtube\.com\/watch\?v=abcDEF12345&t=3[0-2]s\)\.$/,
    );
    const kept = check(
      `Green material like vegetable scraps gives it nitrogen, Green Patch explained [early on](${url(31)}).`,
    );
    expect(kept.markdown).toContain(`[early on](${url(31)})`);
  });

  it("links every section to where its material starts, by chapter when there is one", () => {
    const input = sources({
      chapters: [
        { title: "Intro", startSeconds: 0 },
        { title: "Turning the heap", startSeconds: 40 },
      ],
    });
    const r = check(
      [
        "## Turning the heap",
        "",
        "Turn the heap every two weeks so air reaches the middle of it.",
        "",
        "## When it is ready",
        "",
        `[Watch from 0:05](${url(5)})`,
        "",
        "After about three months the compost is dark and crumbly, ready to spread on your beds in spring.",
      ].join("\n"),
      input,
    );
    expect(r.markdown).toContain(`## Turning the heap\n\n[▶ 0:40](${url(40)})`);
    expect(r.markdown).toContain(`[Watch from 1:00](${url(60)})`);
    expect(r.evidence.sections).toEqual([
      { heading: "Turning the heap", start: 40 },
      { heading: "When it is ready", start: 60 },
    ]);
    const audit = auditArticle(r.markdown, input);
    expect(audit.linkedSections).toBe(audit.sections);
    expect(audit.sections).toBe(2);
  });

  it("keeps the writer's link on a section whose opening is said just after it, however far its list runs", () => {
    // A method listed whole: most of it is said later, but the section starts with its first step.
    const r = check(
      [
        "## Making compost",
        "",
        `[Watch from 0:10](${url(10)})`,
        "",
        "1. The first thing you need is a bin with a lid.",
        "2. Turn the heap every two weeks so air reaches the middle.",
        "3. If it smells, you have too much green and not enough brown.",
        "4. After about three months the compost is dark and crumbly.",
        "5. Spread it on your beds in spring before you plant.",
      ].join("\n"),
    );
    expect(r.markdown).toContain(`[Watch from 0:10](${url(10)})`);
    expect(r.evidence.sections).toEqual([{ heading: "Making compost", start: 10 }]);
  });

  it("leaves a list whose every item links its own moment without a section link, and counts it linked", () => {
    const digest = [
      "## Key takeaways",
      "",
      `- Turn the heap every two weeks so air reaches the middle. ([0:40](${url(40)}))`,
      `- After about three months the compost is dark and crumbly. ([1:00](${url(60)}))`,
    ];
    const r = check(digest.join("\n"));
    expect(r.markdown).not.toContain("▶");
    expect(auditArticle(r.markdown, sources())).toMatchObject({ sections: 1, linkedSections: 1 });
    // One item without its moment: the section is no digest and gets its own link.
    const partly = check(
      [...digest.slice(0, 3), "- Brown material like dry leaves gives the heap its carbon."].join("\n"),
    );
    expect(partly.markdown).toMatch(/## Key takeaways\n\n\[▶ \d+:\d{2}\]/);
  });

  it("removes moment links when the transcript has no timings", () => {
    const untimed: Transcript = {
      language: "en",
      kind: "user",
      timed: false,
      segments: [{ start: 0, duration: 0, text: LINES.join(" ") }],
    };
    const r = check(
      `Turn the heap every two weeks ([0:40](${url(40)})). "Thanks for watching and happy composting."`,
      sources({}, untimed),
    );
    expect(r.markdown).toBe('Turn the heap every two weeks. "Thanks for watching and happy composting."');
    expect(r.evidence).toMatchObject({ timed: false, checkedAgainst: "transcript", transcriptKind: "user" });
    expect(r.evidence.quotes[0].start).toBeNull();
  });

  it("checks against the metadata when there is no transcript", () => {
    const r = check(
      '"Maria Lopez shows how to start a compost heap," reads the description. "Compost is magic," she said.',
      sources({}, null),
    );
    expect(r.evidence.checkedAgainst).toBe("metadata");
    expect(r.markdown).not.toContain("magic");
  });
});

describe("the check as a whole", () => {
  it("is stable: a checked article passes the check unchanged", () => {
    const first = check(
      [
        "## Getting started",
        "",
        `"The first thing you need is a bin with a lid," says Green Patch ([0:00](${url(0)})). Dr. Who said otherwise.`,
        "",
        '> "If it smells, you have too much green."',
        ">",
        `> — Green Patch, [2:00](${url(120)})`,
      ].join("\n"),
    );
    const second = check(first.markdown);
    expect(second.markdown).toBe(first.markdown);
    expect(second.evidence.corrections).toEqual({ requoted: 0, unquoted: 0, dropped: 0, reanchored: 0, unlinked: 0 });
    const audit = auditArticle(first.markdown, sources());
    expect(audit.failures).toEqual([]);
  });

  it("handles hostile markdown in time proportional to its size", () => {
    const hostile = `${'"a '.repeat(20_000)}${"[".repeat(20_000)}${"](".repeat(10_000)}${"> ".repeat(10_000)}`;
    const r = check(hostile);
    expect(typeof r.markdown).toBe("string");
  });
});

describe("withoutLinkTargets", () => {
  it("keeps each link's label and drops its target, so a URL's words never place a passage", () => {
    expect(withoutLinkTargets(`Go [watch it](${url(5)}) or [the clip](${url(9)}), then stop.`)).toBe(
      "Go watch it or the clip, then stop.",
    );
    expect(withoutLinkTargets("No links [at all] (here).")).toBe("No links [at all] (here).");
  });
});
