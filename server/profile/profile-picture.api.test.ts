import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AVATAR_SIZE, PROFILE_PICTURE_MAX_BYTES } from "../../contract/profile";
import { registerUser, TEST_ORIGIN } from "../../test/app";
import { profileUploads, users } from "../db/schema";
import { NOT_AN_IMAGE } from "../storage/image";
import { newUploadKey } from "../storage/keys";
import {
  exifTags,
  HTML_PAGE,
  makeGif,
  makeGifPolyglot,
  makeJpeg,
  makeJpegWithGps,
  makePng,
  PHP_AS_PNG,
  SVG_WITH_SCRIPT,
} from "../storage/test-images";
import { signUploadToken } from "../storage/upload-token";
import { UPLOAD_URLS_PER_HOUR } from "../storage/uploads";
import { ALREADY_USED, NOT_AN_UPLOAD_URL, NOT_YOURS, NOTHING_UPLOADED } from "./service";
import { createProfileTestApp, type ProfileTestApp, requestUploadUrl, uploadUrl } from "./test-app";

let t: ProfileTestApp;
beforeAll(async () => {
  t = await createProfileTestApp();
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const json = { origin: TEST_ORIGIN, "content-type": "application/json" };

/** PUTs the raw bytes to an upload URL as the browser does: one request, the file as the body. */
function putFile(uploadURL: string, bytes: Buffer, headers: Record<string, string> = {}) {
  const { pathname } = new URL(uploadURL);
  return t.app.inject({
    method: "PUT",
    url: pathname,
    headers: { origin: TEST_ORIGIN, "content-type": "image/png", ...headers },
    payload: bytes,
  });
}

function savePicture(cookie: string | undefined, profilePictureURL: unknown) {
  return t.app.inject({
    method: "PUT",
    url: "/api/profile-picture",
    headers: { ...json, ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ profilePictureURL }),
  });
}

/** The whole journey for one file: URL, PUT, save. Answers the save response. */
async function uploadAndSave(cookie: string, bytes: Buffer, contentType = "image/png") {
  const url = await uploadUrl(t, cookie);
  const put = await putFile(url, bytes, { "content-type": contentType });
  expect(put.statusCode, put.body).toBe(204);
  return { url, saved: await savePicture(cookie, url) };
}

const keyOf = (uploadURL: string) => {
  const token = new URL(uploadURL).pathname.split("/").pop() ?? "";
  return JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString()).k as string;
};
const uploadsOf = (userId: string) => {
  const dir = join(t.dataDir, "uploads", userId);
  return existsSync(dir) ? readdirSync(dir) : [];
};
const getAvatar = (url: string) => t.app.inject({ method: "GET", url });

describe("signed in only", () => {
  it("answers visitors 401 on both endpoints, whatever they send", async () => {
    const upload = await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { origin: TEST_ORIGIN } });
    expect(upload.statusCode).toBe(401);
    expect((await savePicture(undefined, "uploads/whatever")).statusCode).toBe(401);
    expect((await savePicture(undefined, 42)).statusCode).toBe(401);
  });
});

describe("POST /api/objects/upload", () => {
  it("answers a signed URL for one object under the user's own prefix", async () => {
    const { cookie, user } = await registerUser(t.app);
    const url = await uploadUrl(t, cookie);
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const key = keyOf(url);
    expect(key).toMatch(new RegExp(`^uploads/${user.id}/[A-Za-z0-9_-]{32}$`));
    const [row] = await t.database.db.select().from(profileUploads).where(eq(profileUploads.key, key));
    expect(row.userId).toBe(user.id);
    const ttl = row.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(keyOf(await uploadUrl(t, cookie))).not.toBe(key);
  });

  it(`gives one account at most ${UPLOAD_URLS_PER_HOUR} URLs an hour`, async () => {
    const { cookie } = await registerUser(t.app);
    for (let i = 0; i < UPLOAD_URLS_PER_HOUR; i += 1) await uploadUrl(t, cookie);
    const refused = await requestUploadUrl(t, cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/too many uploads/);
    // Another account is not affected.
    await uploadUrl(t, (await registerUser(t.app)).cookie);
  });
});

