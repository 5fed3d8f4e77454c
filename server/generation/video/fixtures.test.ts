import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseVideoId } from "../../../contract/video-url";
import { countWords } from "../../content/text";
import type { VideoData } from "../types";
import { VideoUnavailableError } from "../types";
import { BUNDLED_FIXTURES_DIR, createFixtureVideoSource, parseFixture, VideoFixtureError } from "./fixtures";
import { createVideoSource } from "./index";

const files = readdirSync(BUNDLED_FIXTURES_DIR).filter((name) => name.endsWith(".json"));
const bundled = files.map((name) => {
  const file = join(BUNDLED_FIXTURES_DIR, name);
  return { name, file, fixture: parseFixture(readFileSync(file, "utf8"), file) };
});
const available = bundled.filter((b) => !b.fixture.unavailable);
const source = createFixtureVideoSource(BUNDLED_FIXTURES_DIR);

async function load(id: string): Promise<VideoData> {
  return source.fetchVideo(id);
}

function transcriptWords(video: VideoData): number {
  return (video.transcript?.segments ?? []).reduce((n, s) => n + countWords(s.text), 0);
}

describe("bundled fixtures", () => {
  it("live in fixtures/videos and stay small", () => {
    expect(BUNDLED_FIXTURES_DIR.replaceAll("\\", "/")).toMatch(/\/fixtures\/videos$/);
    expect(files.length).toBeGreaterThanOrEqual(9);
    const total = readdirSync(BUNDLED_FIXTURES_DIR).reduce(
      (n, name) => n + statSync(join(BUNDLED_FIXTURES_DIR, name)).size,
      0,
    );
    expect(total).toBeLessThan(2 * 1024 * 1024);
  });

  it.each(bundled.map((b) => [b.name, b] as const))(
    "%s is named for its id, which links parse",
    (name, { fixture }) => {
      expect(name).toBe(`${fixture.id}.json`);
      expect(parseVideoId(`https://www.youtube.com/watch?v=${fixture.id}&t=10s`)).toBe(fixture.id);
      expect(parseVideoId(`https://youtu.be/${fixture.id}`)).toBe(fixture.id);
    },
  );

  it.each(available.map((b) => [b.fixture.id, b] as const))(
    "%s loads as a consistent video",
    async (id, { fixture }) => {
      const video = await load(id);
      expect(video.id).toBe(id);
      expect(video.url).toBe(`https://www.youtube.com/watch?v=${id}`);
      expect(video.title.length).toBeGreaterThan(10);
      expect(video.channel.name).not.toBe("");
      expect(video.description.length).toBeGreaterThan(40);
      expect(video.thumbnails).toEqual([
        { url: `https://i.ytimg.com/vi/${id}/maxresdefault.jpg`, width: 1280, height: 720 },
        { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
      ]);
      const duration = video.durationSeconds ?? Number.POSITIVE_INFINITY;
      expect(duration).toBeGreaterThan(0);

      if (video.chapters.length > 0) {
        expect(video.chapters[0].startSeconds).toBe(0);
        for (const [i, chapter] of video.chapters.entries()) {
          if (i > 0) expect(chapter.startSeconds).toBeGreaterThan(video.chapters[i - 1].startSeconds);
          expect(chapter.startSeconds).toBeLessThan(duration);
        }
      }

      if (video.transcript) {
        expect(video.transcript.timed).toBe(true);
        expect(video.transcript.kind).toBe(fixture.transcript?.kind);
        let previous = -1;
        for (const segment of video.transcript.segments) {
          expect(segment.start).toBeGreaterThanOrEqual(previous);
          expect(segment.start + segment.duration).toBeLessThanOrEqual(duration);
          expect(segment.text.trim()).toBe(segment.text);
          expect(segment.text).not.toBe("");
          previous = segment.start;
        }
      }

      if (video.comments) {
        expect(video.comments.length).toBeGreaterThanOrEqual(5);
        expect(video.comments.length).toBeLessThanOrEqual(20);
        for (const comment of video.comments) {
          expect(comment.likes).toBeGreaterThanOrEqual(0);
          expect(comment.author).not.toBe("");
          expect(Date.parse(comment.publishedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(video.publishedAt ?? ""));
        }
      }
    },
  );

  it.each(bundled.filter((b) => b.fixture.unavailable).map((b) => [b.fixture.id, b.fixture.unavailable] as const))(
    "%s fails as %s, as YouTube would",
    async (id, reason) => {
      const error = await load(id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VideoUnavailableError);
      expect(error).toMatchObject({ reason });
    },
  );

  it("cover every case the writers must handle", async () => {
    const videos = await Promise.all(available.map((b) => load(b.fixture.id)));
    const reasons = bundled.map((b) => b.fixture.unavailable).filter(Boolean);

    const longTalk = videos.find((v) => (v.durationSeconds ?? 0) >= 7000 && transcriptWords(v) >= 15_000);
    expect(longTalk, "a two-hour talk with a long transcript").toBeDefined();
    expect(longTalk!.chapters.length).toBeGreaterThanOrEqual(5);

    const auto = videos.find((v) => v.transcript?.kind === "auto");
    expect(auto, "auto captions").toBeDefined();
    for (const segment of auto!.transcript!.segments) expect(segment.text).toMatch(/^[a-z0-9' ]+$/);

    expect(
      videos.some((v) => v.chapters.length >= 3 && v.transcript?.kind === "manual"),
      "chapters",
    ).toBe(true);
    expect(
      videos.some((v) => v.transcript === null && (v.comments?.length ?? 0) >= 5 && v.description.length > 500),
      "no captions, but a rich description and comments",
    ).toBe(true);
    expect(
      videos.some((v) => v.comments === null && v.transcript !== null),
      "comments disabled",
    ).toBe(true);
    expect(
      videos.some((v) => v.transcript && !v.transcript.language.startsWith("en")),
      "a non-English transcript",
    ).toBe(true);
    expect(
      videos.some((v) => (v.durationSeconds ?? 60) < 60 && v.transcript !== null),
      "a clip under a minute",
    ).toBe(true);
    expect(reasons).toEqual(expect.arrayContaining(["private", "removed"]));
  });

  it("name their audio, when they ship one, as a file beside them", async () => {
    const withAudio = bundled.filter((b) => b.fixture.audio);
    expect(withAudio.length).toBeGreaterThanOrEqual(1);
    for (const { fixture } of withAudio) {
      expect(fixture.transcript, `${fixture.id} has audio for speech to text, so no captions`).toBeNull();
      expect(await source.hasAudio(fixture.id)).toBe(true);
      expect((await source.fetchAudio(fixture.id))?.path).toBe(join(BUNDLED_FIXTURES_DIR, fixture.audio!));
    }
    // No audio named, no file, or a malformed id: nothing to transcribe.
    expect(await source.fetchAudio(available.find((b) => !b.fixture.audio)!.fixture.id)).toBeNull();
    expect(await source.fetchAudio("NoSuchVid01")).toBeNull();
    expect(await source.fetchAudio("../../etc/pa")).toBeNull();
    expect(await source.hasAudio("NoSuchVid01")).toBe(false);
  });

  it("refuse an audio name that leaves the folder", () => {
    for (const audio of ["../secret.mp3", "/etc/passwd.mp3", "a/b.mp3", "talk.exe"]) {
      expect(() =>
        parseFixture(
          JSON.stringify({ id: "Minimal_002", title: "t", channel: { id: "c", name: "n" }, audio }),
          "x.json",
        ),
      ).toThrow(/audio/);
    }
  });

  it("are each listed in the README", () => {
    const readme = readFileSync(join(BUNDLED_FIXTURES_DIR, "README.md"), "utf8");
    for (const { fixture } of bundled) expect(readme).toContain(fixture.id);
  });
});

describe("createFixtureVideoSource", () => {
  const dir = mkdtempSync(join(tmpdir(), "video-fixtures-"));
  const write = (id: string, content: unknown) =>
    writeFileSync(join(dir, `${id}.json`), typeof content === "string" ? content : JSON.stringify(content));
  const custom = createFixtureVideoSource(dir);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("treats a missing file as a video that does not exist", async () => {
    await expect(custom.fetchVideo("NoSuchVid01")).rejects.toMatchObject({
      name: "VideoUnavailableError",
      reason: "not_found",
    });
  });

  it("never turns a malformed id into a path", async () => {
    for (const id of ["../../../etc/passwd", "..%2F..%2Fx", "", "short"]) {
      await expect(custom.fetchVideo(id)).rejects.toMatchObject({ reason: "not_found" });
    }
  });

  it("fills optional fields and normalizes dates", async () => {
    write("Minimal_001", {
      id: "Minimal_001",
      title: "A minimal fixture",
      channel: { id: "UCmin", name: "Minimal" },
      publishedAt: "2025-03-01T12:00:00+02:00",
      transcript: {
        language: "en",
        kind: "manual",
        segments: [
          { start: 0, duration: 2, text: "  Hello\n there. " },
          { start: 2, duration: 1, text: "   " },
        ],
      },
    });
    expect(await custom.fetchVideo("Minimal_001")).toEqual({
      id: "Minimal_001",
      url: "https://www.youtube.com/watch?v=Minimal_001",
      title: "A minimal fixture",
      channel: { id: "UCmin", name: "Minimal" },
      description: "",
      publishedAt: "2025-03-01T10:00:00.000Z",
      durationSeconds: null,
      viewCount: null,
      thumbnails: [
        { url: "https://i.ytimg.com/vi/Minimal_001/maxresdefault.jpg", width: 1280, height: 720 },
        { url: "https://i.ytimg.com/vi/Minimal_001/hqdefault.jpg", width: 480, height: 360 },
      ],
      chapters: [],
      transcript: {
        language: "en",
        kind: "manual",
        timed: true,
        segments: [{ start: 0, duration: 2, text: "Hello there." }],
      },
      comments: null,
    });
  });

  it("sorts chapters and keeps thumbnails a fixture gives", async () => {
    write("Chapters_01", {
      id: "Chapters_01",
      title: "Chapters out of order",
      channel: { id: "c", name: "C" },
      chapters: [
        { title: "Second", startSeconds: 60 },
        { title: "First", startSeconds: 0 },
      ],
      thumbnails: [
        { url: "https://example.com/small.jpg", width: 120, height: 90 },
        { url: "https://example.com/big.jpg", width: 1920, height: 1080 },
      ],
      transcript: { language: "en", kind: "auto", segments: [] },
    });
    const video = await custom.fetchVideo("Chapters_01");
    expect(video.chapters.map((c) => c.title)).toEqual(["First", "Second"]);
    expect(video.thumbnails.map((t) => t.url)).toEqual([
      "https://example.com/big.jpg",
      "https://example.com/small.jpg",
    ]);
    expect(video.transcript).toBeNull();
  });

  it.each(["private", "removed", "age_restricted", "not_found"] as const)(
    "fails an unavailable %s video even when its file holds nothing else",
    async (reason) => {
      const id = `Gone_${reason.slice(0, 6).padEnd(6, "x")}`;
      write(id, { id, unavailable: reason });
      const error = await custom.fetchVideo(id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VideoUnavailableError);
      expect(error).toMatchObject({ reason, message: VideoUnavailableError.messageFor(reason) });
    },
  );

  it("names the file and every problem in a bad fixture", async () => {
    write("BadFixture1", {
      id: "BadFixture1",
      title: "",
      channel: { name: "No id" },
      viewCount: -3,
      transcript: { language: "en", kind: "spoken", segments: [] },
    });
    const error = await custom.fetchVideo("BadFixture1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoFixtureError);
    const message = (error as Error).message;
    expect(message).toContain(join(dir, "BadFixture1.json"));
    expect(message).toMatch(/title/);
    expect(message).toMatch(/channel\.id/);
    expect(message).toMatch(/viewCount/);
    expect(message).toMatch(/transcript\.kind/);
  });

  it("names the file when it is not JSON", async () => {
    write("NotJson0001", "{ this is not json");
    await expect(custom.fetchVideo("NotJson0001")).rejects.toThrow(
      /Video fixture .*NotJson0001\.json is not valid JSON/,
    );
  });

  it("refuses a fixture whose id is not its file name", async () => {
    write("Mismatch001", { id: "Different01", title: "Wrong file", channel: { id: "c", name: "C" } });
    await expect(custom.fetchVideo("Mismatch001")).rejects.toBeInstanceOf(VideoFixtureError);
  });

  it("reads a file again on every call, so fixtures can be edited while the app runs", async () => {
    write("Editable001", { id: "Editable001", title: "Before", channel: { id: "c", name: "C" } });
    expect((await custom.fetchVideo("Editable001")).title).toBe("Before");
    write("Editable001", { id: "Editable001", title: "After", channel: { id: "c", name: "C" } });
    expect((await custom.fetchVideo("Editable001")).title).toBe("After");
  });
});

describe("createVideoSource", () => {
  it("uses the bundled fixtures unless told otherwise", async () => {
    const videos = createVideoSource({
      videoSource: "fixtures",
      videoFixturesDir: undefined,
      youtubeApiKey: undefined,
    });
    expect(videos.name).toBe("fixtures");
    const [first] = available;
    expect((await videos.fetchVideo(first.fixture.id)).id).toBe(first.fixture.id);
  });

  it("uses VIDEO_FIXTURES_DIR when it is set", async () => {
    const videos = createVideoSource({ videoSource: "fixtures", videoFixturesDir: tmpdir(), youtubeApiKey: undefined });
    await expect(videos.fetchVideo(available[0].fixture.id)).rejects.toMatchObject({ reason: "not_found" });
  });

  it("uses YouTube otherwise, without touching the network until asked", () => {
    expect(createVideoSource({ videoSource: "youtube", videoFixturesDir: undefined, youtubeApiKey: "key" }).name).toBe(
      "youtube",
    );
  });
});
