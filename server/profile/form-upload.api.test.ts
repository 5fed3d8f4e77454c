import { randomBytes } from "node:crypto";
import net from "node:net";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PICTURE_FORM_ANSWERS, type PictureFormAnswer, pictureAnswerIn } from "../../contract/picture-form";
import { AVATAR_SIZE, PROFILE_PICTURE_MAX_BYTES } from "../../contract/profile";
import { registerUser, TEST_ORIGIN } from "../../test/app";
import { profileUploads, users } from "../db/schema";
import { HTML_PAGE, makeJpegWithGps, makePng, PHP_AS_PNG } from "../storage/test-images";
import { UPLOAD_URLS_PER_HOUR } from "../storage/uploads";
import { DRAIN_LIMIT } from "./form-upload";
import { createProfileTestApp, type ProfileTestApp, recordUploads, requestUploadUrl } from "./test-app";

// POST /settings: the settings page's picture form posted without JavaScript (form-upload.ts).

let t: ProfileTestApp;
beforeAll(async () => {
  t = await createProfileTestApp();
});
afterAll(() => t?.close());

interface Part {
  name: string;
  value: Buffer | string;
  /** Set for a file part. */
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
function multipart(parts: Part[]) {
  const boundary = `----form${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += "\r\n";
    if (part.type) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const file = (value: Buffer, filename = "me.png", type = "image/png"): Part => ({
  name: "picture",
  value,
  filename,
  type,
});

function post(cookie: string | undefined, parts: Part[], headers: Record<string, string> = {}) {
  const body = multipart(parts);
  return t.app.inject({
    method: "POST",
    url: "/settings",
    headers: { origin: TEST_ORIGIN, "content-type": body.contentType, ...(cookie ? { cookie } : {}), ...headers },
    payload: body.payload,
  });
}

/** The answer a redirect to /settings carries. */
function answerOf(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.statusCode, response.body).toBe(303);
  const location = String(response.headers.location);
  expect(location.startsWith("/settings?")).toBe(true);
  return pictureAnswerIn(location.slice("/settings".length))?.answer;
}

async function pictureOf(userId: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row.profileImageUrl;
}

describe("POST /settings with a picture", () => {
  it("sets the user's picture, re-encoded as a square WebP without metadata", async () => {
    const { cookie, user } = await registerUser(t.app);
    const response = await post(cookie, [file(await makeJpegWithGps(), "holiday.jpg", "image/jpeg")]);
    expect(answerOf(response)).toBe("updated");

    const url = await pictureOf(user.id);
    expect(url).toMatch(/^\/media\/avatars\/[0-9a-f]{64}\.webp$/);
    const image = await t.app.inject({ method: "GET", url: url ?? "" });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: AVATAR_SIZE, height: AVATAR_SIZE });
    expect(meta.exif).toBeUndefined();

    // It counts against the hourly upload cap, and leaves no object behind.
    const rows = await t.database.db.select().from(profileUploads).where(eq(profileUploads.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].consumedAt).not.toBeNull();
  });

  it("takes exactly 5 MB", async () => {
    const { cookie } = await registerUser(t.app);
    const picture = await makePng();
    const exact = Buffer.concat([picture, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES - picture.length)]);
    expect(answerOf(await post(cookie, [file(exact)]))).toBe("updated");
  });

  it("takes a file the browser gives no type, by its extension", async () => {
    const { cookie, user } = await registerUser(t.app);
    expect(answerOf(await post(cookie, [file(await makePng(), "me.PNG", "application/octet-stream")]))).toBe("updated");
    expect(await pictureOf(user.id)).not.toBeNull();
  });

  it("signed out: to the sign-in page, nothing read or stored", async () => {
    const response = await post(undefined, [file(await makePng())]);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/login");
    const forged = await post("sid=forged.garbage", [file(await makePng())]);
    expect(forged.headers.location).toBe("/login");
  });

  it("from another site: the plain 403, not a redirect", async () => {
    const { cookie, user } = await registerUser(t.app);
    const response = await post(cookie, [file(await makePng())], { origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/another site/);
    expect(await pictureOf(user.id)).toBeNull();
  });
});

describe("what is refused, as the settings page with a fixed sentence", () => {
  it.each<[string, () => Promise<Part[]>, PictureFormAnswer]>([
    ["a file one byte over 5 MB", async () => [file(Buffer.alloc(PROFILE_PICTURE_MAX_BYTES + 1))], "too-large"],
    ["a text file", async () => [file(Buffer.from("hello"), "notes.txt", "text/plain")], "type"],
    ["an HTML page named .html", async () => [file(HTML_PAGE, "page.html", "text/html")], "type"],
    ["a PHP file named .png", async () => [file(PHP_AS_PNG)], "not-image"],
    ["an empty picture", async () => [file(Buffer.alloc(0), "me.png")], "empty"],
    ["no file chosen", async () => [file(Buffer.alloc(0), "", "application/octet-stream")], "no-file"],
    ["no file part at all", async () => [{ name: "other", value: "x" }], "no-file"],
    ["two files", async () => [file(await makePng()), file(await makePng(), "two.png")], "one-file"],
    ["a NUL in a field", async () => [{ name: "note", value: "a\u0000b" }, file(await makePng())], "unstorable"],
  ])("%s", async (_name, parts, expected) => {
    const { cookie, user } = await registerUser(t.app);
    const response = await post(cookie, await parts());
    expect(answerOf(response)).toBe(expected);
    expect(await pictureOf(user.id)).toBeNull();
    // The page shows the contract's sentence for it.
    expect(PICTURE_FORM_ANSWERS[expected]).toBeTruthy();
  });

  it("a body declared larger than the limit: refused before it is read", async () => {
    const { cookie } = await registerUser(t.app);
    const response = await post(cookie, [file(await makePng())], { "content-length": String(50 * 1024 * 1024) });
    expect(answerOf(response)).toBe("too-large");
  });

  it("a url-encoded post, a JSON body, junk multipart: a redirect with a sentence, never a 5xx", async () => {
    const { cookie } = await registerUser(t.app);
    const send = (contentType: string, payload: string) =>
      t.app.inject({
        method: "POST",
        url: "/settings",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": contentType },
        payload,
      });
    expect(answerOf(await send("application/x-www-form-urlencoded", "picture=me.png"))).toBe("no-file");
    expect(answerOf(await send("application/json", '{"picture":"x"}'))).toBe("no-file");
    // A form cut short carries no file; one busboy cannot read at all is a failure, not a 500.
    expect(answerOf(await send("multipart/form-data; boundary=x", "--x\r\nnonsense"))).toBe("no-file");
    expect(answerOf(await send("multipart/form-data", "no boundary"))).toBe("failed");
    expect(
      answerOf(
        await send("multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data\r\n\r\nx\r\n--x--"),
      ),
    ).toBe("no-file");
    expect(answerOf(await send("text/plain", "hello"))).toBe("no-file");
  });

  it("random bodies under any form content type: never a 5xx", async () => {
    const { cookie } = await registerUser(t.app);
    const png = await makePng(8, 8);
    const near = multipart([file(png)]).payload.toString("latin1");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "multipart/form-data; boundary=x",
          "multipart/form-data",
          "multipart/form-data; boundary=",
          "application/x-www-form-urlencoded",
        ),
        fc.oneof(
          fc.string({ unit: "binary", maxLength: 300 }),
          fc.string({ unit: "binary", maxLength: 40 }).map((junk) => `--x\r\n${junk}\r\n--x--`),
          fc.integer({ min: 0, max: near.length }).map((cut) => near.slice(0, cut)),
        ),
        async (contentType, payload) => {
          const response = await t.app.inject({
            method: "POST",
            url: "/settings",
            headers: { origin: TEST_ORIGIN, cookie, "content-type": contentType },
            payload,
          });
          expect(response.statusCode, response.body).toBe(303);
        },
      ),
      { numRuns: 150, seed: 15 },
    );
  });

  it("a NUL in the address", async () => {
    const { cookie } = await registerUser(t.app);
    const body = multipart([file(await makePng())]);
    const response = await t.app.inject({
      method: "POST",
      url: "/settings?x=%00",
      headers: { origin: TEST_ORIGIN, cookie, "content-type": body.contentType },
      payload: body.payload,
    });
    expect(answerOf(response)).toBe("unstorable");
  });

  it(`past ${UPLOAD_URLS_PER_HOUR} uploads an hour, with the upload URLs counted too`, async () => {
    const { cookie, user } = await registerUser(t.app);
    await recordUploads(t, user.id, UPLOAD_URLS_PER_HOUR);
    expect(answerOf(await post(cookie, [file(await makePng())]))).toBe("too-many-uploads");
    expect(await pictureOf(user.id)).toBeNull();
    expect((await requestUploadUrl(t, cookie)).statusCode).toBe(429);
  });

  it("the form's posts count against the cap the upload URLs use", async () => {
    const { cookie, user } = await registerUser(t.app);
    await recordUploads(t, user.id, UPLOAD_URLS_PER_HOUR - 1);
    expect(answerOf(await post(cookie, [file(await makePng())]))).toBe("updated");
    expect((await requestUploadUrl(t, cookie)).statusCode).toBe(429);
  });
});

describe("over a real connection", () => {
  let port = 0;
  beforeAll(async () => {
    port = Number(new URL(await t.app.listen({ port: 0, host: "127.0.0.1" })).port);
  });

  /** The head of a raw multipart POST to /settings, with the header that says how the body is sent. */
  const settingsPostHead = (cookie: string, bodyLength: string) =>
    [
      "POST /settings HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      `Origin: ${TEST_ORIGIN}`,
      `Cookie: ${cookie}`,
      "Content-Type: multipart/form-data; boundary=x",
      bodyLength,
      "",
      "",
    ].join("\r\n");

  /** Sends the head and the first bytes of a body as a raw request; answers what came back once the server closed, or after a while. */
  function rawPost(cookie: string, contentLength: number, bodyStart: Buffer, options: { waitMs: number }) {
    const head = settingsPostHead(cookie, `Content-Length: ${contentLength}`);
    return new Promise<{ text: string; closed: boolean }>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(Buffer.concat([Buffer.from(head), bodyStart])));
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString("latin1");
      });
      socket.on("close", () => resolve({ text, closed: true }));
      socket.on("error", reject);
      setTimeout(() => {
        socket.destroy();
        resolve({ text, closed: false });
      }, options.waitMs).unref();
    });
  }

  it("answers a body far over the limit at once and closes, without waiting for the rest", async () => {
    const { cookie } = await registerUser(t.app);
    // Only the head and a few bytes of 100 MB are sent: the server answers and closes on its own.
    const answer = await rawPost(cookie, 100 * 1024 * 1024, Buffer.from("--x\r\n"), { waitMs: 5000 });
    expect(answer.closed).toBe(true);
    expect(answer.text).toMatch(/^HTTP\/1\.1 303/);
    expect(answer.text).toMatch(/\r\nlocation: \/settings\?picture=too-large\r\n/i);
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
  });

  it(`reads a body a little over the limit (up to ${DRAIN_LIMIT} bytes) to its end, so a browser sees the answer`, async () => {
    const { cookie } = await registerUser(t.app);
    const answer = await rawPost(cookie, 8 * 1024 * 1024, Buffer.from("--x\r\n"), { waitMs: 500 });
    // Answered at once, and the connection is kept for the rest of the body.
    expect(answer.closed).toBe(false);
    expect(answer.text).toMatch(/^HTTP\/1\.1 303/);
    expect(answer.text).toMatch(/\r\nlocation: \/settings\?picture=too-large\r\n/i);
    expect(answer.text).not.toMatch(/\r\nconnection: close\r\n/i);
  });

  it("stops reading a file of unknown length at 5 MB", async () => {
    const { cookie } = await registerUser(t.app);
    const head = settingsPostHead(cookie, "Transfer-Encoding: chunked");
    const part = Buffer.from('--x\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\n\r\n');
    const result = await new Promise<{ text: string; sent: number }>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let text = "";
      let sent = 0;
      const chunk = (data: Buffer) =>
        Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
      const write = (data: Buffer) => {
        sent += data.length;
        return socket.write(chunk(data));
      };
      socket.on("connect", () => {
        socket.write(head);
        write(part);
        // An endless file, 64 KB at a time, until the server stops taking it.
        const pump = () => {
          while (!socket.destroyed && write(Buffer.alloc(64 * 1024))) {}
          if (!socket.destroyed) socket.once("drain", pump);
        };
        pump();
      });
      socket.on("data", (data) => {
        text += data.toString("latin1");
      });
      socket.on("close", () => resolve({ text, sent }));
      socket.on("error", () => {});
      setTimeout(() => reject(new Error(`still reading after ${sent} bytes`)), 10_000).unref();
    });
    // The server closed the connection soon after 5 MB (what was sent includes the sockets'
    // buffers). The client may see a reset instead of the answer: it never finished its body.
    expect(result.sent).toBeLessThan(64 * 1024 * 1024);
    if (result.text) expect(result.text).toMatch(/\r\nlocation: \/settings\?picture=too-large\r\n/i);
  });
});
