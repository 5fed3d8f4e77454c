import net from "node:net";

/**
 * A test that reaches the internet is a bug: every connection must go to this machine (the
 * app, PostgreSQL, fakes on loopback). Anything else fails loudly.
 */
const LOOPBACK = /^(127\.|::1$|localhost$|::ffff:127\.)/;

function assertLocal(host: string | undefined) {
  if (host && !LOOPBACK.test(host) && !host.startsWith("/")) {
    throw new Error(`Test tried to reach ${host}: tests may only talk to loopback`);
  }
}

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0] as { host?: string; path?: string } | number | string;
  if (typeof first === "object" && first !== null && !first.path) assertLocal(first.host ?? "localhost");
  if (typeof first === "number") assertLocal((args[1] as string | undefined) ?? "localhost");
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

const originalFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  assertLocal(url.hostname.replace(/^\[|\]$/g, ""));
  return originalFetch(input, init);
};
