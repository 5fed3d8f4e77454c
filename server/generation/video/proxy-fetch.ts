import type { Dispatcher } from "undici";

/**
 * A fetch whose every request goes through an HTTP(S) proxy (YOUTUBE_PROXY_URL): what services
 * in production use when YouTube blocks the addresses of cloud machines. undici's ProxyAgent
 * tunnels https with CONNECT and sends plain http as absolute-URI requests; credentials in the
 * proxy URL (http://user:pass@host:port) become its Proxy-Authorization. Node's own fetch takes
 * it as its dispatcher, so answers are ordinary Responses. undici is loaded with the first
 * request: a web process, which fetches no videos, does not carry it (~15 MB resident).
 */
export function proxiedFetch(proxyUrl: string): typeof fetch {
  let agent: Promise<Dispatcher> | null = null;
  return async (input, init) => {
    agent ??= import("undici").then(({ ProxyAgent }) => new ProxyAgent(proxyUrl));
    return globalThis.fetch(input, { ...init, dispatcher: await agent } as RequestInit);
  };
}
