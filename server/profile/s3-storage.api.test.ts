import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATAR_SIZE } from "../../contract/profile";
import { registerUser, TEST_ORIGIN } from "../../test/app";
import { type FakeS3, fakeS3Env, startFakeS3 } from "../storage/fake-s3";
import { makeGifPolyglot, makeJpegWithGps, makePng, PHP_AS_PNG } from "../storage/test-images";
import { NOT_YOURS, TOO_LARGE } from "./service";
import { createProfileTestApp, type ProfileTestApp, uploadUrl } from "./test-app";

/*
 * STORAGE=s3 against a fake S3 on loopback: the browser's PUT goes straight to the presigned
 * URL, and the same checks run when the picture is saved.
 */
let s3: FakeS3;
let t: ProfileTestApp;
beforeAll(async () => {
  s3 = await startFakeS3("pictures");
  t = await createProfileTestApp({
    ...fakeS3Env(s3),
    S3_PUBLIC_URL: "https://cdn.example.com/pictures",
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** The browser's PUT, straight to the bucket. */
const putToBucket = (url: string, bytes: Buffer, type = "image/png") =>
  fetch(url, { method: "PUT", body: new Uint8Array(bytes), headers: { "content-type": type } });

const savePicture = (cookie: string, profilePictureURL: string) =>
  t.app.inject({
    method: "PUT",
    url: "/api/profile-picture",
    headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" },
    payload: JSON.stringify({ profilePictureURL }),
  });

const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).slice(`/${s3.bucket}/`.length);

describe("STORAGE=s3", () => {
  it("presigns a path-style PUT under the user's prefix, valid ten minutes", async () => {
    const { cookie, user } = await registerUser(t.app);
    const url = new URL(await uploadUrl(t, cookie));
    expect(url.origin).toBe(s3.endpoint);
    expect(keyOf(url.toString())).toMatch(new RegExp(`^uploads/${user.id}/[A-Za-z0-9_-]{32}$`));
    // Signed to end when the upload record does: ten minutes from the request, less the
    // seconds a loaded machine takes between the two.
    const expires = Number(url.searchParams.get("X-Amz-Expires"));
    expect(expires).toBeGreaterThanOrEqual(590);
    expect(expires).toBeLessThanOrEqual(600);
  });

  it("re-encodes the uploaded object, stores the avatar in the bucket and deletes the upload", async () => {
    const { cookie } = await registerUser(t.app);
    const url = await uploadUrl(t, cookie);
    expect((await putToBucket(url, await makeJpegWithGps(), "image/jpeg")).status).toBe(200);
    const saved = await savePicture(cookie, url);
    expect(saved.statusCode, saved.body).toBe(200);
    const imageUrl: string = saved.json().profileImageUrl;
    expect(imageUrl).toMatch(/^https:\/\/cdn\.example\.com\/pictures\/avatars\/[0-9a-f]{64}\.webp$/);

    const stored = s3.objects.get(imageUrl.slice("https://cdn.example.com/pictures/".length));
    expect(stored?.contentType).toBe("image/webp");
    expect(stored?.cacheControl).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(stored?.body).metadata();
    expect(meta).toMatchObject({ format: "webp", width: AVATAR_SIZE, height: AVATAR_SIZE });
    expect(meta.exif).toBeUndefined();
    expect(s3.objects.has(keyOf(url))).toBe(false);
  });

  it("neutralises a GIF polyglot there too", async () => {
    const { cookie } = await registerUser(t.app);
    const url = await uploadUrl(t, cookie);
    await putToBucket(url, await makeGifPolyglot(), "image/gif");
    const saved = await savePicture(cookie, url);
    expect(saved.statusCode).toBe(200);
    const stored = s3.objects.get(saved.json().profileImageUrl.slice("https://cdn.example.com/pictures/".length));
    expect(stored?.body.toString("latin1")).not.toMatch(/<script|<html/);
  });

  it("checks the size after the fact (a presigned PUT cannot limit it): 413, object deleted", async () => {
    const { cookie } = await registerUser(t.app);
    const url = await uploadUrl(t, cookie);
    await putToBucket(url, Buffer.concat([await makePng(), Buffer.alloc(6 * 1024 * 1024)]));
    const saved = await savePicture(cookie, url);
    expect(saved.statusCode).toBe(413);
    expect(saved.json().message).toBe(TOO_LARGE);
    expect(s3.objects.has(keyOf(url))).toBe(false);
  });

  it("refuses what is not a picture and someone else's object", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const php = await uploadUrl(t, owner.cookie);
    await putToBucket(php, PHP_AS_PNG);
    expect((await savePicture(owner.cookie, php)).statusCode).toBe(400);
    expect(s3.objects.has(keyOf(php))).toBe(false);

    const url = await uploadUrl(t, owner.cookie);
    await putToBucket(url, await makePng());
    const stolen = await savePicture(other.cookie, url);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe(NOT_YOURS);
    expect(s3.objects.has(keyOf(url))).toBe(true);
    expect((await savePicture(owner.cookie, url)).statusCode).toBe(200);
    expect((await savePicture(owner.cookie, url)).statusCode).toBe(409);
  });

  it("serves no local upload or media routes", async () => {
    const put = await t.app.inject({ method: "PUT", url: "/api/uploads/x.y", headers: { origin: TEST_ORIGIN } });
    expect(put.statusCode).toBe(404);
  });
});
