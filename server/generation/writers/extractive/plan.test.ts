import { describe, expect, it } from "vitest";
import type { WriteRequest } from "../../types";
import { frameLanguage, framesFor } from "./frames";
import {
  AUTO_EXPLAINER_VIDEO,
  PRODUCT_REVIEW_VIDEO,
  ROLLING_CAPTION_VIDEOS,
  SPANISH_TRAVEL_VIDEO,
} from "./held-out-videos";
import { MORE_HELD_OUT_VIDEOS, PANEL_PODCAST_VIDEO } from "./held-out-videos-2";
import type { KeyPhrase } from "./keyphrases";
import {
  buildPlan,
  channelIsPlace,
  cleanChapterTitle,
  describedGuest,
  describedPresenter,
  formatDate,
  formatDuration,
  formatViews,
  guessSpeaker,
  selfIntroduced,
  sharedLabel,
  topicFromHeading,
  turnLabels,
  turnVoices,
  withArticle,
} from "./plan";
import { salientPhrases } from "./plan-sections";
import { CHAPTERS_VIDEO, shortRequest } from "./sample-videos";

describe("selfIntroduced", () => {
  it("reads a speaker naming themself in the framed languages, and nothing else", () => {
    expect(selfIntroduced("Bonjour à tous. Je m'appelle Claire Martin et je travaille sur la mobilité.")).toBe(
      "Claire Martin",
    );
    expect(selfIntroduced("Hola, me llamo Ana Ruiz y hoy hablamos de inflación.")).toBe("Ana Ruiz");
    expect(selfIntroduced("Hallo, ich heiße Lena Vogel.")).toBe("Lena Vogel");
    expect(selfIntroduced("Hi, I'm Priya Raman, and I run the platform team.")).toBe("Priya Raman");
    expect(selfIntroduced("I'm going to show you the Mill Street crossing.")).toBeNull();
    expect(selfIntroduced("Today we talk about Claire Martin.")).toBeNull();
  });

  it("reads a first name alone when the transcript writes it with its capital, not a nationality or a mood", () => {
    expect(selfIntroduced("Which is strange. I'm Jonah, and for nine years I've helped companies.")).toBe("Jonah");
    expect(selfIntroduced("Hola, me llamo Lucía, y hoy hablamos de pan.")).toBe("Lucía");
    expect(selfIntroduced("I'm French, and I live in Lyon.")).toBeNull();
    expect(selfIntroduced("I'm Canadian. I'm Sorry! I'm Back.")).toBeNull();
    expect(selfIntroduced("i'm jonah, and this is it")).toBeNull();
  });

  it("reads a name in auto captions when the title, description or channel writes its first word", () => {
    const said = "today i'm going to show you the fix and that's it my name is dana okafor i've been at it for years";
    expect(selfIntroduced(said, "Dana shows the whole puncture repair")).toBe("Dana Okafor");
    // Nothing in the metadata vouches for "going to" or for a name it never writes.
    expect(selfIntroduced(said, "The whole puncture repair")).toBeNull();
    expect(selfIntroduced("i'm going to show you how", "Going places")).toBeNull();
    expect(selfIntroduced(said)).toBeNull();
  });
});

describe("describedGuest", () => {
  it("names the guest an interview's description says it is with, not its host", () => {
    expect(describedGuest("Host Sam Reyes talks with Ana Ruiz, founder of Crumb and Co in Leeds.")).toBe("Ana Ruiz");
    expect(describedGuest("This week Priya Raman sits down with Tom Okoro about on-call.")).toBe("Tom Okoro");
    expect(describedGuest("Priya Raman explains retries.")).toBeNull();
    expect(guessSpeaker("Episode 42", "Table Talk", "Host Sam Reyes talks with Ana Ruiz about bread.")).toMatchObject({
      name: "Ana Ruiz",
      kind: "person",
    });
  });
});

