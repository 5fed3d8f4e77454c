import { brotliCompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(?:application\/(?:json|xml|rss\+xml)|text\/)/;

export type Encoding = "br" | "gzip";

/**
 * The encoding to answer with: brotli when the browser takes it, else gzip, else none. A
 * q=0 entry refuses that encoding.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
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
 * An answer encoded once and sent many times (see the read caches). A compressible answer is
 * kept only compressed: nearly every browser takes br or gzip, and the rare client that takes
 * neither gets the gzip copy unpacked, which costs less than keeping a third copy in memory.
 */
export interface EncodedBody {
  status: number;
  contentType: string;
  identity: Buffer | null;
  br: Buffer | null;
  gzip: Buffer | null;
}

export function encodeBody(body: string, contentType: string, status = 200): EncodedBody {
  const identity = Buffer.from(body);
  if (identity.length < MIN_BYTES) return { status, contentType, identity, br: null, gzip: null };
  return { status, contentType, identity: null, br: compress(identity, "br"), gzip: compress(identity, "gzip") };
}

/** Sends a pre-encoded answer in the best encoding the browser accepts. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  const encoding = chooseEncoding(request.headers["accept-encoding"]);
  const encoded = encoding ? body[encoding] : null;
  reply.status(body.status).header("content-type", body.contentType).header("vary", "accept-encoding");
  if (encoding && encoded) return reply.header("content-encoding", encoding).send(encoded);
  // A client that takes no encoding is left alone by the compression hook too.
  return reply.send(body.identity ?? gunzipSync(body.gzip ?? Buffer.alloc(0)));
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
