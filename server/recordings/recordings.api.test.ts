import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORDING_ERRORS, UPLOADER_MESSAGES } from "../../contract/recordings";
import { createTestApp, expectMessage, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { MAX_AUDIO_SECONDS } from "../sources/speech/audio-pieces";
import { signPartToken } from "../storage/part-token";
import { createObjectStore } from "../storage/store";
import { findReadyRecording, openRecording } from "./audio";
import { findRecording } from "./repository";
import { COMPLETED_ETAG, LOCAL_MAX_PUT_BYTES, MAX_OPEN_UPLOADS } from "./service";
import { call, makeWav, md5Etag, partOf, partUrl, SPOKEN_MP3, STT_ENV, start } from "./test-helpers";

/*
 * Your own recording on local storage: the plan, the app's own part PUTs, resuming, completing
 * with checks by content and duration, and every refusal leaving nothing on the disk.
 */
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "vidscribe-recordings-"));
  // Parts of 4 KB above 32 KB: the 30 KB mp3 goes in one PUT, a 40 KB WAV in ten real parts.
  t = await createTestApp({
    ...STT_ENV,
    DATA_DIR: dataDir,
    RECORDING_MULTIPART_ABOVE: String(32 * 1024),
    RECORDING_PART_BYTES: "4096",
    RECORDING_MAX_BYTES: String(50 * 1024 * 1024),
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The browser's PUT of one part to the URL it was given (no cookie: the token is the authority). */
const putPart = (url: string, bytes: Buffer) =>
  t.app.inject({
    method: "PUT",
    url: new URL(url).pathname,
    headers: { origin: TEST_ORIGIN, "content-type": "application/octet-stream" },
    payload: bytes,
  });

const folderOf = (id: string) => join(dataDir, "recordings", id);

/** Sends every part of `file` and answers their numbers and ETags. */
async function sendAll(cookie: string, plan: Awaited<ReturnType<typeof start>>, file: Buffer) {
  const parts: Array<{ partNumber: number; etag: string }> = [];
  for (let n = 1; n <= plan.partCount; n += 1) {
    const put = await putPart(await partUrl(t, cookie, plan.recordingId, n), partOf(file, plan, n));
    expect(put.statusCode, put.body).toBe(200);
    parts.push({ partNumber: n, etag: String(put.headers.etag) });
  }
  return parts;
}

const complete = (cookie: string, id: string, parts: Array<{ partNumber: number; etag: string }>) =>
  call(t, "POST", `/api/recordings/${id}/complete`, cookie, { parts });

describe("a recording in one PUT", () => {
  it("is planned, sent, checked by content and duration, and kept as one file", async () => {
    const { cookie, user } = await registerUser(t.app);
    // A guest (every new account is one) may upload, as any may create an article.
    expect(user.userType).toBe("guest");
    const plan = await start(t, cookie, "Interview.MP3", SPOKEN_MP3.length);
    expect(plan).toEqual({
      recordingId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      multipart: false,
      partSize: SPOKEN_MP3.length,
      partCount: 1,
      maxBytes: 50 * 1024 * 1024,
    });

    const urlAnswer = await call(t, "POST", `/api/recordings/${plan.recordingId}/parts/1`, cookie);
    expect(urlAnswer.statusCode, urlAnswer.body).toBe(200);
    const { url, expiresAt } = urlAnswer.json();
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/recording-parts\//);
    // An hour.
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);

    const put = await putPart(url, SPOKEN_MP3);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.headers.etag).toBe(md5Etag(SPOKEN_MP3));
    expect(put.headers["access-control-expose-headers"]).toBe("ETag");

    const listed = await call(t, "GET", `/api/recordings/${plan.recordingId}/parts`, cookie);
    expect(listed.json()).toEqual({ parts: [{ partNumber: 1, size: SPOKEN_MP3.length, etag: md5Etag(SPOKEN_MP3) }] });

    const done = await complete(cookie, plan.recordingId, [{ partNumber: 1, etag: String(put.headers.etag) }]);
    expect(done.statusCode, done.body).toBe(200);
    const recording = done.json();
    expect(recording).toMatchObject({
      recordingId: plan.recordingId,
      fileName: "Interview.MP3",
      size: SPOKEN_MP3.length,
      kind: "mp3",
    });
    expect(recording.durationSeconds).toBeGreaterThan(0.5);
    expect(readdirSync(folderOf(plan.recordingId))).toEqual(["recording"]);
    expect(readFileSync(join(folderOf(plan.recordingId), "recording")).equals(SPOKEN_MP3)).toBe(true);

    // Completing again answers the same; no more part URLs are given.
    const again = await complete(cookie, plan.recordingId, [{ partNumber: 1, etag: String(put.headers.etag) }]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(recording);
    expectMessage(await call(t, "POST", `/api/recordings/${plan.recordingId}/parts/1`, cookie), 409);
    // A browser that lost the answer and resumes sees every part there, and completes again.
    const resumed = (await call(t, "GET", `/api/recordings/${plan.recordingId}/parts`, cookie)).json();
    expect(resumed).toEqual({ parts: [{ partNumber: 1, size: SPOKEN_MP3.length, etag: COMPLETED_ETAG }] });
    expect((await complete(cookie, plan.recordingId, resumed.parts)).json()).toEqual(recording);

    // What the article pipeline reads.
    const store = createObjectStore(t.config);
    expect((await findReadyRecording(t.database.db, plan.recordingId, user.id))?.kind).toBe("mp3");
    const opened = await openRecording(t.database.db, store, plan.recordingId, user.id);
    expect(opened).toMatchObject({ fileName: "Interview.MP3", durationSeconds: recording.durationSeconds });
    expect(readFileSync(opened?.path ?? "").length).toBe(SPOKEN_MP3.length);
    await opened?.release();
    const other = await registerUser(t.app);
    expect(await openRecording(t.database.db, store, plan.recordingId, other.user.id)).toBeNull();
    expect(await findReadyRecording(t.database.db, "not-a-uuid", user.id)).toBeNull();
  });
});

describe("a recording in parts", () => {
  const wav = makeWav(2.5); // 40,044 bytes: nine parts of 4 KB and the rest

  it("resumes from the parts already stored, a re-sent part replacing the first", async () => {
    const { cookie } = await registerUser(t.app);
    const plan = await start(t, cookie, "talk.wav", wav.length);
    expect(plan).toMatchObject({ multipart: true, partSize: 4096, partCount: 10 });

    // Part 1 sent with the wrong bytes first (a glitch), then again: the second replaces it.
    const url1 = await partUrl(t, cookie, plan.recordingId, 1);
    const wrong = Buffer.alloc(4096, 7);
    expect((await putPart(url1, wrong)).headers.etag).toBe(md5Etag(wrong));
    const first = await putPart(url1, partOf(wav, plan, 1));
    expect(first.headers.etag).toBe(md5Etag(partOf(wav, plan, 1)));

    // The browser reloads: the server says what arrived, and the rest is sent.
    const listed = (await call(t, "GET", `/api/recordings/${plan.recordingId}/parts`, cookie)).json();
    expect(listed).toEqual({ parts: [{ partNumber: 1, size: 4096, etag: md5Etag(partOf(wav, plan, 1)) }] });
    const early = await complete(cookie, plan.recordingId, [{ partNumber: 1, etag: listed.parts[0].etag }]);
    expectMessage(early, 409, new RegExp(RECORDING_ERRORS.incomplete.slice(0, 30)));

    const parts = [{ partNumber: 1, etag: listed.parts[0].etag }];
    for (let n = 2; n <= plan.partCount; n += 1) {
      const put = await putPart(await partUrl(t, cookie, plan.recordingId, n), partOf(wav, plan, n));
      expect(put.statusCode, put.body).toBe(200);
      parts.push({ partNumber: n, etag: String(put.headers.etag) });
    }
    // The last part is the remainder.
    expect(partOf(wav, plan, 10).length).toBe(wav.length - 9 * 4096);

    const done = await complete(cookie, plan.recordingId, parts);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ kind: "wav", size: wav.length });
    expect(done.json().durationSeconds).toBeCloseTo(2.5, 1);
    expect(readdirSync(folderOf(plan.recordingId))).toEqual(["recording"]);
    expect(readFileSync(join(folderOf(plan.recordingId), "recording")).equals(wav)).toBe(true);
  });

  it("refuses a part of the wrong length, and a part number outside the plan", async () => {
    const { cookie } = await registerUser(t.app);
    const plan = await start(t, cookie, "talk.wav", wav.length);
    const url = await partUrl(t, cookie, plan.recordingId, 2);
    expectMessage(await putPart(url, Buffer.alloc(100)), 400, /exactly 4096 bytes/);
    // The last part must be the remainder, not a full part.
    const last = await partUrl(t, cookie, plan.recordingId, 10);
    expectMessage(await putPart(last, Buffer.alloc(4096)), 400, new RegExp(`exactly ${wav.length - 9 * 4096} bytes`));
    // Refused on the declared length, before any byte was read.
    expect(existsSync(folderOf(plan.recordingId))).toBe(false);
    // Sent without a length (chunked): counted as it streams, and nothing of it kept.
    const chunked = await t.app.inject({
      method: "PUT",
      url: new URL(url).pathname,
      headers: { origin: TEST_ORIGIN, "content-type": "application/octet-stream" },
      payload: Readable.from([Buffer.alloc(3000), Buffer.alloc(3000)]),
    });
    expectMessage(chunked, 400, /exactly 4096 bytes/);
    expect(readdirSync(folderOf(plan.recordingId))).toEqual([]);
    for (const n of ["0", "11", "-1", "x"]) {
      expectMessage(await call(t, "POST", `/api/recordings/${plan.recordingId}/parts/${n}`, cookie), 400);
    }
  });

  it("refuses parts that do not add up to the size, and keeps nothing", async () => {
    const { cookie, user } = await registerUser(t.app);
    const plan = await start(t, cookie, "talk.wav", wav.length);
    const parts = await sendAll(cookie, plan, wav);
    // Forge the size on the row (no honest PUT can store a part of another size).
    const { recordings } = await import("../db/schema");
    const { eq } = await import("drizzle-orm");
    await t.database.db
      .update(recordings)
      .set({ size: wav.length + 1 })
      .where(eq(recordings.id, plan.recordingId));
    expectMessage(await complete(cookie, plan.recordingId, parts), 400, /do not add up/);
    expect(existsSync(folderOf(plan.recordingId))).toBe(false);
    expect((await findRecording(t.database.db, plan.recordingId))?.status).toBe("refused");
    expect(await findReadyRecording(t.database.db, plan.recordingId, user.id)).toBeNull();
  });
});

