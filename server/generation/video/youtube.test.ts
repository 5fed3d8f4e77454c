import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { VideoSourceError, VideoUnavailableError } from "../types";
import {
  type CaptionTrackLike,
  type CommentsLike,
  chaptersFromPlayerBar,
  classifyPlayability,
  createYouTubeVideoSource,
  type InnertubeLike,
  mapComments,
  mapTranscriptInfo,
  mapVideoInfo,
  parseCount,
  parseDisplayDate,
  parseJson3Captions,
  pickCaptionTrack,
  type TranscriptInfoLike,
  type VideoInfoLike,
} from "./youtube";
import { parseIsoDuration } from "./youtube-data-api";

const ID = "Ab3dE_g-iJk";

// youtubei.js's Text keeps the plain string in `.text`.
const text = (value: string) => ({ text: value });

function track(
  language: string,
  name: string,
  kind?: "asr",
  baseUrl = "https://www.youtube.com/api/timedtext?v=x",
): CaptionTrackLike {
  return { base_url: baseUrl, name: text(name), language_code: language, kind };
}

function transcriptInfo(selectedLanguage: string, lines: Array<[number, number, string]>): TranscriptInfoLike {
  return {
    selectedLanguage,
    transcript: {
      content: {
        body: {
          initial_segments: [
            { type: "TranscriptSectionHeader", start_ms: "0", end_ms: "0", snippet: text("Intro") },
            ...lines.map(([start, end, line]) => ({
              type: "TranscriptSegment",
              start_ms: String(start),
              end_ms: String(end),
              snippet: text(line),
            })),
          ],
        },
      },
    },
  };
}

/** A VideoInfo as youtubei.js gives it for an ordinary public video, with overrides. */
function videoInfo(overrides: Partial<VideoInfoLike> = {}): VideoInfoLike {
  return {
    basic_info: {
      id: ID,
      title: "How Bridges Stand Up",
      channel_id: "UCbridge",
      author: "Practical Engineering Lab",
      channel: { id: "UCbridge", name: "Practical Engineering Lab" },
      short_description: "Why bridges don't fall down.\n\n0:00 Intro\n1:30 Tension\n4:00 Compression\n\n#engineering",
      duration: 612,
      view_count: 48213,
      thumbnail: [
        { url: "https://i.ytimg.com/vi/x/hqdefault.jpg", width: 480, height: 360 },
        { url: "https://i.ytimg.com/vi/x/maxresdefault.jpg", width: 1920, height: 1080 },
        { url: "https://i.ytimg.com/vi/x/hqdefault.jpg", width: 480, height: 360 },
      ],
    },
    playability_status: { status: "OK", reason: "" },
    primary_info: { title: text("How Bridges Stand Up"), published: text("Mar 1, 2025"), view_count: null },
    secondary_info: null,
    captions: { caption_tracks: [track("en", "English"), track("en", "English (auto-generated)", "asr")] },
    player_overlays: null,
    page: [{ microformat: { publish_date: "2025-03-01T04:00:11-08:00", upload_date: "2025-03-01T04:00:11-08:00" } }],
    getTranscript: async () =>
      transcriptInfo("English", [
        [0, 3400, "Welcome back to the lab."],
        [3400, 7000, "Today: why bridges stand up."],
      ]),
    ...overrides,
  };
}

type PlayerBar = NonNullable<NonNullable<VideoInfoLike["player_overlays"]>["decorated_player_bar"]>["player_bar"];
type ChapterMarkers = NonNullable<NonNullable<PlayerBar>["markers_map"]>;

/** The player bar of a VideoInfo, holding the given chapter markers. */
function playerBar(markers: ChapterMarkers): Pick<VideoInfoLike, "player_overlays"> {
  return { player_overlays: { decorated_player_bar: { player_bar: { markers_map: markers } } } };
}

function commentsPage(items: Array<{ author: string; text: string; likes: string }>, header = true): CommentsLike {
  return {
    header: header ? { type: "CommentsHeader" } : undefined,
    contents: items.map((item) => ({
      comment: {
        author: { name: item.author },
        content: text(item.text),
        like_count: item.likes,
        published_time: "2 days ago",
      },
    })),
  };
}

function fakeInnertube(overrides: Partial<InnertubeLike> = {}): InnertubeLike {
  return {
    getInfo: async () => videoInfo(),
    getComments: async () => commentsPage([{ author: "@ada", text: "Great explanation!", likes: "1.2K" }]),
    ...overrides,
  };
}

