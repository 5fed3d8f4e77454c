import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ownBytes } from "../lib/own-bytes";
import type { PiecedBody } from "./gzip-pieces";

/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(?:application\/(?:json|xml|rss\+xml)|text\/)/;

export type Encoding = "br" | "gzip";

/**
 * The encoding to answer with: brotli when the browser takes it, else gzip, else none. A
 * q=0 entry refuses that encoding.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  return preferredEncoding(acceptedEncodings(acceptEncoding));
}

function preferredEncoding(accepted: Set<string>): Encoding | null {
  if (accepted.has("br")) return "br";
  if (takesGzip(accepted)) return "gzip";
  return null;
}

const EMPTY = Buffer.alloc(0);

const takesGzip = (accepted: Set<string>) => accepted.has("gzip") || accepted.has("*");

/** The encodings an Accept-Encoding header takes (a q=0 entry refuses one). */
function acceptedEncodings(acceptEncoding: string | undefined): Set<string> {
  const accepted = new Set<string>();
  if (!acceptEncoding) return accepted;
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name.trim());
  }
  return accepted;
}

/**
 * Fast settings for answers made per request: brotli quality 4 and gzip level 6 shrink JSON
 * and HTML about as well as the slow settings for a fraction of the CPU.
 */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * An answer encoded once per encoding and sent many times (see the read caches). Each encoding
 * is made the first time a client asks for it, not when the answer is built: most cached
 * answers are asked for in one encoding only, and an answer read once (a search nobody repeats)
 * then costs one compression, not two plus an unpacking. Once compressed, the plain copy is let
 * go (nearly every browser takes br or gzip) and remade from a compressed one for the rare
 * client that takes neither.
 */
export class EncodedBody {
  private identity: Buffer | null;
  private readonly compressed: { br: Buffer | null; gzip: Buffer | null } = { br: null, gzip: null };
  private sends = 0;

  constructor(
    readonly status: number,
    readonly contentType: string,
    body: string | Buffer,
  ) {
    this.identity = typeof body === "string" ? Buffer.from(body) : body;
  }

  /**
   * Kept compressed from the start (brotli, what nearly every browser takes), so a cache of many
   * answers holds a few KB each whoever asked first; a client that takes no encoding gets it unpacked.
   */
  compact(): this {
    this.bytes("br");
    return this;
  }

  /**
   * An answer made as gzip (joined from kept pieces: server/articles/summary-pieces.ts). Brotli
   * is made only when it is asked for again: an answer read once (a search nobody repeats) is
   * never compressed at all.
   */
  static gzipped(contentType: string, gzip: Buffer, status = 200): EncodedBody {
    // A small answer ("[]") goes out as it is, like any other below MIN_BYTES.
    if (gzip.length < MIN_BYTES) return new EncodedBody(status, contentType, gunzipSync(gzip));
    const answer = new EncodedBody(status, contentType, EMPTY);
    answer.identity = null;
    answer.compressed.gzip = gzip;
    return answer;
  }

  /**
   * The encoding to send to a client that takes `accepted`: its preferred one (chooseEncoding),
   * except that the first time an answer is sent, an encoding it holds already does, so the
   * answer is compressed anew only if someone asks for it again.
   */
  encodingFor(accepted: Set<string>): Encoding | null {
    const preferred = preferredEncoding(accepted);
    const first = this.sends++ === 0;
    if (first && preferred === "br" && !this.compressed.br && this.compressed.gzip && takesGzip(accepted))
      return "gzip";
    return preferred;
  }

  /** The bytes to send to a client that takes `encoding` (null: none), and their encoding. */
  bytes(encoding: Encoding | null): { body: Buffer; encoding: Encoding | null } {
    const held = encoding ? this.compressed[encoding] : null;
    if (encoding && held) return { body: held, encoding };
    const plain = this.plain();
    if (!encoding || plain.length < MIN_BYTES) return { body: plain, encoding: null };
    // Kept for as long as the answer is cached: in memory of its own size (a brotli answer is
    // otherwise a view of zlib's 16 KB work buffer).
    const encoded = ownBytes(compress(plain, encoding));
    this.compressed[encoding] = encoded;
    this.identity = null;
    return { body: encoded, encoding };
  }

  private plain(): Buffer {
    if (this.identity) return this.identity;
    const { br, gzip } = this.compressed;
    // Only ever unpacked for a client that takes no encoding (or a second one): not kept.
    return gzip ? gunzipSync(gzip) : brotliDecompressSync(br ?? Buffer.alloc(0));
  }
}

export function encodeBody(body: string | Buffer, contentType: string, status = 200): EncodedBody {
  return new EncodedBody(status, contentType, body);
}

/** Sends a pre-encoded answer in the best encoding the browser accepts. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, answer: EncodedBody): FastifyReply {
  const { body, encoding } = answer.bytes(answer.encodingFor(acceptedEncodings(request.headers["accept-encoding"])));
  reply.status(answer.status).header("content-type", answer.contentType).header("vary", "accept-encoding");
  // A client that takes no encoding is left alone by the compression hook too.
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(body);
}

/**
 * Sends a page kept mostly compressed (gzip-pieces.ts) as gzip when the browser takes it, even
 * when it prefers brotli: joining kept pieces costs a tenth of what compressing the page again
 * would. Otherwise its text, which the hook below compresses as usual.
 */
export function sendPieced(request: FastifyRequest, reply: FastifyReply, body: PiecedBody): FastifyReply {
  if (request.method === "HEAD" || !takesGzip(acceptedEncodings(request.headers["accept-encoding"]))) {
    return reply.send(body.plain());
  }
  return reply.header("vary", "accept-encoding").header("content-encoding", "gzip").send(body.gzip());
}

/**
 * Sends JSON the route wrote itself (text that matches its response schema, as a test checks):
 * the schema's serializer, which checks and copies every field, is for answers built per request.
 * The compression hook below still compresses it.
 */
export function sendJsonText(reply: FastifyReply, text: string | Buffer): FastifyReply {
  return reply.header("content-type", "application/json; charset=utf-8").send(text);
}

/**
 * Compresses JSON, HTML and other text answers the app builds per request. Static files come
 * precompressed from the build and pre-encoded answers carry their encoding already: both are
 * left alone.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader("content-encoding") || request.method === "HEAD") return payload;
    const type = String(reply.getHeader("content-type") ?? "");
    if (!COMPRESSIBLE.test(type)) return payload;
    const body = typeof payload === "string" ? Buffer.from(payload) : payload;
    if (body.length < MIN_BYTES) return payload;
    reply.header("vary", "accept-encoding");
    const encoding = chooseEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    return compress(body, encoding);
  });
}
