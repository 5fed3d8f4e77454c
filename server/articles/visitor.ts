import { isIPv4, isIPv6 } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../config";
import { keepNewest } from "../lib/newest-first";
import { keyedDigest, signValue, verifySignedValue } from "../lib/signed-value";

export const VISITOR_COOKIE = "vid";
const COOKIE_PURPOSE = "vidscribe/visitor-cookie/v1";
const DERIVED_PURPOSE = "vidscribe/visitor-id/v1";
const ADDRESS_PURPOSE = "vidscribe/view-address/v1";
const VISITOR_ID = /^[a-f0-9]{32}$/;

/**
 * Who read an article, for counting: `key` tells one reader from another (the account, or the
 * visitor cookie); `address` is where a signed-out visitor came from (a keyed digest of the
 * address, never the address itself), so one address can only add a few readers however many
 * cookies it makes up. Signed-in readers have none: an account is not free to invent.
 */
export interface Visitor {
  key: string;
  address: string | null;
}

export type VisitorSettings = Pick<AppConfig, "appSecret" | "secureCookies">;

/**
 * The reader of this request. A signed-out visitor is known by the `vid` cookie only when this
 * server signed it; any other value is ignored and a fresh signed cookie is set, its id derived
 * from the address and browser so a client that keeps no cookies is still one visitor.
 */
export async function visitorFor(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: VisitorSettings,
): Promise<Visitor> {
  const user = await request.currentUser();
  if (user) return { key: `u:${user.id}`, address: null };
  // A socket already gone may have no address left: such reads share one.
  const ip = request.ip ?? "";
  const secret = settings.appSecret;
  const address = digestOf(secret, ADDRESS_PURPOSE, addressGroup(ip), keyedDigest);
  const signed = verifySignedValue(secret, COOKIE_PURPOSE, request.cookies[VISITOR_COOKIE]);
  if (signed && VISITOR_ID.test(signed)) return { key: `v:${signed}`, address };
  const id = digestOf(secret, DERIVED_PURPOSE, `${ip}|${request.headers["user-agent"] ?? ""}`, keyedDigest);
  reply.setCookie(VISITOR_COOKIE, digestOf(secret, COOKIE_PURPOSE, id, signValue), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: settings.secureCookies,
    maxAge: 365 * 24 * 60 * 60,
  });
  return { key: `v:${id}`, address };
}

// Digests remembered: a reader's address and browser make the same ones on every request.
const MAX_DIGESTS = 10_000;
const digests = new Map<string, string>();

/**
 * `make(secret, purpose, value)`, remembered for the last MAX_DIGESTS values: an HMAC costs more
 * than the rest of counting a read, and one address reads many pages (a client that keeps no
 * cookie, such as a feed reader, would otherwise pay three per request).
 */
function digestOf(
  secret: string,
  purpose: string,
  value: string,
  make: (secret: string, purpose: string, value: string) => string,
): string {
  const key = `${secret}\n${purpose}\n${value}`;
  const known = digests.get(key);
  if (known !== undefined) return known;
  const made = make(secret, purpose, value);
  keepNewest(digests, key, made, MAX_DIGESTS);
  return made;
}

/** The cookie value that names visitor `id` (32 hex digits) to this server. */
export function visitorCookieValue(secret: string, id: string): string {
  return signValue(secret, COOKIE_PURPOSE, id);
}

/**
 * The unit one party holds: an IPv4 address (an IPv4 address written as IPv6 is the same), or
 * an IPv6 /64, since one subscriber is handed a whole /64 and may use any address in it.
 */
export function addressGroup(ip: string): string {
  const zone = ip.indexOf("%");
  const address = (zone === -1 ? ip : ip.slice(0, zone)).toLowerCase();
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups[0] === 0 && groups[1] === 0 && groups[2] === 0 && groups[3] === 0 && groups[4] === 0) {
    // ::ffff:a.b.c.d (mapped) is that IPv4 address.
    if (groups[5] === 0xffff) return `${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (without zone), `::` and a dotted tail expanded. */
function ipv6Groups(address: string): number[] {
  const parse = (part: string): number[] => {
    if (part === "") return [];
    const groups: number[] = [];
    for (const piece of part.split(":")) {
      if (piece.includes(".")) {
        const [a, b, c, d] = piece.split(".").map(Number);
        groups.push((a << 8) | b, (c << 8) | d);
      } else groups.push(Number.parseInt(piece, 16));
    }
    return groups;
  };
  const gap = address.indexOf("::");
  if (gap === -1) return parse(address);
  const head = parse(address.slice(0, gap));
  const tail = parse(address.slice(gap + 2));
  return [...head, ...new Array(8 - head.length - tail.length).fill(0), ...tail];
}
