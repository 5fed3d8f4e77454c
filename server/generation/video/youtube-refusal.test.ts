import { describe, expect, it } from "vitest";
import { VideoUnavailableError, YouTubeRefusedError } from "../types";
import { createYouTubeVideoSource, type InnertubeLike, type PlayabilityLike, type VideoInfoLike } from "./youtube";

// YouTube refusing this server (issue 16, item 6) against the video's own state: fakes only,
// nothing here reaches the internet.

const ID = "dQw4w9WgXcQ";

function info(playability: PlayabilityLike | undefined, title = ""): VideoInfoLike {
  return {
    basic_info: { id: ID, title, author: "A channel", channel_id: "UC1" },
    playability_status: playability,
    page: [{}],
    getTranscript: async () => {
      throw new Error("no panel");
    },
  };
}

function innertube(getInfo: InnertubeLike["getInfo"]): () => Promise<InnertubeLike> {
  return async () => ({
    getInfo,
    getComments: async () => ({ contents: [] }),
  });
}

// youtubei.js's HTTP client throws InnertubeError(`Request to ... failed with status code N`, body).
const httpFailure = (status: number, body: string) =>
  Object.assign(new Error(`Request to https://www.youtube.com/youtubei/v1/player failed with status code ${status}`), {
    info: body,
  });

const refusal = async (source: ReturnType<typeof createYouTubeVideoSource>): Promise<YouTubeRefusedError> => {
  const error = await source.fetchVideo(ID).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(YouTubeRefusedError);
  return error as YouTubeRefusedError;
};

const noNetwork: typeof fetch = async () => {
  throw new TypeError("fetch failed");
};

describe("YouTube refusing this server", () => {
  it("is a bot check: YouTube's words kept, not retried", async () => {
    const source = createYouTubeVideoSource({
      fetch: noNetwork,
      innertube: innertube(async () =>
        info({ status: "LOGIN_REQUIRED", reason: "Sign in to confirm you’re not a bot" }),
      ),
    });
    const error = await refusal(source);
    expect(error.message).toMatch(/Sign in to confirm you’re not a bot/);
    expect(error.transient).toBe(false);
  });

  it.each([429, 403])("is an HTTP %i from YouTube, with what it said", async (status) => {
    const source = createYouTubeVideoSource({
      fetch: noNetwork,
      innertube: innertube(async () => {
        throw httpFailure(status, "<html>\n  Our systems have detected unusual traffic\n</html>");
      }),
    });
    const error = await refusal(source);
    expect(error.message).toContain(`status code ${status}`);
    expect(error.message).toContain("Our systems have detected unusual traffic");
    expect(error.transient).toBe(false);
  });

  it("is an answer that changed shape (no title on a playable video)", async () => {
    const source = createYouTubeVideoSource({
      fetch: noNetwork,
      innertube: innertube(async () => info({ status: "OK" })),
    });
    const error = await refusal(source);
    expect(error.message).toMatch(/without the video's details/);
    expect(error.transient).toBe(false);
  });

  it("is transient for a network failure, a 5xx, or a session that would not start, not for a parse failure", async () => {
    const down = createYouTubeVideoSource({
      fetch: noNetwork,
      innertube: innertube(async () => {
        throw new TypeError("fetch failed");
      }),
    });
    expect((await refusal(down)).transient).toBe(true);
    const broken = createYouTubeVideoSource({
      fetch: noNetwork,
      innertube: innertube(async () => {
        throw httpFailure(503, "Service Unavailable");
      }),
    });
    expect((await refusal(broken)).transient).toBe(true);
    const changed = createYouTubeVideoSource({
      fetch: noNetwork,
      innertube: innertube(async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'contents')");
      }),
    });
    expect((await refusal(changed)).transient).toBe(false);
    const noSession = createYouTubeVideoSource({
      fetch: noNetwork,
      innertube: async () => {
        throw new TypeError("fetch failed");
      },
    });
    const error = await refusal(noSession);
    expect(error.message).toMatch(/Could not start a YouTube session: fetch failed/);
    expect(error.transient).toBe(true);
  });

  it("is not a private or removed video: those stay VideoUnavailableError", async () => {
    const privateVideo = createYouTubeVideoSource({
      fetch: noNetwork,
      innertube: innertube(async () => info({ status: "LOGIN_REQUIRED", reason: "This video is private" })),
    });
    await expect(privateVideo.fetchVideo(ID)).rejects.toMatchObject({
      name: "VideoUnavailableError",
      reason: "private",
    });
    const removed = createYouTubeVideoSource({
      fetch: noNetwork,
      innertube: innertube(async () => {
        throw Object.assign(new Error("This video is unavailable"), {
          info: { status: "ERROR", reason: "This video has been removed by the uploader" },
        });
      }),
    });
    await expect(removed.fetchVideo(ID)).rejects.toMatchObject({ name: "VideoUnavailableError", reason: "removed" });
  });
});

describe("the Data API refusing this server", () => {
  const answering =
    (status: number, body: unknown): typeof fetch =>
    async () =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const failingInnertube = innertube(async () => {
    throw new TypeError("fetch failed");
  });

  it("is a refusal with the API's reason when youtubei.js cannot help either", async () => {
    const quota = {
      error: {
        code: 403,
        message: "The request cannot be completed because you have exceeded your quota.",
        errors: [{ reason: "quotaExceeded" }],
      },
    };
    const source = createYouTubeVideoSource({ apiKey: "k", fetch: answering(403, quota), innertube: failingInnertube });
    const error = await refusal(source);
    expect(error.message).toMatch(/403 \(quotaExceeded\): The request cannot be completed/);
    expect(error.transient).toBe(false);
    const down = createYouTubeVideoSource({
      apiKey: "k",
      fetch: answering(500, { error: { code: 500, message: "Backend Error" } }),
      innertube: failingInnertube,
    });
    expect((await refusal(down)).transient).toBe(true);
  });

  it("gives way to YouTube's own word that the video is private", async () => {
    const source = createYouTubeVideoSource({
      apiKey: "k",
      fetch: answering(429, {
        error: { code: 429, message: "Too many requests", errors: [{ reason: "rateLimitExceeded" }] },
      }),
      innertube: innertube(async () => info({ status: "LOGIN_REQUIRED", reason: "This video is private" })),
    });
    const error = await source.fetchVideo(ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoUnavailableError);
    expect(error).toMatchObject({ reason: "private" });
  });
});
