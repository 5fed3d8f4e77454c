import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORDING_ERRORS } from "../../contract/recordings";
import { createTestApp, expectMessage, registerUser, type TestApp } from "../../test/app";
import { type FakeS3, fakeS3Env, startFakeS3 } from "../storage/fake-s3";
import { createObjectStore } from "../storage/store";
import { openRecording } from "./audio";
import { findRecording } from "./repository";
import { call, makeWav, md5Etag, partOf, partUrl, SPOKEN_MP3, STT_ENV, start } from "./test-helpers";

/*
 * STORAGE=s3 against a fake S3 on loopback: the browser PUTs each part straight to a presigned
 * UploadPart URL (or one PutObject URL), and complete joins them with S3's own multipart calls.
 */
let s3: FakeS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startFakeS3("recordings-test");
  t = await createTestApp({
    ...STT_ENV,
    ...fakeS3Env(s3),
    RECORDING_MULTIPART_ABOVE: String(32 * 1024),
    RECORDING_PART_BYTES: "4096",
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** The browser's PUT, straight to the bucket. */
const putToBucket = (url: string, bytes: Buffer) => fetch(url, { method: "PUT", body: new Uint8Array(bytes) });

describe("STORAGE=s3", () => {
  it("uploads in parts to presigned UploadPart URLs, resumes, and completes into one object", async () => {
    const { cookie, user } = await registerUser(t.app);
    const wav = makeWav(2.5);
    const plan = await start(t, cookie, "talk.wav", wav.length);
    expect(plan).toMatchObject({ multipart: true, partCount: 10 });
    const row = await findRecording(t.database.db, plan.recordingId);
    expect(row?.s3UploadId).toBeTruthy();
    expect(s3.uploads.get(row?.s3UploadId ?? "")?.key).toBe(`recordings/${plan.recordingId}`);

    const url = new URL(await partUrl(t, cookie, plan.recordingId, 1));
    expect(url.origin).toBe(s3.endpoint);
    expect(url.searchParams.get("partNumber")).toBe("1");
    expect(url.searchParams.get("uploadId")).toBe(row?.s3UploadId);
    expect(Number(url.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(3600);
    const first = await putToBucket(url.toString(), partOf(wav, plan, 1));
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).toBe(md5Etag(partOf(wav, plan, 1)));

    // Resuming: S3's ListParts says what arrived.
    const listed = await call(t, "GET", `/api/recordings/${plan.recordingId}/parts`, cookie);
    expect(listed.json()).toEqual({ parts: [{ partNumber: 1, size: 4096, etag: md5Etag(partOf(wav, plan, 1)) }] });
    expectMessage(
      await call(t, "POST", `/api/recordings/${plan.recordingId}/complete`, cookie, {
        parts: [{ partNumber: 1, etag: md5Etag(partOf(wav, plan, 1)) }],
      }),
      409,
    );

    const parts = [{ partNumber: 1, etag: String(first.headers.get("etag")) }];
    for (let n = 2; n <= plan.partCount; n += 1) {
      const put = await putToBucket(await partUrl(t, cookie, plan.recordingId, n), partOf(wav, plan, n));
      expect(put.status).toBe(200);
      parts.push({ partNumber: n, etag: String(put.headers.get("etag")) });
    }
    const done = await call(t, "POST", `/api/recordings/${plan.recordingId}/complete`, cookie, { parts });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ kind: "wav", size: wav.length });
    expect(done.json().durationSeconds).toBeCloseTo(2.5, 1);
    expect(s3.objects.get(`recordings/${plan.recordingId}`)?.body.equals(wav)).toBe(true);
    expect(s3.uploads.has(row?.s3UploadId ?? "")).toBe(false);

    // The pipeline reads a temporary copy, removed on release.
    const opened = await openRecording(t.database.db, createObjectStore(t.config), plan.recordingId, user.id);
    expect(opened && readFileSync(opened.path).equals(wav)).toBe(true);
    await opened?.release();
    expect(existsSync(opened?.path ?? "")).toBe(false);
  });

  it("uploads a small file with one presigned PUT", async () => {
    const { cookie } = await registerUser(t.app);
    const plan = await start(t, cookie, "a.mp3", SPOKEN_MP3.length);
    expect(plan).toMatchObject({ multipart: false, partCount: 1 });
    const put = await putToBucket(await partUrl(t, cookie, plan.recordingId, 1), SPOKEN_MP3);
    expect(put.status).toBe(200);
    const done = await call(t, "POST", `/api/recordings/${plan.recordingId}/complete`, cookie, {
      parts: [{ partNumber: 1, etag: String(put.headers.get("etag")) }],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().kind).toBe("mp3");
  });

  it("refuses a text file by its content and deletes the object", async () => {
    const { cookie } = await registerUser(t.app);
    const text = Buffer.from("only words here\n".repeat(50));
    const plan = await start(t, cookie, "a.mp3", text.length);
    const put = await putToBucket(await partUrl(t, cookie, plan.recordingId, 1), text);
    const done = await call(t, "POST", `/api/recordings/${plan.recordingId}/complete`, cookie, {
      parts: [{ partNumber: 1, etag: String(put.headers.get("etag")) }],
    });
    expect(expectMessage(done, 415)).toBe(RECORDING_ERRORS.wrongType);
    expect(s3.objects.has(`recordings/${plan.recordingId}`)).toBe(false);
  });

  it("aborts the multipart upload on delete", async () => {
    const { cookie } = await registerUser(t.app);
    const wav = makeWav(2.5);
    const plan = await start(t, cookie, "talk.wav", wav.length);
    const uploadId = (await findRecording(t.database.db, plan.recordingId))?.s3UploadId ?? "";
    await putToBucket(await partUrl(t, cookie, plan.recordingId, 1), partOf(wav, plan, 1));
    expect(s3.uploads.get(uploadId)?.parts.size).toBe(1);
    expect((await call(t, "DELETE", `/api/recordings/${plan.recordingId}`, cookie)).statusCode).toBe(204);
    expect(s3.uploads.has(uploadId)).toBe(false);
    expect(s3.objects.has(`recordings/${plan.recordingId}`)).toBe(false);
    expect((await findRecording(t.database.db, plan.recordingId))?.status).toBe("aborted");
  });
});