describe("classifyPlayability", () => {
  it.each([
    [{ status: "OK", reason: "" }, false, { kind: "ok" }],
    [undefined, false, { kind: "ok" }],
    [{ status: "LOGIN_REQUIRED", reason: "This video is private" }, false, { kind: "unavailable", reason: "private" }],
    [
      { status: "LOGIN_REQUIRED", reason: "Private video", error_screen: { reason: text("Private video") } },
      true,
      { kind: "unavailable", reason: "private" },
    ],
    [
      { status: "LOGIN_REQUIRED", reason: "Sign in to confirm your age" },
      true,
      { kind: "unavailable", reason: "age_restricted" },
    ],
    [{ status: "AGE_VERIFICATION_REQUIRED", reason: "" }, false, { kind: "unavailable", reason: "age_restricted" }],
    [
      {
        status: "UNPLAYABLE",
        reason: "",
        error_screen: { reason: text("This video may be inappropriate for some users.") },
      },
      false,
      { kind: "unavailable", reason: "age_restricted" },
    ],
    [
      { status: "ERROR", reason: "This video has been removed by the uploader" },
      false,
      { kind: "unavailable", reason: "removed" },
    ],
    [
      {
        status: "ERROR",
        reason:
          "This video is no longer available because the YouTube account associated with this video has been terminated.",
      },
      false,
      { kind: "unavailable", reason: "removed" },
    ],
    [
      { status: "ERROR", reason: "This video isn't available anymore" },
      false,
      { kind: "unavailable", reason: "removed" },
    ],
    [
      {
        status: "ERROR",
        reason: "Video unavailable",
        error_screen: { subreason: text("This video has been removed for violating YouTube's Terms of Service") },
      },
      false,
      { kind: "unavailable", reason: "removed" },
    ],
    [{ status: "ERROR", reason: "Video unavailable" }, false, { kind: "unavailable", reason: "not_found" }],
    [{ status: "ERROR", reason: "This video is unavailable" }, true, { kind: "unavailable", reason: "not_found" }],
    // The watch page still came through: write from it.
    [{ status: "LOGIN_REQUIRED", reason: "Sign in to confirm you’re not a bot" }, true, { kind: "ok" }],
    [{ status: "LIVE_STREAM_OFFLINE", reason: "Premieres in 2 hours" }, true, { kind: "ok" }],
    [
      { status: "UNPLAYABLE", reason: "The uploader has not made this video available in your country" },
      true,
      { kind: "ok" },
    ],
  ] as const)("%j (metadata: %s) -> %j", (status, hasMetadata, verdict) => {
    expect(classifyPlayability(status, hasMetadata)).toEqual(verdict);
  });

  it("reports a bot check with nothing else as a temporary failure", () => {
    const verdict = classifyPlayability(
      { status: "LOGIN_REQUIRED", reason: "Sign in to confirm you’re not a bot" },
      false,
    );
    expect(verdict.kind).toBe("blocked");
  });

  it("passes YouTube's words on for other refusals", () => {
    expect(classifyPlayability({ status: "UNPLAYABLE", reason: "Join this channel to get access" }, false)).toEqual({
      kind: "unavailable",
      reason: "not_found",
      message: "YouTube will not show this video: Join this channel to get access",
    });
  });
});

describe("mapVideoInfo", () => {
  it("maps the player response", () => {
    expect(mapVideoInfo(ID, videoInfo())).toEqual({
      id: ID,
      url: `https://www.youtube.com/watch?v=${ID}`,
      title: "How Bridges Stand Up",
      channel: { id: "UCbridge", name: "Practical Engineering Lab" },
      description: "Why bridges don't fall down.\n\n0:00 Intro\n1:30 Tension\n4:00 Compression\n\n#engineering",
      publishedAt: "2025-03-01T12:00:11.000Z",
      durationSeconds: 612,
      viewCount: 48213,
      thumbnails: [
        { url: "https://i.ytimg.com/vi/x/maxresdefault.jpg", width: 1920, height: 1080 },
        { url: "https://i.ytimg.com/vi/x/hqdefault.jpg", width: 480, height: 360 },
      ],
      chapters: [
        { title: "Intro", startSeconds: 0 },
        { title: "Tension", startSeconds: 90 },
        { title: "Compression", startSeconds: 240 },
      ],
    });
  });

  it("prefers the chapters on the player bar to the description's", () => {
    const info = videoInfo(
      playerBar([
        { marker_key: "HEATSEEKER", value: {} },
        {
          marker_key: "DESCRIPTION_CHAPTERS",
          value: {
            chapters: [
              { title: text("Why it matters"), time_range_start_millis: 65_000 },
              { title: text("Start"), time_range_start_millis: 0 },
            ],
          },
        },
      ]),
    );
    expect(mapVideoInfo(ID, info).chapters).toEqual([
      { title: "Start", startSeconds: 0 },
      { title: "Why it matters", startSeconds: 65 },
    ]);
  });

  it("uses automatic chapters when the uploader wrote none", () => {
    const chapters = chaptersFromPlayerBar(
      playerBar([
        { marker_key: "AUTO_CHAPTERS", value: { chapters: [{ title: text("Setup"), time_range_start_millis: 0 }] } },
      ]),
    );
    expect(chapters).toEqual([{ title: "Setup", startSeconds: 0 }]);
  });

  it("falls back to the watch page when the player response is thin", () => {
    const info = videoInfo({
      basic_info: { duration: 0, thumbnail: [], author: "N/A", view_count: Number.NaN },
      playability_status: { status: "LOGIN_REQUIRED", reason: "Sign in to confirm you’re not a bot" },
      primary_info: {
        title: text("Watch page title"),
        published: text("Premiered Jan 5, 2024"),
        view_count: { original_view_count: 1234 },
      },
      secondary_info: {
        description: text("From the watch page."),
        owner: { author: { id: "UCowner", name: "Owner Name" } },
      },
      page: [{}],
    });
    expect(mapVideoInfo(ID, info)).toEqual({
      id: ID,
      url: `https://www.youtube.com/watch?v=${ID}`,
      title: "Watch page title",
      channel: { id: "UCowner", name: "Owner Name" },
      description: "From the watch page.",
      publishedAt: "2024-01-05T00:00:00.000Z",
      durationSeconds: null,
      viewCount: 1234,
      thumbnails: [
        { url: `https://i.ytimg.com/vi/${ID}/maxresdefault.jpg`, width: 1280, height: 720 },
        { url: `https://i.ytimg.com/vi/${ID}/hqdefault.jpg`, width: 480, height: 360 },
      ],
      chapters: [],
    });
  });
});

