import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A tiny S3 stand-in on loopback for tests: path-style PUT, GET, HEAD and DELETE of objects in
 * memory, and presigned URLs refused once past their X-Amz-Date + X-Amz-Expires, as S3 does.
 * Signatures are not checked (the SDK makes them); their presence and shape are. The multipart
 * subset recordings use is there too: create, upload part, list parts, complete, abort.
 */

export interface FakeObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

/** A multipart upload in progress: its key and the parts that arrived, by number. */
export interface FakeUpload {
  key: string;
  contentType: string | undefined;
  parts: Map<number, { body: Buffer; etag: string }>;
}

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  objects: Map<string, FakeObject>;
  /** Multipart uploads not yet completed or aborted, by UploadId. */
  uploads: Map<string, FakeUpload>;
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

const xml = (response: ServerResponse, status: number, body: string) =>
  response
    .writeHead(status, { "content-type": "application/xml" })
    .end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);

const md5Etag = (body: Buffer) => `"${createHash("md5").update(body).digest("hex")}"`;

/** The multipart requests (any with ?uploads or ?uploadId); false when the request is not one. */
function multipart(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  key: string,
  body: Buffer,
  uploads: Map<string, FakeUpload>,
  objects: Map<string, FakeObject>,
): boolean {
  if (request.method === "POST" && url.searchParams.has("uploads")) {
    const id = randomUUID();
    uploads.set(id, { key, contentType: request.headers["content-type"], parts: new Map() });
    xml(
      response,
      200,
      `<InitiateMultipartUploadResult><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
    );
    return true;
  }
  const uploadId = url.searchParams.get("uploadId");
  if (uploadId === null) return false;
  const upload = uploads.get(uploadId);
  if (!upload || upload.key !== key) {
    xml(
      response,
      404,
      "<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>",
    );
    return true;
  }
  switch (request.method) {
    case "PUT": {
      const etag = md5Etag(body);
      upload.parts.set(Number(url.searchParams.get("partNumber")), { body, etag });
      response.writeHead(200, { etag }).end();
      return true;
    }
    case "GET": {
      const parts = [...upload.parts]
        .sort(([a], [b]) => a - b)
        .map(
          ([n, p]) => `<Part><PartNumber>${n}</PartNumber><ETag>${p.etag}</ETag><Size>${p.body.length}</Size></Part>`,
        );
      xml(
        response,
        200,
        `<ListPartsResult><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`,
      );
      return true;
    }
    case "POST": {
      // Test-only parsing of the SDK's own XML: <Part><ETag>..</ETag><PartNumber>n</PartNumber></Part>.
      const listed = [...body.toString("utf8").matchAll(/<Part>(.*?)<\/Part>/g)].map((m) => ({
        n: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1])?.[1]),
        etag: /<ETag>(.*?)<\/ETag>/.exec(m[1])?.[1]?.replaceAll("&quot;", '"'),
      }));
      const bodies: Buffer[] = [];
      for (const { n, etag } of listed) {
        const part = upload.parts.get(n);
        if (!part || part.etag !== etag) {
          xml(
            response,
            400,
            "<Error><Code>InvalidPart</Code><Message>One or more of the specified parts could not be found.</Message></Error>",
          );
          return true;
        }
        bodies.push(part.body);
      }
      objects.set(key, { body: Buffer.concat(bodies), contentType: upload.contentType, cacheControl: undefined });
      uploads.delete(uploadId);
      xml(
        response,
        200,
        `<CompleteMultipartUploadResult><Key>${key}</Key><ETag>"done-${listed.length}"</ETag></CompleteMultipartUploadResult>`,
      );
      return true;
    }
    case "DELETE":
      uploads.delete(uploadId);
      response.writeHead(204).end();
      return true;
    default:
      response.writeHead(405).end();
      return true;
  }
}

/** The app's STORAGE=s3 settings pointed at a fake (path-style, test credentials). */
export function fakeS3Env(s3: FakeS3): Record<string, string> {
  return {
    STORAGE: "s3",
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "test-access",
    S3_SECRET_ACCESS_KEY: "test-secret",
  };
}

export async function startFakeS3(bucket = "avatars-test"): Promise<FakeS3> {
  const objects = new Map<string, FakeObject>();
  const uploads = new Map<string, FakeUpload>();
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

    if (multipart(request, response, url, key, body, uploads, objects)) return;
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
    uploads,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