describe("the whole journey", () => {
  it.each([
    ["PNG", makePng, "image/png"],
    ["JPEG", makeJpeg, "image/jpeg"],
    ["GIF", makeGif, "image/gif"],
  ] as const)("a %s becomes a square WebP avatar, shown on the user", async (_name, make, type) => {
    const { cookie, user } = await registerUser(t.app);
    const { url, saved } = await uploadAndSave(cookie, await make(), type);
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json();
    expect(body).toMatchObject({ id: user.id, email: user.email, firstName: "Ama" });
    expect(body.passwordHash).toBeUndefined();
    expect(body.profileImageUrl).toMatch(/^\/media\/avatars\/[0-9a-f]{64}\.webp$/);

    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.json().profileImageUrl).toBe(body.profileImageUrl);

    const image = await getAvatar(body.profileImageUrl);
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: AVATAR_SIZE, height: AVATAR_SIZE });

    // The original upload is gone; the row remembers it was used.
    expect(uploadsOf(user.id)).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(profileUploads)
      .where(eq(profileUploads.key, keyOf(url)));
    expect(row.uploadedAt).not.toBeNull();
    expect(row.consumedAt).not.toBeNull();
  });

  it("takes the file whatever Content-Type the browser gives it", async () => {
    const { cookie } = await registerUser(t.app);
    for (const type of ["application/octet-stream", "application/json", "text/plain", ""]) {
      const url = await uploadUrl(t, cookie);
      const headers: Record<string, string> = type ? { "content-type": type } : {};
      const put = await t.app.inject({
        method: "PUT",
        url: new URL(url).pathname,
        headers: { origin: TEST_ORIGIN, ...headers },
        payload: await makePng(),
      });
      expect(put.statusCode, `${type}: ${put.body}`).toBe(204);
      expect((await savePicture(cookie, url)).statusCode).toBe(200);
    }
  });

  it("accepts the bare object key as well as the URL", async () => {
    const { cookie } = await registerUser(t.app);
    const url = await uploadUrl(t, cookie);
    expect((await putFile(url, await makePng())).statusCode).toBe(204);
    expect((await savePicture(cookie, keyOf(url))).statusCode).toBe(200);
  });

  it("replaces the previous picture and deletes it when nobody else shows it", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    // A colour no other test uses: equal pixels make equal avatars, whoever uploads them.
    const picture = await makePng(100, 100, "#a1b2c3");
    const first = (await uploadAndSave(a.cookie, picture)).saved.json().profileImageUrl;
    // b happens to upload the very same picture: one file, two users.
    const shared = (await uploadAndSave(b.cookie, picture)).saved.json().profileImageUrl;
    expect(shared).toBe(first);

    const second = (await uploadAndSave(a.cookie, await makeJpeg())).saved.json().profileImageUrl;
    expect(second).not.toBe(first);
    expect((await getAvatar(first)).statusCode).toBe(200);

    const third = (await uploadAndSave(b.cookie, await makeGif())).saved.json().profileImageUrl;
    expect(third).not.toBe(first);
    expect((await getAvatar(first)).statusCode).toBe(404);
    expect((await getAvatar(second)).statusCode).toBe(200);
  });
});