describe("parseDisplayDate", () => {
  it.each([
    ["Mar 15, 2024", "2024-03-15T00:00:00.000Z"],
    ["Premiered Jan 5, 2024", "2024-01-05T00:00:00.000Z"],
    ["Streamed live on 15 Mar 2024", "2024-03-15T00:00:00.000Z"],
    ["September 9, 2023", "2023-09-09T00:00:00.000Z"],
    ["Feb 30, 2024", null],
    ["3 years ago", null],
    ["", null],
  ])("%j -> %s", (input, output) => {
    expect(parseDisplayDate(input)).toBe(output);
  });
});

describe("mapTranscriptInfo", () => {
  it("maps the panel's lines, leaving out section headers, with the manual track's language", () => {
    const tracks = [track("de", "German"), track("de", "German (auto-generated)", "asr")];
    const info = transcriptInfo("German", [
      [0, 2500, "Hallo  und\nwillkommen."],
      [2500, 2500, "Heute: Brücken."],
      [5000, 6000, "   "],
    ]);
    expect(mapTranscriptInfo(info, tracks)).toEqual({
      language: "de",
      kind: "manual",
      timed: true,
      segments: [
        { start: 0, duration: 2.5, text: "Hallo und willkommen." },
        { start: 2.5, duration: 0, text: "Heute: Brücken." },
      ],
    });
  });

  it("recognises automatic captions", () => {
    const tracks = [track("en", "English (auto-generated)", "asr")];
    const info = transcriptInfo("English (auto-generated)", [[0, 1000, "so today we"]]);
    expect(mapTranscriptInfo(info, tracks)).toMatchObject({ language: "en", kind: "auto" });
  });

  it("guesses from the label when no track matches it", () => {
    expect(mapTranscriptInfo(transcriptInfo("Español (generado automáticamente)", [[0, 1, "hola"]]), [])).toMatchObject(
      {
        language: "und",
        kind: "manual",
      },
    );
    expect(
      mapTranscriptInfo(transcriptInfo("English (auto-generated)", [[0, 1, "hi"]]), [track("en-US", "x", "asr")]),
    ).toMatchObject({ language: "en-US", kind: "auto" });
  });

  it("gives null for an empty panel", () => {
    expect(mapTranscriptInfo({ selectedLanguage: "English", transcript: null }, [])).toBeNull();
    expect(mapTranscriptInfo(transcriptInfo("English", []), [])).toBeNull();
  });
});

describe("pickCaptionTrack", () => {
  it("prefers manual captions in the spoken language, then automatic ones, then any manual track", () => {
    const manualDe = track("de", "German");
    const manualEn = track("en-GB", "English (United Kingdom)");
    const asrEn = track("en", "English (auto-generated)", "asr");
    expect(pickCaptionTrack([manualDe, asrEn, manualEn])).toBe(manualEn);
    expect(pickCaptionTrack([manualDe, asrEn])).toBe(asrEn);
    expect(pickCaptionTrack([manualDe])).toBe(manualDe);
    expect(pickCaptionTrack([])).toBeNull();
  });
});