describe("guessSpeaker from a channel named for its maker", () => {
  it("names Sam for Sam's Daily Shortcut, but no relative, place or news desk", () => {
    expect(guessSpeaker("One shortcut", "Sam's Daily Shortcut")).toMatchObject({ name: "Sam", kind: "person" });
    expect(guessSpeaker("Apple pie", "Grandma's Kitchen").kind).not.toBe("person");
    expect(guessSpeaker("Brakes", "Joe's Garage", "", "welcome back to Joe's Garage").kind).not.toBe("person");
    expect(guessSpeaker("Tonight", "Kate's News Hour").kind).not.toBe("person");
  });
});

describe("channelIsPlace", () => {
  it("tells a business spoken of as a place from a person's name", () => {
    expect(channelIsPlace("Southside Cycles", "I've been fixing bikes at Southside Cycles for twelve years")).toBe(
      true,
    );
    expect(channelIsPlace("Crumb Corner", "Hi and welcome back to crumb corner!")).toBe(true);
    expect(channelIsPlace("Maya Chen", "Welcome to Maya Chen's channel, thanks to Maya Chen")).toBe(false);
    expect(channelIsPlace("Maya Chen", "Today I explain indexes")).toBe(false);
  });
});

describe("guessSpeaker", () => {
  it("finds a person in the title, a person-named channel, a host after 'with', or nobody", () => {
    expect(guessSpeaker("Designing Systems That Fail Well – Priya Raman (InfraConf 2025)", "InfraConf")).toEqual({
      name: "Priya Raman",
      short: "Raman",
      kind: "person",
    });
    expect(guessSpeaker("Indexes Explained", "Maya Chen")).toMatchObject({ short: "Chen", kind: "person" });
    expect(guessSpeaker("Bread", "Crumb & Crust with Dana")).toMatchObject({ name: "Dana", kind: "person" });
    // German nouns have capitals: the title's subject is no person, the channel's "mit Lena" is.
    expect(guessSpeaker("Omas Apfelkuchen – ganz einfach gebacken", "Backen mit Lena")).toMatchObject({
      name: "Lena",
      kind: "person",
    });
    expect(guessSpeaker("Tips", "Terminal Tips")).toMatchObject({ name: "Terminal Tips", kind: "channel" });
    // A shop's channel is not its owner: "Cycles" is nobody's surname here.
    expect(
      guessSpeaker("Fix a flat", "Southside Cycles", "", "I've been fixing bikes at Southside Cycles"),
    ).toMatchObject({
      name: "Southside Cycles",
      kind: "channel",
    });
    expect(guessSpeaker("Flood news", "Northfield Evening News")).toMatchObject({
      name: "the report",
      kind: "anonymous",
    });
    expect(guessSpeaker("A talk", "TEDx Talks")).toMatchObject({ name: "the speaker", kind: "anonymous" });
  });
});

describe("formatting facts", () => {
  it("formats dates, durations and views", () => {
    expect(formatDate("2025-03-01T12:00:00Z")).toBe("March 1, 2025");
    expect(formatDate(null)).toBeNull();
    expect(formatDuration(40)).toBe("40-second");
    expect(formatDuration(1260)).toBe("21-minute");
    expect(formatDuration(7440)).toBe("2-hour");
    expect(formatViews(48213)).toBe("more than 48,000");
    expect(formatViews(1_254_000)).toBe("more than 1.2 million");
    expect(formatViews(9800)).toBe("9,800");
    expect(formatViews(12)).toBeNull();
  });
});

describe("headings and topics", () => {
  it("cleans chapter titles and reads them into sentences", () => {
    expect(cleanChapterTitle("3. Packaging into tiers 📦")).toBe("Packaging into tiers");
    expect(cleanChapterTitle("12:28 - Testing prices")).toBe("Testing prices");
    const caseMap = new Map([["postgres", "Postgres"]]);
    expect(topicFromHeading("Why Indexes Slow Writes", caseMap)).toBe("why indexes slow writes");
    expect(topicFromHeading("Postgres internals", caseMap)).toBe("Postgres internals");
    expect(topicFromHeading("What is an index?", caseMap)).toBeNull();
  });

  it("adds an article where a singular phrase needs one", () => {
    expect(withArticle("avalanche method")).toBe("the avalanche method");
    expect(withArticle("student loans")).toBe("student loans");
    expect(withArticle("Postgres")).toBe("Postgres");
    expect(withArticle("business")).toBe("the business");
  });
});