describe("what is refused", () => {
  it("a 6 MB file: 413 at the upload, and nothing to save", async () => {
    const { cookie, user } = await registerUser(t.app);
    const url = await uploadUrl(t, cookie);
    const big = Buffer.concat([await makePng(), Buffer.alloc(6 * 1024 * 1024)]);
    const put = await putFile(url, big);
    expect(put.statusCode).toBe(413);
    expect(put.json().message).toMatch(/larger than 5MB/);
    expect(uploadsOf(user.id)).toEqual([]);
    const saved = await savePicture(cookie, url);
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toBe(NOTHING_UPLOADED);
  });

  it("one byte over 5 MB, and takes exactly 5 MB", async () => {
    const { cookie } = await registerUser(t.app);
    const over = await putFile(await uploadUrl(t, cookie), Buffer.alloc(PROFILE_PICTURE_MAX_BYTES + 1));
    expect(over.statusCode).toBe(413);
    const png = await makePng();
    const exact = Buffer.concat([png, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES - png.length)]);
    const url = await uploadUrl(t, cookie);
    expect((await putFile(url, exact)).statusCode).toBe(204);
    expect((await savePicture(cookie, url)).statusCode).toBe(200);
  });

  it("an empty file", async () => {
    const { cookie } = await registerUser(t.app);
    const put = await putFile(await uploadUrl(t, cookie), Buffer.alloc(0));
    expect(put.statusCode).toBe(400);
  });

  it.each([
    ["a PHP file named .png", PHP_AS_PNG, "image/png"],
    ["an SVG with a script", SVG_WITH_SCRIPT, "image/svg+xml"],
    ["an HTML page", HTML_PAGE, "text/html"],
    ["HTML after a GIF header", Buffer.concat([Buffer.from("GIF89a"), HTML_PAGE]), "image/gif"],
  ])("%s: 400 with a clear message, upload deleted, picture unchanged", async (_name, bytes, type) => {
    const { cookie, user } = await registerUser(t.app);
    const { saved } = await uploadAndSave(cookie, bytes, type);
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toMatch(/JPG, PNG or GIF|could not be read/);
    expect(uploadsOf(user.id)).toEqual([]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.profileImageUrl).toBeNull();
  });

  it("says which formats it takes", async () => {
    const { cookie } = await registerUser(t.app);
    expect((await uploadAndSave(cookie, PHP_AS_PNG)).saved.json().message).toBe(NOT_AN_IMAGE);
  });

  it("someone else's object: 403, and the owner can still use it", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const url = await uploadUrl(t, owner.cookie);
    expect((await putFile(url, await makePng())).statusCode).toBe(204);

    for (const stolen of [url, keyOf(url), new URL(url).pathname]) {
      const response = await savePicture(other.cookie, stolen);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NOT_YOURS);
    }
    // A key under someone else's prefix that was never issued is theirs too.
    expect((await savePicture(other.cookie, newUploadKey(owner.user.id))).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row.profileImageUrl).toBeNull();
    expect((await savePicture(owner.cookie, url)).statusCode).toBe(200);
  });

  it("a URL that is not one of our upload URLs: 400", async () => {
    const { cookie, user } = await registerUser(t.app);
    for (const bad of [
      "https://evil.example/picture.png",
      "/etc/passwd",
      `uploads/${user.id}/../../app-secret`,
      "/api/uploads/not-a-token",
      "javascript:alert(1)",
      "/media/avatars/0000000000000000000000000000000000000000000000000000000000000000.webp",
    ]) {
      const response = await savePicture(cookie, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBe(NOT_AN_UPLOAD_URL);
    }
    expect((await savePicture(cookie, "")).statusCode).toBe(400);
    expect((await savePicture(cookie, null)).json().message).toBe("profilePictureURL is required");
  });

  it("a URL of ours that was never issued: 404", async () => {
    const { cookie, user } = await registerUser(t.app);
    const response = await savePicture(cookie, newUploadKey(user.id));
    expect(response.statusCode).toBe(404);
  });

  it("saving before anything was uploaded: 400, and the URL still works afterwards", async () => {
    const { cookie } = await registerUser(t.app);
    const url = await uploadUrl(t, cookie);
    const early = await savePicture(cookie, url);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(NOTHING_UPLOADED);
    expect((await putFile(url, await makePng())).statusCode).toBe(204);
    expect((await savePicture(cookie, url)).statusCode).toBe(200);
  });
});

describe("single use and expiry", () => {
  it("a reused upload URL: 410", async () => {
    const { cookie } = await registerUser(t.app);
    const url = await uploadUrl(t, cookie);
    expect((await putFile(url, await makePng())).statusCode).toBe(204);
    const again = await putFile(url, await makeJpeg(), { "content-type": "image/jpeg" });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/already been used/);
  });

  it("two PUTs racing with one URL: exactly one wins", async () => {
    const { cookie } = await registerUser(t.app);
    const url = await uploadUrl(t, cookie);
    const png = await makePng();
    const results = await Promise.all([putFile(url, png), putFile(url, png), putFile(url, png)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 410, 410]);
  });

  it("an upload saved twice: 409 the second time", async () => {
    const { cookie } = await registerUser(t.app);
    const { url, saved } = await uploadAndSave(cookie, await makePng());
    expect(saved.statusCode).toBe(200);
    const again = await savePicture(cookie, url);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_USED);
  });

  it("an expired URL: 403 'Request has expired' (the clock moves on 10 minutes)", async () => {
    const { cookie, user } = await registerUser(t.app);
    const url = await uploadUrl(t, cookie);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    const put = await putFile(url, await makePng());
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe("Request has expired");
    expect(uploadsOf(user.id)).toEqual([]);
  });

  it("a token whose expiry has passed, signed with the app's secret: 403 'Request has expired'", async () => {
    const { user } = await registerUser(t.app);
    const key = newUploadKey(user.id);
    const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    await t.database.db.insert(profileUploads).values({ key, userId: user.id, expiresAt });
    const token = signUploadToken(t.config.appSecret, { key, userId: user.id, expiresAt });
    const put = await putFile(`http://localhost/api/uploads/${token}`, await makePng());
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe("Request has expired");
  });

  it("a forged or re-pointed token: 403", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const url = await uploadUrl(t, a.cookie);
    const token = new URL(url).pathname.split("/").pop() ?? "";
    const [payload, signature] = token.split(".");
    const forgedPayload = Buffer.from(
      JSON.stringify({ k: newUploadKey(b.user.id), u: b.user.id, e: Math.floor(Date.now() / 1000) + 600 }),
    ).toString("base64url");
    for (const forged of [`${forgedPayload}.${signature}`, `${payload}.${"A".repeat(43)}`, "nonsense"]) {
      const put = await putFile(`http://localhost/api/uploads/${forged}`, await makePng());
      expect(put.statusCode).toBe(403);
      expect(put.json().message).toMatch(/not valid/);
    }
    // A real signature for a key that was never issued is refused too.
    const key = newUploadKey(a.user.id);
    const unissued = signUploadToken(t.config.appSecret, {
      key,
      userId: a.user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await putFile(`http://localhost/api/uploads/${unissued}`, await makePng())).statusCode).toBe(403);
  });
});