describe("parseJson3Captions", () => {
  it("reads events with text and skips line breaks and empty windows", () => {
    const json = {
      wireMagic: "pb3",
      events: [
        { tStartMs: 0, dDurationMs: 120000, id: 1, wpWinPosId: 1, wsWinStyleId: 1 },
        { tStartMs: 80, dDurationMs: 3120, wWinId: 1, segs: [{ utf8: "so" }, { utf8: " today", tOffsetMs: 400 }] },
        { tStartMs: 2190, dDurationMs: 1010, wWinId: 1, aAppend: 1, segs: [{ utf8: "\n" }] },
        { tStartMs: 2200, dDurationMs: 3000, wWinId: 1, segs: [{ utf8: "we talk &" }, { utf8: " bread" }] },
      ],
    };
    expect(parseJson3Captions(json)).toEqual([
      { start: 0.08, duration: 3.12, text: "so today" },
      { start: 2.2, duration: 3, text: "we talk & bread" },
    ]);
  });

  it("rebuilds automatic captions from their timed words: a line also ends where the speaker pauses", () => {
    // Two lines shown back to back; the speaker stops after "fantastic", inside the first.
    const json = {
      events: [
        { tStartMs: 0, dDurationMs: 900000, id: 1 },
        {
          tStartMs: 1000,
          dDurationMs: 2600,
          wWinId: 1,
          segs: [
            { utf8: "they" },
            { utf8: " sounded", tOffsetMs: 300 },
            { utf8: " fantastic", tOffsetMs: 600 },
            { utf8: " vocals", tOffsetMs: 2000 },
          ],
        },
        { tStartMs: 3300, dDurationMs: 300, wWinId: 1, aAppend: 1, segs: [{ utf8: "\n" }] },
        {
          tStartMs: 3600,
          dDurationMs: 2000,
          wWinId: 1,
          segs: [{ utf8: "are" }, { utf8: " clear", tOffsetMs: 300 }, { utf8: " and", tOffsetMs: 700 }],
        },
      ],
    };
    const lines = parseJson3Captions(json);
    expect(lines.map((line) => line.text)).toEqual(["they sounded fantastic", "vocals", "are clear and"]);
    // The first line lasts until "fantastic" has been said (0.06 s a letter, at least the usual
    // 0.3 s a word), so the next starts 0.86 s after it ends; "vocals" runs on into "are".
    const gap = (k: number) => lines[k + 1].start - (lines[k].start + lines[k].duration);
    expect(lines[0].start).toBe(1);
    expect(gap(0)).toBeCloseTo(0.86, 5);
    expect(gap(1)).toBeLessThan(0.25);
  });

  it("keeps the file's lines when most words carry no offset (manual captions)", () => {
    const json = {
      events: [
        { tStartMs: 0, dDurationMs: 2000, segs: [{ utf8: "One line," }, { utf8: " two parts" }] },
        { tStartMs: 2000, dDurationMs: 2000, segs: [{ utf8: "and" }, { utf8: " more", tOffsetMs: 500 }] },
        { tStartMs: 4000, dDurationMs: 2000, segs: [{ utf8: "the" }, { utf8: " end." }] },
      ],
    };
    expect(parseJson3Captions(json).map((line) => line.text)).toEqual(["One line, two parts", "and more", "the end."]);
  });

  it("gives [] for anything else", () => {
    expect(parseJson3Captions(null)).toEqual([]);
    expect(parseJson3Captions({ events: "no" })).toEqual([]);
    expect(parseJson3Captions({})).toEqual([]);
  });
});

describe("mapComments", () => {
  it("maps top comments with their like counts", () => {
    const page = commentsPage([
      { author: "@ada", text: "Great explanation!", likes: "1.2K" },
      { author: "@bob", text: "   ", likes: "3" },
      { author: "N/A", text: "Anonymous but useful", likes: "" },
    ]);
    expect(mapComments(page)).toEqual([
      { author: "@ada", text: "Great explanation!", likes: 1200, publishedAt: null },
      { author: "", text: "Anonymous but useful", likes: 0, publishedAt: null },
    ]);
  });

  it("stops at the limit", () => {
    const page = commentsPage(Array.from({ length: 30 }, (_, i) => ({ author: `@u${i}`, text: `c${i}`, likes: "1" })));
    expect(mapComments(page, 5)).toHaveLength(5);
  });

  it("tells comments turned off (no section) from a section with no comments yet", () => {
    expect(mapComments(commentsPage([], false))).toBeNull();
    expect(mapComments(commentsPage([], true))).toEqual([]);
  });
});

describe("parseCount", () => {
  it.each([
    ["0", 0],
    ["7", 7],
    ["1,234", 1234],
    ["1.2K", 1200],
    ["15K", 15000],
    ["3.4M", 3400000],
    ["1B", 1000000000],
    ["", 0],
    [undefined, 0],
    ["Like", 0],
  ])("%j -> %d", (value, count) => {
    expect(parseCount(value)).toBe(count);
  });
});

