import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { chooseEncoding, EncodedBody, encodeBody, registerCompression, sendEncoded } from "./compression";

describe("chooseEncoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    ["gzip", "gzip"],
    ["gzip, deflate, br", "br"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.0, gzip;q=0", null],
    ["BR", "br"],
    ["*", "gzip"],
    ["deflate", null],
  ])("%j -> %j", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

async function appWith(body: string, type: string) {
  const app = Fastify();
  registerCompression(app);
  app.get("/", (_request, reply) => reply.header("content-type", type).send(body));
  app.get("/encoded", (request, reply) => sendEncoded(request, reply, encodeBody(body, type)));
  await app.ready();
  return app;
}

describe("compression", () => {
  const big = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Article ${i}` })));

  it("compresses JSON the browser accepts, and says so", async () => {
    const app = await appWith(big, "application/json; charset=utf-8");
    const br = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big);
    expect(br.rawPayload.length).toBeLessThan(big.length / 3);
    const gz = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(big);
    const plain = await app.inject({ url: "/" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(big);
  });

  it("leaves small answers and binary types alone", async () => {
    const small = await appWith('{"ok":true}', "application/json");
    expect((await small.inject({ url: "/", headers: { "accept-encoding": "br" } })).headers["content-encoding"]).toBe(
      undefined,
    );
    const image = await appWith(big, "image/webp");
    expect((await image.inject({ url: "/", headers: { "accept-encoding": "br" } })).headers["content-encoding"]).toBe(
      undefined,
    );
  });

  it("sends pre-encoded answers once, in the accepted encoding", async () => {
    const app = await appWith(big, "application/json");
    const gz = await app.inject({ url: "/encoded", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(big);
    const plain = await app.inject({ url: "/encoded" });
    expect(plain.body).toBe(big);
    expect(plain.headers["content-type"]).toBe("application/json");
  });
});

describe("EncodedBody", () => {
  const big = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Article ${i}` })));

  it("compresses only in the encodings asked for, once each, and still answers plain clients", () => {
    const answer = encodeBody(big, "application/json");
    const plain = answer.bytes(null);
    expect(plain).toEqual({ body: Buffer.from(big), encoding: null });
    const br = answer.bytes("br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(big);
    // The same bytes the second time: compressed once, kept.
    expect(answer.bytes("br").body).toBe(br.body);
    // Remade from the compressed copy once the plain one is let go.
    expect(answer.bytes(null).body.toString()).toBe(big);
    const gzip = answer.bytes("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(big);
    expect(answer.bytes("gzip").body).toBe(gzip.body);
    expect(answer.bytes(null).body.toString()).toBe(big);
  });

  it("kept compact, holds only the compressed copy whoever asks first, and still answers plain clients", () => {
    const answer = encodeBody(Buffer.from(big), "application/json").compact();
    const plain = answer.bytes(null).body;
    expect(plain.toString()).toBe(big);
    // Unpacked for the plain client, not kept: each asks anew and gets equal, not the same, bytes.
    expect(answer.bytes(null).body).not.toBe(plain);
    expect(brotliDecompressSync(answer.bytes("br").body).toString()).toBe(big);
  });

  it("never compresses a small answer", () => {
    expect(encodeBody('{"ok":true}', "application/json").bytes("br")).toEqual({
      body: Buffer.from('{"ok":true}'),
      encoding: null,
    });
  });

  it("made as gzip, goes out as gzip the first time even to a client that prefers brotli, then in the preferred encoding", () => {
    // Text that stays above the small-answer line when compressed.
    const big = JSON.stringify(Array.from({ length: 100 }, () => randomBytes(16).toString("hex")));
    const answer = EncodedBody.gzipped("application/json", gzipSync(big));
    const both = new Set(["br", "gzip"]);
    expect(answer.encodingFor(both)).toBe("gzip");
    expect(gunzipSync(answer.bytes("gzip").body).toString()).toBe(big);
    // Asked again: worth compressing the way the client prefers.
    expect(answer.encodingFor(both)).toBe("br");
    expect(brotliDecompressSync(answer.bytes("br").body).toString()).toBe(big);
    // A client that takes only brotli, or nothing, still gets the same text.
    const brOnly = EncodedBody.gzipped("application/json", gzipSync(big));
    expect(brOnly.encodingFor(new Set(["br"]))).toBe("br");
    expect(brotliDecompressSync(brOnly.bytes("br").body).toString()).toBe(big);
    expect(EncodedBody.gzipped("application/json", gzipSync(big)).bytes(null).body.toString()).toBe(big);
  });

  it("made as gzip but small, goes out as it is", () => {
    const answer = EncodedBody.gzipped("application/json", gzipSync("[]"));
    expect(answer.bytes(answer.encodingFor(new Set(["br", "gzip"])))).toEqual({
      body: Buffer.from("[]"),
      encoding: null,
    });
  });
});
