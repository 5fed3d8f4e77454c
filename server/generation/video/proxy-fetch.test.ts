import { createServer, request as httpRequest, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxiedFetch } from "./proxy-fetch";

// A target standing for YouTube, and a forwarding proxy that records what passes through it.
let target: Server;
let proxy: Server;
let targetUrl: string;
let proxyUrl: string;
const seenByProxy: Array<{ method?: string; url?: string; auth?: string }> = [];

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

beforeAll(async () => {
  target = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ path: req.url, method: req.method, body }));
    });
  });
  targetUrl = await listen(target);
  proxy = createServer((req, res) => {
    seenByProxy.push({ method: req.method, url: req.url, auth: req.headers["proxy-authorization"] });
    // A plain-http request through a proxy names the whole address: forward it.
    const forward = httpRequest(req.url!, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forward);
  });
  // A tunnelled request (CONNECT host:port, as undici sends even for plain http): pipe the bytes.
  proxy.on("connect", (req, client, head) => {
    seenByProxy.push({ method: req.method, url: req.url, auth: req.headers["proxy-authorization"] });
    const [host, port] = (req.url ?? "").split(":");
    const upstream = connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  proxyUrl = await listen(proxy);
});
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await new Promise((resolve) => target?.close(resolve));
});

describe("requests to YouTube through YOUTUBE_PROXY_URL", () => {
  it("sends a URL and a Request object through the proxy, with its credentials, and answers a Response", async () => {
    const withCredentials = proxyUrl.replace("http://", "http://user:secret@");
    const fetchViaProxy = proxiedFetch(withCredentials);

    const first = await fetchViaProxy(`${targetUrl}/youtubei/v1/player?x=1`);
    expect(first).toBeInstanceOf(Response);
    expect(await first.json()).toMatchObject({ path: "/youtubei/v1/player?x=1", method: "GET" });

    const second = await fetchViaProxy(new Request(`${targetUrl}/youtubei/v1/next`, { method: "POST", body: "{}" }));
    expect(await second.json()).toMatchObject({ path: "/youtubei/v1/next", method: "POST", body: "{}" });

    // Every request went through the proxy (tunnelled or forwarded), with the proxy's credentials.
    const host = targetUrl.replace("http://", "");
    expect(seenByProxy.length).toBeGreaterThanOrEqual(1);
    for (const seen of seenByProxy) {
      expect(seen.url === host || seen.url?.startsWith(targetUrl)).toBe(true);
      expect(seen.auth).toBe(`Basic ${Buffer.from("user:secret").toString("base64")}`);
    }
  });
});