describe("buildPlan", () => {
  const request: WriteRequest = {
    video: CHAPTERS_VIDEO,
    transcript: CHAPTERS_VIDEO.transcript,
    style: "blog",
    length: "medium",
    tone: "informative",
    includeComments: true,
    category: null,
    referenceArticles: [],
  };

  it("uses chapters as sections, drops the sponsor-free intro from the body, and picks clean comments", () => {
    const plan = buildPlan(request);
    expect(plan.source).toBe("transcript");
    expect(plan.timed).toBe(true);
    expect(plan.sections.length).toBeLessThanOrEqual(4);
    expect(plan.sections[0].heading).toMatch(/^What an index actually is/);
    expect(plan.intro.length).toBeGreaterThan(0);
    expect(plan.comments.map((c) => c.author)).toEqual(
      ["@dbnerd", "@ops_sarah", "@quiet"].slice(0, plan.comments.length),
    );
    expect(plan.comments.some((c) => /crypto|https|script/i.test(c.text + c.author))).toBe(false);
  });

  it("is deterministic", () => {
    const a = buildPlan(request);
    const b = buildPlan(request);
    expect([...a.scores]).toEqual([...b.scores]);
    expect(a.sections.map((s) => s.heading)).toEqual(b.sections.map((s) => s.heading));
  });

  it("skips comments when asked", () => {
    expect(buildPlan({ ...request, includeComments: false }).comments).toEqual([]);
  });
});

