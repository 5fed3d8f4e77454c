import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A tiny S3 stand-in on loopback for tests: path-style PUT, GET, HEAD and DELETE of objects in
 * memory, and presigned URLs refused once past their X-Amz-Date + X-Amz-Expires, as S3 does.
 * Signatures are not checked (the SDK makes them); their presence and shape are.
 */

export interface FakeObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  objects: Map<string, FakeObject>;
  /** Every request seen, as "METHOD /path?query". */
  requests: string[];
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** X-Amz-Date is yyyyMMddTHHmmssZ. */
function amzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : Number.NaN;
}

export async function startFakeS3(bucket = "avatars-test"): Promise<FakeS3> {
  const objects = new Map<string, FakeObject>();
  const requests: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-s3");
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const prefix = `/${bucket}/`;
    if (!url.pathname.startsWith(prefix)) {
      response.writeHead(404, { "content-type": "application/xml" }).end(xmlError("NoSuchBucket", "No such bucket"));
      return;
    }
    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    const body = await readBody(request);

    if (url.searchParams.has("X-Amz-Signature")) {
      const expires = Number(url.searchParams.get("X-Amz-Expires"));
      const signedAt = amzDate(url.searchParams.get("X-Amz-Date") ?? "");
      if (!Number.isFinite(signedAt) || !(expires > 0) || Date.now() > signedAt + expires * 1000) {
        response
          .writeHead(403, { "content-type": "application/xml" })
          .end(xmlError("AccessDenied", "Request has expired"));
        return;
      }
    } else if (!/^AWS4-HMAC-SHA256 Credential=/.test(request.headers.authorization ?? "")) {
      response.writeHead(403, { "content-type": "application/xml" }).end(xmlError("AccessDenied", "Access Denied"));
      return;
    }

    const found = objects.get(key);
    switch (request.method) {
      case "PUT":
        objects.set(key, {
          body,
          contentType: request.headers["content-type"],
          cacheControl: request.headers["cache-control"],
        });
        response.writeHead(200, { etag: `"${body.length}"` }).end();
        return;
      case "GET":
      case "HEAD":
        if (!found) {
          response
            .writeHead(404, { "content-type": "application/xml" })
            .end(request.method === "GET" ? xmlError("NoSuchKey", "The specified key does not exist.") : undefined);
          return;
        }
        response
          .writeHead(200, {
            "content-type": found.contentType ?? "application/octet-stream",
            "content-length": String(found.body.length),
            etag: `"${found.body.length}"`,
            "last-modified": new Date().toUTCString(),
          })
          .end(request.method === "GET" ? found.body : undefined);
        return;
      case "DELETE":
        objects.delete(key);
        response.writeHead(204).end();
        return;
      default:
        response.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