describe("what is stored and served", () => {
  it("a JPEG with GPS EXIF loses it all", async () => {
    const { cookie } = await registerUser(t.app);
    const photo = await makeJpegWithGps();
    expect(exifTags((await sharp(photo).metadata()).exif).gps.length).toBeGreaterThan(0);
    const { saved } = await uploadAndSave(cookie, photo, "image/jpeg");
    expect(saved.statusCode).toBe(200);
    const stored = (await getAvatar(saved.json().profileImageUrl)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.toString("latin1")).not.toMatch(/Exif|Secret Model|PocketCam|Jane Doe/);
  });

  it("a GIF polyglot is redrawn: the stored file is an image without the payload", async () => {
    const { cookie } = await registerUser(t.app);
    const { saved } = await uploadAndSave(cookie, await makeGifPolyglot(), "image/gif");
    expect(saved.statusCode).toBe(200);
    const image = await getAvatar(saved.json().profileImageUrl);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect((await sharp(image.rawPayload).metadata()).format).toBe("webp");
    expect(image.rawPayload.toString("latin1")).not.toMatch(/<script|<\?php|<html/i);
  });

  it("images come with a content type, nosniff, a year of cache and a CSP that allows nothing", async () => {
    const { cookie } = await registerUser(t.app);
    const { saved } = await uploadAndSave(cookie, await makePng());
    const image = await getAvatar(saved.json().profileImageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(image.headers["content-security-policy"]).toBe("default-src 'none'");
    expect(Number(image.headers["content-length"])).toBe(image.rawPayload.length);
    // Visitors see pictures too: authors' avatars show on public pages.
    expect(image.headers["set-cookie"]).toBeUndefined();
  });

  it.each([
    "/media/avatars/0000000000000000000000000000000000000000000000000000000000000000.webp",
    "/media/avatars/..%2f..%2fapp-secret",
    "/media/avatars/%2e%2e%2fapp-secret",
    "/media/avatars/x.svg",
  ])("%s: 404", async (url) => {
    expect((await getAvatar(url)).statusCode).toBe(404);
  });
});

describe("the upload PUT and the cross-origin guard", () => {
  it("takes a PUT from our own page, by Origin or Sec-Fetch-Site, with no cookie needed", async () => {
    const { cookie } = await registerUser(t.app);
    const first = await t.app.inject({
      method: "PUT",
      url: new URL(await uploadUrl(t, cookie)).pathname,
      headers: { origin: "http://localhost:5000", "content-type": "image/png" },
      payload: await makePng(),
    });
    expect(first.statusCode).toBe(204);
    const second = await t.app.inject({
      method: "PUT",
      url: new URL(await uploadUrl(t, cookie)).pathname,
      headers: { "sec-fetch-site": "same-origin", "content-type": "image/png" },
      payload: await makePng(),
    });
    expect(second.statusCode).toBe(204);
  });

  it("refuses a PUT from another site", async () => {
    const { cookie } = await registerUser(t.app);
    const url = await uploadUrl(t, cookie);
    const response = await putFile(url, await makePng(), { origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    // The refused attempt did not use the URL up.
    expect((await putFile(url, await makePng())).statusCode).toBe(204);
  });

  it("reads JSON as before on every other endpoint", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: TEST_ORIGIN, "content-type": "image/png" },
      payload: "x",
    });
    expect(response.statusCode).toBe(415);
  });
});