describe("speakers (issue 14)", () => {
  it("never takes a title fragment for a person", () => {
    expect(guessSpeaker("Cup Final Interview | Northfield United", "Northfield United")).not.toMatchObject({
      name: "Cup Final Interview",
    });
    expect(guessSpeaker("Post-Match – Cup Final Interview", "Club TV").kind).not.toBe("person");
  });

  it("finds the presenter the description names", () => {
    expect(
      describedPresenter("In this workshop, Priya Raman (Principal Engineer, Ledgerline) walks through it.", "X"),
    ).toBe("Priya Raman");
    expect(describedPresenter("A conversation with Dana Whitfield about rivers.", "X")).toBe("Dana Whitfield");
    expect(describedPresenter("Sponsored by Acme Corp. Cup Final Interview highlights.", "X")).toBeNull();
    expect(guessSpeaker("A Workshop", "InfraConf", "Hosted by Priya Raman.")).toMatchObject({
      name: "Priya Raman",
      kind: "person",
    });
  });

  it("names each turn from its caption label, or as interviewer and guest", () => {
    const frames = framesFor("en");
    const voices = turnVoices(
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
    expect(voices.get(0)).toMatchObject({ name: "Coach Miller", short: "Miller", kind: "person" });
    expect(voices.get(1)).toMatchObject({ name: "the player", kind: "role" });
    const interview = turnVoices(
      new Map(),
      new Map([
        [0, ["so what got you into pottery"]],
        [1, ["I started when my kid was born."]],
        [2, ["and when did you start selling"]],
        [3, ["I sold my first mugs at a market."]],
      ]),
      frames,
    );
    expect([0, 1, 2, 3].map((t) => interview.get(t)?.name)).toEqual([
      "the interviewer",
      "the guest",
      "the interviewer",
      "the guest",
    ]);
    expect(turnVoices(new Map(), new Map([[0, ["Hello."]]]), frames).size).toBe(0);
    // "Resumiendo: la inflación es…" looks like a label once: the speaker going on, not a person.
    const monologue = turnVoices(
      new Map([
        [0, null],
        [1, "Resumiendo"],
      ]),
      new Map([
        [0, ["La inflación sube."]],
        [1, ["La inflación es la subida de los precios."]],
      ]),
      framesFor("es"),
    );
    expect(monologue.size).toBe(0);
  });

  it("reads the labels the sentences' turns lost", () => {
    const labels = turnLabels([
      { start: 0, duration: 1, text: "COACH MILLER: Watch the ball." },
      { start: 1, duration: 1, text: "Player: I know." },
      { start: 2, duration: 1, text: ">> So what now?" },
    ]);
    expect([...labels.values()]).toEqual(["Coach Miller", "Player", null]);
  });

  it("frames the article in the transcript's language, or the language of its text", () => {
    expect(frameLanguage("es-419", "")).toBe("es");
    expect(frameLanguage("ja", "")).toBeNull();
    expect(
      frameLanguage(
        "und",
        "La inflación es el aumento general de los precios en una economía y por eso los bancos centrales la vigilan de cerca, con los tipos de interés que suben y bajan.",
      ),
    ).toBe("es");
  });
});

describe("two merged chapters under one label", () => {
  it("names the label once and joins the two parts", () => {
    expect(sharedLabel("Opening: for the four-day week", "Opening: against")).toEqual({
      label: "Opening",
      first: "for the four-day week",
      second: "against",
    });
    expect(sharedLabel("Marcus: the case for closing", "Donna: trucks and customers")).toBeNull();
    expect(sharedLabel("Intro", "Opening: against")).toBeNull();
  });

  it("heads a section holding both as 'Opening: for the four-day week and against'", () => {
    const video = MORE_HELD_OUT_VIDEOS.find((v) => v.id === "debate4day1");
    if (!video) throw new Error("the debate sample is missing");
    const plan = buildPlan(shortRequest(video, "blog"));
    // A short article merges the two openings into one section.
    expect(plan.sections.map((section) => section.heading)).toContain("Opening: for the four-day week and against");
  });
});

describe("the framing's topics", () => {
  it("name no one who speaks in the video, only what they talk about", () => {
    // Donna says "Marcus" to her fellow guest again and again, which made him a key phrase and
    // the lede read "covers foot traffic vs. sales, the street and Marcus".
    const plan = buildPlan({ ...shortRequest(PANEL_PODCAST_VIDEO, "nyt"), length: "medium" });
    const people = [...plan.meta.voices.values()].filter((v) => v.kind === "person").map((v) => v.name);
    expect(people).toEqual(expect.arrayContaining(["Marcus Bell", "Donna Kowalczyk"]));
    expect(plan.topics.length).toBeGreaterThan(0);
    for (const topic of plan.topics) {
      expect(topic).not.toMatch(/\b(?:Marcus|Bell|Donna|Kowalczyk|Rachel|Lindqvist)\b/);
    }
  });

  it("are things the video is about: no vague word, no piece of a phrase, no passing detail", () => {
    // "It also covers the myth and the cold.": a heat-pump explainer names the heat pump alone.
    const heat = buildPlan({ ...shortRequest(AUTO_EXPLAINER_VIDEO, "blog"), length: "medium" });
    expect(heat.topics).toEqual(["the heat pump"]);
    // "qué hacer" (what to do) opens on a function word: not a topic of a travel guide.
    const travel = buildPlan({ ...shortRequest(SPANISH_TRAVEL_VIDEO, "blog"), length: "medium" });
    expect(travel.topics).toContain("Valparaíso");
    expect(travel.topics.some((t) => /qu[ée] hacer/i.test(t))).toBe(false);
    // Two-word phrases the video repeats stay topics however they score against the strongest.
    const review = buildPlan({ ...shortRequest(PRODUCT_REVIEW_VIDEO, "blog"), length: "medium" });
    expect(review.topics).toContain("the battery life");
    // "…covers Nimbus X2, the battery life and wear glasses": a phrase of two words the video
    // mostly says as a verb ("if you wear glasses") is no topic either.
    const rolling = buildPlan({ ...shortRequest(ROLLING_CAPTION_VIDEOS[0], "blog"), length: "medium" });
    expect(rolling.topics).toContain("the battery life");
    expect(rolling.topics.some((t) => /\bwear\b/.test(t))).toBe(false);
  });

  it("keep a name that opens on a function word ('Los Angeles', 'Van Morrison'), not a lowercase piece ('la casa')", () => {
    const phrase = (text: string) => ({ text, key: text.toLowerCase(), count: 3, score: 5 }) as KeyPhrase;
    const kept = salientPhrases(["Los Angeles", "Van Morrison", "qué hacer", "la casa", "Great Britain"].map(phrase));
    expect(kept.map((p) => p.text)).toEqual(["Los Angeles", "Van Morrison", "Great Britain"]);
  });
});
