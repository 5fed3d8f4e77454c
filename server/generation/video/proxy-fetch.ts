import { ProxyAgent } from "undici";

/**
 * A fetch whose every request goes through an HTTP(S) proxy (YOUTUBE_PROXY_URL): what services
 * in production use when YouTube blocks the addresses of cloud machines. undici's ProxyAgent
 * tunnels https with CONNECT and sends plain http as absolute-URI requests; credentials in the
 * proxy URL (http://user:pass@host:port) become its Proxy-Authorization. Node's own fetch takes
 * it as its dispatcher, so answers are ordinary Responses.
 */
export function proxiedFetch(proxyUrl: string): typeof fetch {
  const agent = new ProxyAgent(proxyUrl);
  return (input, init) => globalThis.fetch(input, { ...init, dispatcher: agent } as RequestInit);
}
