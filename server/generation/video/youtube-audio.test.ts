import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AudioError } from "../../sources/speech/audio-pieces";
import { YouTubeRefusedError } from "../types";
import { createYouTubeVideoSource, type PlayerInnertubeLike } from "./youtube";
import { downloadAudioStream, evaluatePlayerScript, installPlayerEvaluator } from "./youtube-audio";

// A stand-in for googlevideo on loopback: /ok serves AUDIO honouring `range=a-b`; /refused is 403.
const AUDIO = randomBytes(3500);
let server: Server;
let base: string;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    asked.push(`${url.pathname}?${url.searchParams.get("range") ?? ""}`);
    if (url.pathname !== "/ok") {
      response.writeHead(403).end("Forbidden");
      return;
    }
    const [start, end] = (url.searchParams.get("range") ?? "0-").split("-").map((part) => Number(part || Infinity));
    response
      .writeHead(200, { "content-type": "audio/webm" })
      .end(AUDIO.subarray(start, Math.min(end + 1, AUDIO.length)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let dir: string;
beforeEach(async () => {
  asked.length = 0;
  dir = await mkdtemp(join(tmpdir(), "yt-audio-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("downloadAudioStream", () => {
  it("fetches the stream in ranged pieces into one file", async () => {
    const path = await downloadAudioStream(`${base}/ok?itag=249`, { fetch, chunkBytes: 1000, dir });
    expect(await readFile(path)).toEqual(AUDIO);
    expect(asked).toEqual(["/ok?0-999", "/ok?1000-1999", "/ok?2000-2999", "/ok?3000-3999"]);
  });

  it("stops at the stated length without asking for an empty piece", async () => {
    await downloadAudioStream(`${base}/ok`, { fetch, chunkBytes: 500, dir, contentLength: 3500 });
    expect(asked).toHaveLength(7);
  });

  it("refuses a stream over the cap, before and during the download, and leaves no file", async () => {
    await expect(
      downloadAudioStream(`${base}/ok`, { fetch, dir, maxBytes: 3000, contentLength: 3500 }),
    ).rejects.toThrow(AudioError);
    expect(asked).toEqual([]);
    await expect(downloadAudioStream(`${base}/ok`, { fetch, dir, maxBytes: 3000, chunkBytes: 1000 })).rejects.toThrow(
      /larger than/,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it("reports YouTube's refusal and leaves no file", async () => {
    const failure = await downloadAudioStream(`${base}/refused`, { fetch, dir }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(YouTubeRefusedError);
    expect((failure as Error).message).toContain("403");
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("evaluatePlayerScript", () => {
  // The shape youtubei.js hands over: extracted functions, then `return process(...)`.
  const script = (body: string) => ({
    output: `const exportedVars = (function (g) {
      const nsigFunction = (url) => { const u = new URL(url); u.searchParams.set("n", u.searchParams.get("n").split("").reverse().join("")); return u; };
      return { nsigFunction };
    })({});
    ${body}`,
  });

  it("runs the extracted functions and answers what they return", () => {
    const result = evaluatePlayerScript(
      script(`function process(n) { return { n: exportedVars.nsigFunction("https://x/?n=" + n).searchParams.get("n") }; }
      return process("abc123");`),
    );
    expect(result.n).toBe("321cba");
  });

  it("is the evaluator youtubei.js deciphers with once installed", async () => {
    await installPlayerEvaluator();
    const { Platform } = await import("youtubei.js");
    const answer = await Platform.shim.eval({ output: 'return { n: "done" };', exported: [] }, {});
    expect((answer as { n?: string }).n).toBe("done");
  });

  it("gives the script no way into this process and stops one that never ends", () => {
    expect(
      evaluatePlayerScript(script(`return { seen: typeof require + "," + typeof process + "," + typeof fetch };`)).seen,
    ).toBe("undefined,undefined,undefined");
    expect(() => evaluatePlayerScript({ output: "for (;;) {}" }, 50)).toThrow(/timed out/i);
    expect(() => evaluatePlayerScript({ output: "return 42;" })).toThrow(/no answer/);
  });
});

describe("the YouTube source's audio", () => {
  /** A player client whose clients each see one audio format at `paths[client]` (none: no audio-only stream). */
  function playerClient(paths: Record<string, string>, duration = 600): () => Promise<PlayerInnertubeLike> {
    return async () => ({
      session: { player: { id: "player" } },
      async getBasicInfo(_videoId, { client }) {
        return {
          basic_info: { duration },
          chooseFormat() {
            const path = paths[client];
            if (!path) throw new Error("No matching formats found");
            return {
              content_length: AUDIO.length,
              decipher: async (player: unknown) => `${base}${path}?p=${(player as { id: string }).id}`,
            };
          },
        };
      },
    });
  }
  const noInfo = async () => {
    throw new Error("the info client is not used for audio");
  };

  it("downloads the first stream YouTube serves through the configured fetch, and deletes it on release", async () => {
    const through: string[] = [];
    const source = createYouTubeVideoSource({
      innertube: noInfo,
      playerInnertube: playerClient({ ANDROID_VR: "/refused", TV: "/ok" }),
      audioDir: dir,
      fetch: (input, init) => {
        through.push(String(input));
        return fetch(input, init);
      },
    });
    expect(await source.hasAudio("dQw4w9WgXcQ")).toBe(true);
    const audio = await source.fetchAudio("dQw4w9WgXcQ");
    expect(audio).not.toBeNull();
    expect(await readFile(audio!.path)).toEqual(AUDIO);
    expect(through.some((url) => url.includes("/refused?p=player"))).toBe(true);
    expect(through.some((url) => url.includes("/ok?p=player"))).toBe(true);
    await audio!.release();
    expect(await readdir(dir)).toEqual([]);
  });

  it("says when YouTube refused every stream, and answers null when there is no audio-only one", async () => {
    const refused = createYouTubeVideoSource({
      innertube: noInfo,
      playerInnertube: playerClient({ TV: "/refused" }),
      audioDir: dir,
    });
    await expect(refused.fetchAudio("dQw4w9WgXcQ")).rejects.toThrow(YouTubeRefusedError);
    const silent = createYouTubeVideoSource({ innertube: noInfo, playerInnertube: playerClient({}), audioDir: dir });
    expect(await silent.hasAudio("dQw4w9WgXcQ")).toBe(false);
    expect(await silent.fetchAudio("dQw4w9WgXcQ")).toBeNull();
    expect(await silent.fetchAudio("../etc/pass")).toBeNull();
  });

  it("refuses a video over four hours before downloading anything", async () => {
    const source = createYouTubeVideoSource({
      innertube: noInfo,
      playerInnertube: playerClient({ ANDROID_VR: "/ok" }, 4 * 3600 + 1),
      audioDir: dir,
    });
    expect(await source.hasAudio("dQw4w9WgXcQ")).toBe(false);
    await expect(source.fetchAudio("dQw4w9WgXcQ")).rejects.toThrow(/longer than 4 hours/);
    expect(asked).toEqual([]);
  });
});