describe("parseIsoDuration", () => {
  it.each([
    ["PT1H2M3S", 3723],
    ["PT4M13S", 253],
    ["PT45S", 45],
    ["PT2H", 7200],
    ["P1DT2H", 93600],
    ["P1W", 604800],
    ["PT0S", 0],
    ["P0D", 0],
    ["PT1.5S", 1.5],
  ])("%s -> %d", (value, seconds) => {
    expect(parseIsoDuration(value)).toBe(seconds);
  });

  it.each(["", "P", "PT", "1H2M", "PT1X", "garbage"])("rejects %j", (value) => {
    expect(parseIsoDuration(value)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// The source end to end, with a fake youtubei.js client and a fake HTTP server on loopback.
// ---------------------------------------------------------------------------------------------

type Handler = (req: IncomingMessage, url: URL, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler = (_req, _url, res) => {
  res.writeHead(500).end();
};
const requests: URL[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", baseUrl);
    requests.push(url);
    handler(req, url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  requests.length = 0;
  handler = (_req, _url, res) => {
    res.writeHead(500).end();
  };
});

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const unreachable = async () => {
  throw new TypeError("fetch failed");
};

describe("createYouTubeVideoSource with youtubei.js", () => {
  it("reads metadata, transcript and comments", async () => {
    const source = createYouTubeVideoSource({ innertube: async () => fakeInnertube(), fetch: unreachable });
    const video = await source.fetchVideo(ID);
    expect(source.name).toBe("youtube");
    expect(video).toMatchObject({
      id: ID,
      title: "How Bridges Stand Up",
      transcript: {
        language: "en",
        kind: "manual",
        timed: true,
        segments: [
          { start: 0, duration: 3.4, text: "Welcome back to the lab." },
          { start: 3.4, duration: 3.6, text: "Today: why bridges stand up." },
        ],
      },
      comments: [{ author: "@ada", text: "Great explanation!", likes: 1200, publishedAt: null }],
    });
    expect(video.chapters).toHaveLength(3);
  });

  it("falls back to the caption file when the transcript panel fails", async () => {
    handler = (_req, url, res) => {
      expect(url.pathname).toBe("/api/timedtext");
      expect(url.searchParams.get("fmt")).toBe("json3");
      json(res, 200, { events: [{ tStartMs: 1000, dDurationMs: 2000, segs: [{ utf8: "from the file" }] }] });
    };
    const info = videoInfo({
      getTranscript: async () => {
        throw new Error("Transcript panel not found. Video likely has no transcript.");
      },
      captions: {
        caption_tracks: [track("en", "English (auto-generated)", "asr", `${baseUrl}/api/timedtext?v=${ID}&lang=en`)],
      },
    });
    const source = createYouTubeVideoSource({ innertube: async () => fakeInnertube({ getInfo: async () => info }) });
    const video = await source.fetchVideo(ID);
    expect(video.transcript).toEqual({
      language: "en",
      kind: "auto",
      timed: true,
      segments: [{ start: 1, duration: 2, text: "from the file" }],
    });
  });

  it("reads automatic captions from the caption file first, for its word timings, and the panel when it is refused", async () => {
    let fileAsked = 0;
    let panelAsked = 0;
    let refuse = false;
    handler = (_req, url, res) => {
      fileAsked++;
      expect(url.searchParams.get("fmt")).toBe("json3");
      if (refuse) return void res.writeHead(200).end("");
      json(res, 200, {
        events: [
          {
            tStartMs: 0,
            segs: [{ utf8: "from" }, { utf8: " the", tOffsetMs: 300 }, { utf8: " file", tOffsetMs: 600 }],
          },
        ],
      });
    };
    const info = videoInfo({
      getTranscript: async () => {
        panelAsked++;
        return transcriptInfo("English (auto-generated)", [[0, 900, "from the panel"]]);
      },
      captions: {
        caption_tracks: [track("en", "English (auto-generated)", "asr", `${baseUrl}/api/timedtext?v=${ID}&lang=en`)],
      },
    });
    const source = createYouTubeVideoSource({ innertube: async () => fakeInnertube({ getInfo: async () => info }) });
    expect((await source.fetchVideo(ID)).transcript).toMatchObject({
      kind: "auto",
      segments: [{ text: "from the file" }],
    });
    expect([fileAsked, panelAsked]).toEqual([1, 0]);
    refuse = true;
    expect((await source.fetchVideo(ID)).transcript).toMatchObject({
      kind: "auto",
      segments: [{ text: "from the panel" }],
    });
    // The refused file is not asked a second time after the panel.
    expect([fileAsked, panelAsked]).toEqual([2, 1]);
  });

  it("gives a null transcript, never an error, when captions cannot be had", async () => {
    handler = (_req, _url, res) => {
      res.writeHead(200).end(""); // how YouTube refuses caption files to untrusted clients
    };
    const failing = async () => {
      throw new Error("Precondition check failed");
    };
    for (const info of [
      videoInfo({ getTranscript: failing, captions: null }),
      videoInfo({
        getTranscript: failing,
        captions: { caption_tracks: [track("en", "English", undefined, `${baseUrl}/tt`)] },
      }),
      videoInfo({ getTranscript: async () => transcriptInfo("English", []), captions: { caption_tracks: [] } }),
    ]) {
      const source = createYouTubeVideoSource({ innertube: async () => fakeInnertube({ getInfo: async () => info }) });
      expect((await source.fetchVideo(ID)).transcript).toBeNull();
    }
  });

  it("gives null comments when they fail or are turned off", async () => {
    const failing = createYouTubeVideoSource({
      fetch: unreachable,
      innertube: async () =>
        fakeInnertube({
          getComments: async () => {
            throw new Error("The comments page did not have any content");
          },
        }),
    });
    expect((await failing.fetchVideo(ID)).comments).toBeNull();
    const off = createYouTubeVideoSource({
      fetch: unreachable,
      innertube: async () => fakeInnertube({ getComments: async () => commentsPage([], false) }),
    });
    expect((await off.fetchVideo(ID)).comments).toBeNull();
  });

  it.each([
    [{ status: "ERROR", reason: "This video has been removed by the uploader" }, "removed"],
    [{ status: "ERROR", reason: "Video unavailable" }, "not_found"],
  ] as const)("turns youtubei.js's unavailable error %j into %s", async (status, reason) => {
    // youtubei.js throws InnertubeError('This video is unavailable', playability_status).
    const error = Object.assign(new Error("This video is unavailable"), { info: status });
    const source = createYouTubeVideoSource({
      innertube: async () =>
        fakeInnertube({
          getInfo: async () => {
            throw error;
          },
        }),
    });
    await expect(source.fetchVideo(ID)).rejects.toMatchObject({ name: "VideoUnavailableError", reason });
  });

  it.each([
    [{ status: "LOGIN_REQUIRED", reason: "This video is private" }, "private"],
    [{ status: "LOGIN_REQUIRED", reason: "Sign in to confirm your age" }, "age_restricted"],
  ] as const)("refuses a video whose status is %j", async (status, reason) => {
    const info = videoInfo({ playability_status: status, basic_info: {}, primary_info: null });
    const source = createYouTubeVideoSource({ innertube: async () => fakeInnertube({ getInfo: async () => info }) });
    const error = await source.fetchVideo(ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoUnavailableError);
    expect(error).toMatchObject({ reason });
  });

  it("refuses a malformed id without asking YouTube", async () => {
    let asked = false;
    const source = createYouTubeVideoSource({
      innertube: async () => {
        asked = true;
        return fakeInnertube();
      },
    });
    await expect(source.fetchVideo("../../etc/passwd")).rejects.toMatchObject({ reason: "not_found" });
    expect(asked).toBe(false);
  });

  it("reports network trouble as a VideoSourceError, and starts a new session after a failed one", async () => {
    let attempts = 0;
    const source = createYouTubeVideoSource({
      innertube: async () => {
        attempts++;
        if (attempts === 1) throw new TypeError("fetch failed");
        return fakeInnertube({
          getInfo: async () => {
            throw new TypeError("fetch failed");
          },
        });
      },
    });
    await expect(source.fetchVideo(ID)).rejects.toBeInstanceOf(VideoSourceError);
    await expect(source.fetchVideo(ID)).rejects.toBeInstanceOf(VideoSourceError);
    expect(attempts).toBe(2);
  });

  it("reports a bot check with no metadata as a VideoSourceError", async () => {
    const info = videoInfo({
      playability_status: { status: "LOGIN_REQUIRED", reason: "Sign in to confirm you’re not a bot" },
      basic_info: {},
      primary_info: null,
    });
    const source = createYouTubeVideoSource({ innertube: async () => fakeInnertube({ getInfo: async () => info }) });
    await expect(source.fetchVideo(ID)).rejects.toBeInstanceOf(VideoSourceError);
  });

  it("times out a stalled request", async () => {
    handler = () => {
      // never answers
    };
    const info = videoInfo({
      getTranscript: async () => {
        throw new Error("no panel");
      },
      captions: { caption_tracks: [track("en", "English", undefined, `${baseUrl}/stall`)] },
    });
    const source = createYouTubeVideoSource({
      requestTimeoutMs: 100,
      innertube: async () => fakeInnertube({ getInfo: async () => info }),
    });
    const started = Date.now();
    expect((await source.fetchVideo(ID)).transcript).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe("createYouTubeVideoSource with the real youtubei.js", () => {
  it("starts a session through the given fetch and reports an unreachable YouTube as a VideoSourceError", async () => {
    const asked: string[] = [];
    const offline: typeof fetch = async (input) => {
      asked.push(input instanceof Request ? input.url : String(input));
      throw new TypeError("fetch failed");
    };
    const source = createYouTubeVideoSource({ fetch: offline, requestTimeoutMs: 2000 });
    const error = await source.fetchVideo(ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoSourceError);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((url) => new URL(url).hostname.endsWith("youtube.com"))).toBe(true);
  }, 20_000);
});

describe("createYouTubeVideoSource with the Data API", () => {
  const videosResponse = {
    kind: "youtube#videoListResponse",
    items: [
      {
        kind: "youtube#video",
        id: ID,
        snippet: {
          publishedAt: "2025-02-11T15:00:07Z",
          channelId: "UCdata",
          title: "Data API title",
          description: "Described.\n\n0:00 Start\n2:00 Middle\n5:00 End",
          thumbnails: {
            default: { url: "https://i.ytimg.com/vi/x/default.jpg", width: 120, height: 90 },
            maxres: { url: "https://i.ytimg.com/vi/x/maxresdefault.jpg", width: 1280, height: 720 },
            high: { url: "https://i.ytimg.com/vi/x/hqdefault.jpg", width: 480, height: 360 },
          },
          channelTitle: "Data Channel",
          liveBroadcastContent: "none",
        },
        contentDetails: { duration: "PT10M5S", dimension: "2d", caption: "true" },
        statistics: { viewCount: "98765", likeCount: "4321", commentCount: "210" },
      },
    ],
  };

  const threadsResponse = {
    items: [
      {
        snippet: {
          topLevelComment: {
            snippet: {
              authorDisplayName: "@grace",
              textDisplay:
                'Loved the part at <a href="https://www.youtube.com/watch?v=x&amp;t=120">2:00</a> &amp; after<br>really',
              textOriginal: "Loved the part at 2:00 & after\nreally",
              likeCount: 88,
              publishedAt: "2025-02-12T09:30:00Z",
            },
          },
        },
      },
      {
        snippet: {
          topLevelComment: {
            snippet: {
              authorDisplayName: "@linus",
              textDisplay: "Q&amp;A was &quot;gold&quot;<br>thanks",
              likeCount: 5,
              publishedAt: "2025-02-13T10:00:00Z",
            },
          },
        },
      },
    ],
  };

  function dataApiHandler(overrides: {
    videos?: (res: ServerResponse) => void;
    comments?: (res: ServerResponse) => void;
  }) {
    handler = (_req, url, res) => {
      if (url.pathname === "/youtube/v3/videos") {
        if (overrides.videos) overrides.videos(res);
        else json(res, 200, videosResponse);
      } else if (url.pathname === "/youtube/v3/commentThreads") {
        if (overrides.comments) overrides.comments(res);
        else json(res, 200, threadsResponse);
      } else {
        res.writeHead(404).end();
      }
    };
  }

  const source = (innertube: InnertubeLike = fakeInnertube()) =>
    createYouTubeVideoSource({
      apiKey: "test-key",
      dataApiBaseUrl: `${baseUrl}/youtube/v3`,
      innertube: async () => innertube,
    });

  it("reads metadata and comments from the API and the transcript through youtubei.js", async () => {
    dataApiHandler({});
    const video = await source().fetchVideo(ID);
    expect(video).toEqual({
      id: ID,
      url: `https://www.youtube.com/watch?v=${ID}`,
      title: "Data API title",
      channel: { id: "UCdata", name: "Data Channel" },
      description: "Described.\n\n0:00 Start\n2:00 Middle\n5:00 End",
      publishedAt: "2025-02-11T15:00:07.000Z",
      durationSeconds: 605,
      viewCount: 98765,
      thumbnails: [
        { url: "https://i.ytimg.com/vi/x/maxresdefault.jpg", width: 1280, height: 720 },
        { url: "https://i.ytimg.com/vi/x/hqdefault.jpg", width: 480, height: 360 },
        { url: "https://i.ytimg.com/vi/x/default.jpg", width: 120, height: 90 },
      ],
      chapters: [
        { title: "Start", startSeconds: 0 },
        { title: "Middle", startSeconds: 120 },
        { title: "End", startSeconds: 300 },
      ],
      transcript: expect.objectContaining({ language: "en", kind: "manual" }),
      comments: [
        {
          author: "@grace",
          text: "Loved the part at 2:00 & after\nreally",
          likes: 88,
          publishedAt: "2025-02-12T09:30:00.000Z",
        },
        { author: "@linus", text: 'Q&A was "gold"\nthanks', likes: 5, publishedAt: "2025-02-13T10:00:00.000Z" },
      ],
    });

    const videos = requests.find((r) => r.pathname.endsWith("/videos"));
    expect(Object.fromEntries(videos!.searchParams)).toEqual({
      part: "snippet,contentDetails,statistics",
      id: ID,
      key: "test-key",
    });
    const threads = requests.find((r) => r.pathname.endsWith("/commentThreads"));
    expect(Object.fromEntries(threads!.searchParams)).toEqual({
      part: "snippet",
      order: "relevance",
      maxResults: "50",
      videoId: ID,
      key: "test-key",
    });
  });

  it("still works when youtubei.js cannot be reached: no transcript", async () => {
    dataApiHandler({});
    const video = await source(
      fakeInnertube({
        getInfo: async () => {
          throw new TypeError("fetch failed");
        },
      }),
    ).fetchVideo(ID);
    expect(video.title).toBe("Data API title");
    expect(video.transcript).toBeNull();
    expect(video.comments).toHaveLength(2);
  });

  it("gives null comments when they are turned off", async () => {
    dataApiHandler({
      comments: (res) =>
        json(res, 403, {
          error: {
            code: 403,
            message: "The video identified by the videoId parameter has disabled comments.",
            errors: [{ message: "disabled comments", domain: "youtube.commentThread", reason: "commentsDisabled" }],
          },
        }),
    });
    expect((await source().fetchVideo(ID)).comments).toBeNull();
  });

  it("falls back to youtubei.js comments when the comments call fails otherwise", async () => {
    dataApiHandler({ comments: (res) => json(res, 500, { error: { code: 500, message: "Backend Error" } }) });
    expect((await source().fetchVideo(ID)).comments).toEqual([
      { author: "@ada", text: "Great explanation!", likes: 1200, publishedAt: null },
    ]);
  });

  it("says not_found for an id the API does not know", async () => {
    dataApiHandler({ videos: (res) => json(res, 200, { kind: "youtube#videoListResponse", items: [] }) });
    const missing = fakeInnertube({
      getInfo: async () => {
        throw Object.assign(new Error("This video is unavailable"), {
          info: { status: "ERROR", reason: "Video unavailable" },
        });
      },
    });
    await expect(source(missing).fetchVideo(ID)).rejects.toMatchObject({ reason: "not_found" });
  });

  it("takes YouTube's reason when the API only says the video is not there", async () => {
    dataApiHandler({ videos: (res) => json(res, 200, { items: [] }) });
    const info = videoInfo({
      playability_status: { status: "LOGIN_REQUIRED", reason: "This video is private" },
      basic_info: {},
      primary_info: null,
    });
    await expect(source(fakeInnertube({ getInfo: async () => info })).fetchVideo(ID)).rejects.toMatchObject({
      reason: "private",
    });
  });

  it("refuses age-restricted videos", async () => {
    dataApiHandler({
      videos: (res) => {
        const item = {
          ...videosResponse.items[0],
          contentDetails: { duration: "PT1M", contentRating: { ytRating: "ytAgeRestricted" } },
        };
        json(res, 200, { items: [item] });
      },
    });
    await expect(source().fetchVideo(ID)).rejects.toMatchObject({ reason: "age_restricted" });
  });

  it("reads a live stream's zero duration as unknown", async () => {
    dataApiHandler({
      videos: (res) => json(res, 200, { items: [{ ...videosResponse.items[0], contentDetails: { duration: "P0D" } }] }),
    });
    expect((await source().fetchVideo(ID)).durationSeconds).toBeNull();
  });

  it("uses youtubei.js for metadata when the API key's quota is spent", async () => {
    dataApiHandler({
      videos: (res) =>
        json(res, 403, {
          error: {
            code: 403,
            message: "quota exceeded",
            errors: [{ reason: "quotaExceeded", domain: "youtube.quota" }],
          },
        }),
      comments: (res) => json(res, 403, { error: { code: 403, errors: [{ reason: "quotaExceeded" }] } }),
    });
    const video = await source().fetchVideo(ID);
    expect(video.title).toBe("How Bridges Stand Up");
    expect(video.comments).toHaveLength(1);
  });

  it("reports an API failure as a VideoSourceError when youtubei.js fails too", async () => {
    dataApiHandler({ videos: (res) => json(res, 400, { error: { code: 400, errors: [{ reason: "keyInvalid" }] } }) });
    const down = fakeInnertube({
      getInfo: async () => {
        throw new TypeError("fetch failed");
      },
    });
    const error = await source(down)
      .fetchVideo(ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoSourceError);
    expect((error as Error).message).toMatch(/400 \(keyInvalid\)/);
  });

  it("reports an unreachable API as a VideoSourceError", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = fakeInnertube({
      getInfo: async () => {
        throw new TypeError("fetch failed");
      },
    });
    const unreachableApi = createYouTubeVideoSource({
      apiKey: "k",
      dataApiBaseUrl: `http://127.0.0.1:${port}/youtube/v3`,
      innertube: async () => down,
    });
    await expect(unreachableApi.fetchVideo(ID)).rejects.toBeInstanceOf(VideoSourceError);
  });

  it("reports a reply that is not JSON as a VideoSourceError", async () => {
    dataApiHandler({
      videos: (res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>captive portal</html>"),
    });
    const down = fakeInnertube({
      getInfo: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(source(down).fetchVideo(ID)).rejects.toBeInstanceOf(VideoSourceError);
  });
});