describe("refusals", () => {
  it("refuses an empty file, one too big and one of another type before anything is stored", async () => {
    const { cookie } = await registerUser(t.app);
    const post = (fileName: string, size: number) => call(t, "POST", "/api/recordings", cookie, { fileName, size });
    expect(expectMessage(await post("a.mp3", 0), 400)).toBe(RECORDING_ERRORS.empty);
    expect(expectMessage(await post("a.mp3", 50 * 1024 * 1024 + 1), 413)).toBe(
      RECORDING_ERRORS.tooBig(50 * 1024 * 1024),
    );
    expect(expectMessage(await post("notes.txt", 1000), 415)).toBe(RECORDING_ERRORS.wrongType);
    expect(expectMessage(await post("noextension", 1000), 415)).toBe(RECORDING_ERRORS.wrongType);
    expectMessage(await post("", 1000), 400, /fileName is required/);
    expectMessage(await call(t, "POST", "/api/recordings", cookie, { fileName: "a.mp3", size: -1 }), 400);
  });

  it("refuses a text file renamed .mp3 by its content, and leaves nothing on the disk", async () => {
    const { cookie, user } = await registerUser(t.app);
    const text = Buffer.from("This is not a recording at all, only words in a file.\n".repeat(20));
    const plan = await start(t, cookie, "song.mp3", text.length);
    const parts = await sendAll(cookie, plan, text);
    expect(existsSync(folderOf(plan.recordingId))).toBe(true);
    expect(expectMessage(await complete(cookie, plan.recordingId, parts), 415)).toBe(RECORDING_ERRORS.wrongType);
    expect(existsSync(folderOf(plan.recordingId))).toBe(false);
    expect((await findRecording(t.database.db, plan.recordingId))?.status).toBe("refused");
    // Gone for good: no more parts, no second try.
    expectMessage(await call(t, "GET", `/api/recordings/${plan.recordingId}/parts`, cookie), 404);
    expectMessage(await complete(cookie, plan.recordingId, parts), 404);
    expect(await findReadyRecording(t.database.db, plan.recordingId, user.id)).toBeNull();
  });

  it("refuses a file whose header says audio but that ffmpeg cannot read, and one with no sound", async () => {
    const { cookie } = await registerUser(t.app);
    const fake = Buffer.concat([Buffer.from("ID3"), Buffer.alloc(2000, 0x41)]);
    const plan = await start(t, cookie, "fake.mp3", fake.length);
    expectMessage(await complete(cookie, plan.recordingId, await sendAll(cookie, plan, fake)), 415);
    expect(existsSync(folderOf(plan.recordingId))).toBe(false);

    const silent = makeWav(0);
    const empty = await start(t, cookie, "empty.wav", silent.length);
    const answer = await complete(cookie, empty.recordingId, await sendAll(cookie, empty, silent));
    // A WAV with no samples: no sound (ffmpeg reads 0 s) or no audio it can read.
    expect([400, 415]).toContain(answer.statusCode);
    expect(existsSync(folderOf(empty.recordingId))).toBe(false);
    expect(MAX_AUDIO_SECONDS).toBe(4 * 3600);
  });

  it("refuses an expired part URL, a forged one, and a picture-upload token, before reading the body", async () => {
    const { cookie, user } = await registerUser(t.app);
    const plan = await start(t, cookie, "a.mp3", SPOKEN_MP3.length);
    const expired = signPartToken(t.config.appSecret, {
      recordingId: plan.recordingId,
      partNumber: 1,
      userId: user.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const put = (token: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/recording-parts/${token}`,
        headers: { origin: TEST_ORIGIN, "content-type": "application/octet-stream" },
        payload: SPOKEN_MP3,
      });
    expect(expectMessage(await put(expired), 403)).toBe(UPLOADER_MESSAGES.expired);
    const forged = signPartToken("another-secret-another-secret-0123456789", {
      recordingId: plan.recordingId,
      partNumber: 1,
      userId: user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(expectMessage(await put(forged), 403)).toBe(RECORDING_ERRORS.invalidLink);
    expectMessage(await put("garbage"), 403);
    // A token for someone else's id, signed by us, names no recording of theirs.
    const other = await registerUser(t.app);
    const theirs = signPartToken(t.config.appSecret, {
      recordingId: plan.recordingId,
      partNumber: 1,
      userId: other.user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expectMessage(await put(theirs), 403);
    // A profile-picture upload token is signed for another purpose and never passes here.
    const picture = await call(t, "POST", "/api/objects/upload", cookie);
    const pictureToken = new URL(picture.json().uploadURL).pathname.split("/").pop() ?? "";
    expectMessage(await put(pictureToken), 403);
    expect(existsSync(folderOf(plan.recordingId))).toBe(false);
  });

  it("answers 404 for another user's recording, on every route", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const plan = await start(t, owner.cookie, "a.mp3", SPOKEN_MP3.length);
    const id = plan.recordingId;
    expectMessage(await call(t, "GET", `/api/recordings/${id}/parts`, other.cookie), 404, /No such recording/);
    expectMessage(await call(t, "POST", `/api/recordings/${id}/parts/1`, other.cookie), 404);
    expectMessage(await complete(other.cookie, id, [{ partNumber: 1, etag: "x" }]), 404);
    expectMessage(await call(t, "DELETE", `/api/recordings/${id}`, other.cookie), 404);
    expect((await findRecording(t.database.db, id))?.status).toBe("uploading");
    // And a malformed id is refused as no recording at all.
    expectMessage(await call(t, "GET", "/api/recordings/not-a-uuid/parts", owner.cookie), 400, /No such recording/);
  });

  it("asks a visitor to sign in, on every route", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["POST", "/api/recordings"],
      ["GET", `/api/recordings/${id}/parts`],
      ["POST", `/api/recordings/${id}/parts/1`],
      ["POST", `/api/recordings/${id}/complete`],
      ["DELETE", `/api/recordings/${id}`],
    ] as const) {
      expectMessage(await call(t, method, url, undefined, method === "POST" ? {} : undefined), 401);
    }
  });
});

describe("aborting", () => {
  it("removes every part stored, and the part URLs stop working", async () => {
    const { cookie } = await registerUser(t.app);
    const wav = makeWav(2.5);
    const plan = await start(t, cookie, "talk.wav", wav.length);
    const url2 = await partUrl(t, cookie, plan.recordingId, 2);
    expect((await putPart(await partUrl(t, cookie, plan.recordingId, 1), partOf(wav, plan, 1))).statusCode).toBe(200);
    expect(readdirSync(folderOf(plan.recordingId)).sort()).toEqual(["part-00001", "part-00001.etag"]);

    const gone = await call(t, "DELETE", `/api/recordings/${plan.recordingId}`, cookie);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(existsSync(folderOf(plan.recordingId))).toBe(false);
    expect((await findRecording(t.database.db, plan.recordingId))?.status).toBe("aborted");
    expectMessage(await putPart(url2, partOf(wav, plan, 2)), 403);
    expect(existsSync(folderOf(plan.recordingId))).toBe(false);
    expectMessage(await call(t, "GET", `/api/recordings/${plan.recordingId}/parts`, cookie), 404);
    // Deleting again is fine.
    expect((await call(t, "DELETE", `/api/recordings/${plan.recordingId}`, cookie)).statusCode).toBe(204);
  });

  it("aborts the oldest open upload when a person starts one too many", async () => {
    const { cookie } = await registerUser(t.app);
    const plans = [];
    for (let i = 0; i <= MAX_OPEN_UPLOADS; i += 1) plans.push(await start(t, cookie, `take-${i}.mp3`, 5000));
    expect((await findRecording(t.database.db, plans[0].recordingId))?.status).toBe("aborted");
    for (const plan of plans.slice(1)) {
      expect((await findRecording(t.database.db, plan.recordingId))?.status).toBe("uploading");
    }
  });
});

describe("GET /api/recordings/limits", () => {
  it("tells a signed-in user that a recording can be heard here, and how large it may be", async () => {
    expect((await call(t, "GET", "/api/recordings/limits")).statusCode).toBe(401);
    const { cookie } = await registerUser(t.app);
    const limits = await call(t, "GET", "/api/recordings/limits", cookie);
    expect(limits.json()).toEqual({ canHear: true, maxBytes: 50 * 1024 * 1024 });
  });
});

describe("without speech to text", () => {
  it("refuses a recording at the start, since nothing could be written from it", async () => {
    const bare = await createTestApp({ DATA_DIR: dataDir });
    try {
      const { cookie } = await registerUser(bare.app);
      const response = await call(bare, "POST", "/api/recordings", cookie, { fileName: "a.mp3", size: 1000 });
      expect(expectMessage(response, 503)).toBe(RECORDING_ERRORS.noSpeechToText);
      // The dialog asks first, and does not offer the upload at all.
      const limits = await call(bare, "GET", "/api/recordings/limits", cookie);
      expect(limits.statusCode).toBe(200);
      expect(limits.json()).toEqual({ canHear: false, maxBytes: 2 * 1024 ** 3 });
    } finally {
      await bare.close();
    }
  });
});

describe("over a real connection", () => {
  it("streams a 6 MB file in 2 MB PUTs, each past the API's 1 MB body limit", async () => {
    const defaults = await createTestApp({ ...STT_ENV, DATA_DIR: dataDir });
    try {
      const address = await defaults.app.listen({ port: 0, host: "127.0.0.1" });
      const { cookie } = await registerUser(defaults.app);
      const wav = makeWav((6 * 1024 * 1024) / 16000);
      const plan = await start(defaults, cookie, "long.wav", wav.length);
      // Local storage: every PUT small enough to arrive within the app's request timeout.
      expect(plan).toMatchObject({ multipart: true, partCount: 4, partSize: LOCAL_MAX_PUT_BYTES });
      const parts: Array<{ partNumber: number; etag: string | null }> = [];
      for (let n = 1; n <= plan.partCount; n += 1) {
        const bytes = partOf(wav, plan, n);
        const path = new URL(await partUrl(defaults, cookie, plan.recordingId, n)).pathname;
        const put = await fetch(`${address}${path}`, {
          method: "PUT",
          body: new Uint8Array(bytes),
          headers: { origin: TEST_ORIGIN },
        });
        expect(put.status, await put.clone().text()).toBe(200);
        expect(put.headers.get("etag")).toBe(md5Etag(bytes));
        parts.push({ partNumber: n, etag: put.headers.get("etag") });
      }
      const done = await call(defaults, "POST", `/api/recordings/${plan.recordingId}/complete`, cookie, { parts });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().durationSeconds).toBeCloseTo(wav.length / 16000, 0);

      // A body longer than declared is refused on its Content-Length, and the connection still answers.
      const other = await start(defaults, cookie, "b.wav", 5000);
      const url = new URL(await partUrl(defaults, cookie, other.recordingId, 1)).pathname;
      const tooLong = await fetch(`${address}${url}`, {
        method: "PUT",
        body: new Uint8Array(6000),
        headers: { origin: TEST_ORIGIN },
      });
      expect(tooLong.status).toBe(400);
      expect((await tooLong.json()).message).toBe(RECORDING_ERRORS.partSize(5000));
    } finally {
      await defaults.close();
    }
  });
});
