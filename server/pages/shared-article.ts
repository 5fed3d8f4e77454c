import { randomBytes } from "node:crypto";
import { AUTH_USER_KEY } from "../../contract/query-keys";
import { readCaches } from "../articles/read-cache";
import type { Db } from "../db/client";
import {
  type DeflatedPiece,
  deflatePiece,
  type PagePiece,
  PiecedBody,
  packPieces,
  pieceText,
} from "../http/gzip-pieces";
import type { RenderedHead } from "./head";
import { serializeForScript } from "./html";
import type { PageRenderer, PreloadedQuery, SharedDocument } from "./page-data";
import { dataScriptOf, fillTemplate } from "./template";

/**
 * An article page reads alike for every reader but its author and admins, except for a few
 * parts: the top bar, the reader's rating and bookmark, the comments with their forms. Rendering
 * the whole page per request cost ~5 ms of CPU (8 signed in), so no more than ~250 pages a
 * second on two cores. Instead the page is rendered once per article with a slot for each of
 * those parts (web/lib/personal-island.tsx) and kept here; a request renders only the islands
 * whose HTML it has not seen for the same answers (a visitor's are made with the page), and
 * writes its own data block. What a reader gets is exactly what rendering the whole page with
 * their queries makes, but for the view count (pinned by shared-article.api.test.ts), so the
 * page hydrates as before.
 */
export interface SharedPageLoad {
  /** Names the shared page in the cache. */
  key: string;
  /** The kind of page ("article"): a sitewide island's HTML is reused across pages of one kind. */
  kind: string;
  /** The queries and head every reader's page is rendered from. */
  build(): Promise<{ queries: PreloadedQuery[]; head: RenderedHead }>;
  /** This reader's own queries: each replaces (or extends) the shared query of its key, or joins them. */
  forReader(): Promise<ReaderQuery[]>;
}

/**
 * One of a reader's own queries: their answer, or a shared answer with a few fields of theirs
 * (`extend`; `counted` adds fields for the data block only, such as this read's view count, which
 * no island shows). An extension is written into the data block after the shared answer's kept
 * text instead of writing the whole article again.
 */
export type ReaderQuery =
  | PreloadedQuery
  | { queryKey: readonly unknown[]; extend: Record<string, unknown>; counted?: Record<string, unknown> };

/**
 * A shared page as kept: its text, a visitor's islands and the shared answers in the data block,
 * each compressed on its own as a piece a gzip answer is made of without compressing it again
 * (server/http/gzip-pieces.ts), so a few thousand articles read within a minute stay in memory.
 */
export interface SharedPage {
  /** The document's text between its slots. */
  parts: DeflatedPiece[];
  visitorIslands: DeflatedPiece[];
  /** The shared answers: each one's key (as JSON), its text but for a closing "}}" (`tail`), which a reader's fields go before. */
  answers: SharedAnswer[];
  slots: SharedDocument["slots"];
  islands: SharedDocument["islands"];
  renderIslands: SharedDocument["renderIslands"];
  /** Islands' HTML already made for a signed-in reader on this page, by island and signature. */
  madeIslands: Map<string, DeflatedPiece>;
}

interface SharedAnswer {
  key: string;
  head: PagePiece;
  tail: string;
}

/** What the shared render assumes of the reader: nobody signed in (what differs is in the islands, not in it). */
const ANONYMOUS: PreloadedQuery[] = [{ queryKey: AUTH_USER_KEY, data: null }];
/** How many islands' HTML a page keeps for signed-in readers, and sitewide islands' HTML kept in all. */
const MADE_PER_PAGE = 16;
const MADE_SITEWIDE = 2000;
const SIGNED_IN_KEY = JSON.stringify(["signed-in"]);

const keyOf = (query: { queryKey: readonly unknown[] }) => JSON.stringify(query.queryKey);

/** A shared answer's text, cut before the closing "}}" a reader's own fields are written in front of. */
function answerOf(query: PreloadedQuery, keep: (text: string) => PagePiece): SharedAnswer {
  const text = serializeForScript(query);
  const tail = text.endsWith("}}") ? "}}" : "";
  return { key: keyOf(query), head: keep(text.slice(0, text.length - tail.length)), tail };
}

async function buildSharedPage(renderer: PageRenderer, url: string, load: SharedPageLoad): Promise<SharedPage> {
  if (!renderer.renderShared) throw new Error("this renderer renders no shared pages");
  const { queries, head } = await load.build();
  const document = await renderer.renderShared({ url, head, queries: [...ANONYMOUS, ...queries] });
  const parts = document.parts.map((part) => deflatePiece(part));
  const visitorIslands = document.renderIslands([...ANONYMOUS, ...queries]).map((html) => deflatePiece(html));
  const answers = queries.map((query) => answerOf(query, deflatePiece));
  // One buffer for the page's pieces, kept and forgotten together (gzip-pieces.ts packPieces).
  const packed = packPieces([...parts, ...visitorIslands, ...answers.map((answer) => answer.head as DeflatedPiece)]);
  return {
    parts: packed.slice(0, parts.length),
    visitorIslands: packed.slice(parts.length, parts.length + visitorIslands.length),
    answers: answers.map((answer, i) => ({ ...answer, head: packed[parts.length + visitorIslands.length + i] })),
    slots: document.slots,
    islands: document.islands,
    renderIslands: document.renderIslands,
    madeIslands: new Map(),
  };
}

/** The data block's opening and closing around its JSON. */
const [DATA_OPEN, DATA_CLOSE] = dataScriptOf("\u0000").split("\u0000") as [string, string];

/**
 * A reader's data block (its JSON, in pieces) and the queries their islands are rendered with:
 * theirs first (the user, their limits), then the shared ones with their own in place, then
 * their own that share none. A shared answer is written as its kept text, extended by what the
 * reader adds to it.
 */
function readerData(
  common: PreloadedQuery[],
  shared: SharedAnswer[],
  own: ReaderQuery[],
): { json: PagePiece[]; mine: Map<string, unknown>; islandQueries: () => PreloadedQuery[] } {
  const byKey = new Map(own.map((query) => [keyOf(query), query]));
  const theirs = new Map(byKey);
  const answers: PagePiece[][] = common.map((query) => [serializeForScript(query)]);
  // What the reader's islands read that is theirs, by key (an extension: just its fields).
  const mine = new Map<string, unknown>(common.map((query) => [keyOf(query), query.data]));
  for (const { key, head, tail } of shared) {
    const own = theirs.get(key);
    theirs.delete(key);
    if (!own) answers.push([head, tail]);
    else if ("extend" in own) {
      mine.set(key, own.extend);
      // JSON keeps the last of repeated names: the reader's fields, written after the shared ones, win.
      const extra = serializeForScript({ ...own.extend, ...own.counted }).slice(1, -1);
      answers.push([head, extra && tail ? `,${extra}${tail}` : tail]);
    } else {
      mine.set(key, own.data);
      answers.push([serializeForScript(own)]);
    }
  }
  const added: PreloadedQuery[] = [];
  for (const [key, own] of theirs) {
    const whole = "extend" in own ? { queryKey: own.queryKey, data: own.extend } : own;
    mine.set(key, whole.data);
    added.push(whole);
    answers.push([serializeForScript(whole)]);
  }
  // Only when an island is to be rendered: the shared answers are read back from their text.
  const islandQueries = () => [
    ...common,
    ...shared.map(({ key, head, tail }) => {
      const query = JSON.parse(pieceText(head).toString() + tail) as PreloadedQuery;
      const own = byKey.get(key);
      if (!own) return query;
      return "extend" in own ? { ...query, data: { ...(query.data as object), ...own.extend } } : own;
    }),
    ...added,
  ];
  const json: PagePiece[] = ['{"queries":['];
  answers.forEach((pieces, i) => {
    if (i > 0) json.push(",");
    json.push(...pieces);
  });
  json.push("]}");
  return { json, mine, islandQueries };
}

/** A shared page's head and one reader's queries, for rendering it whole (a renderer with no shared renders). */
export async function wholeSharedPage(
  load: SharedPageLoad,
  common: PreloadedQuery[],
): Promise<{ head: RenderedHead; queries: PreloadedQuery[] }> {
  const { queries, head } = await load.build();
  const shared = queries.map((query) => answerOf(query, (text) => text));
  const { json } = readerData(common, shared, await load.forReader());
  return {
    head,
    queries: (JSON.parse(new PiecedBody(json).plain().toString()) as { queries: PreloadedQuery[] }).queries,
  };
}

const madeSitewide = new Map<string, DeflatedPiece>();

/** Keeps an island's HTML, forgetting the oldest past `limit`. */
function keep(made: Map<string, DeflatedPiece>, key: string, html: DeflatedPiece, limit: number) {
  made.set(key, html);
  if (made.size > limit) made.delete(made.keys().next().value as string);
}

/**
 * A signed-in reader's islands: those whose HTML this page (or, sitewide, any page of its kind)
 * already made for the same answers to what they read come from there; the rest are rendered
 * together and kept. An island's signature is what it reads that is the reader's own (a shared
 * answer is alike for everyone on the page), or whether someone is signed in.
 */
function signedInIslands(
  page: SharedPage,
  kind: string,
  mine: Map<string, unknown>,
  islandQueries: () => PreloadedQuery[],
): DeflatedPiece[] {
  const keys = page.islands.map((island, i) => {
    const signature = JSON.stringify(
      island.reads.map((read) => {
        const key = JSON.stringify(read);
        return key === SIGNED_IN_KEY ? true : mine.has(key) ? mine.get(key) : "shared";
      }),
    );
    return island.sitewide ? `${kind}:${island.name}:${signature}` : `${i}:${signature}`;
  });
  const found = page.islands.map((island, i) =>
    (island.sitewide ? madeSitewide : page.madeIslands).get(keys[i] as string),
  );
  const missing = found.flatMap((html, i) => (html === undefined ? [i] : []));
  if (missing.length === 0) return found as DeflatedPiece[];
  const rendered = page.renderIslands(islandQueries(), missing);
  for (const i of missing) {
    const island = page.islands[i];
    const html = deflatePiece(rendered[i] ?? "");
    found[i] = html;
    if (island?.sitewide) keep(madeSitewide, keys[i] as string, html, MADE_SITEWIDE);
    else keep(page.madeIslands, keys[i] as string, html, MADE_PER_PAGE);
  }
  return found as DeflatedPiece[];
}

/**
 * The page for one reader: the shared page (rendered now, or kept from an earlier reader) with
 * their islands and data block in its slots, in pieces (mostly kept compressed). `common` holds
 * the queries every page carries (the user and their limits); a visitor (`signedIn` false) gets
 * the islands made with the page.
 */
export async function renderSharedPage(
  db: Db,
  renderer: PageRenderer,
  url: string,
  load: SharedPageLoad,
  common: PreloadedQuery[],
  signedIn: boolean,
): Promise<PiecedBody> {
  const page = await readCaches(db).sharedPages.get(load.key, () => buildSharedPage(renderer, url, load));
  const { json, mine, islandQueries } = readerData(common, page.answers, await load.forReader());
  const islands = signedIn ? signedInIslands(page, load.kind, mine, islandQueries) : page.visitorIslands;
  const pieces: PagePiece[] = [];
  page.parts.forEach((part, i) => {
    pieces.push(part);
    const slot = page.slots[i];
    if (!slot) return;
    if ("island" in slot) pieces.push(islands[slot.island] ?? "");
    else pieces.push(DATA_OPEN, ...json, DATA_CLOSE);
  });
  return new PiecedBody(pieces);
}

/**
 * A shared render's document cut at its slots: the template filled with the page's head and
 * markup, the data block's place marked, then split wherever an island's marker or the data
 * block's stands, in the order they appear.
 */
export function sharedDocument(
  template: string,
  head: RenderedHead,
  rendered: {
    html: string;
    slots: Array<{ name: string; marker: string; reads: ReadonlyArray<readonly unknown[]>; sitewide: boolean }>;
    renderIslands(queries: PreloadedQuery[], only?: number[]): string[];
  },
): SharedDocument {
  const dataMarker = `<!--data-${randomBytes(12).toString("hex")}-->`;
  const document = fillTemplate(template, { head, appHtml: rendered.html, queries: [], data: dataMarker });
  const found = [
    ...rendered.slots.map(({ marker }, island) => ({ marker, slot: { island } as const })),
    { marker: dataMarker, slot: { data: true } as const },
  ]
    .map((entry) => ({ ...entry, at: document.indexOf(entry.marker) }))
    .filter((entry) => entry.at >= 0)
    .sort((a, b) => a.at - b.at);
  const parts: string[] = [];
  let from = 0;
  for (const { marker, at } of found) {
    parts.push(document.slice(from, at));
    from = at + marker.length;
  }
  parts.push(document.slice(from));
  return {
    parts,
    slots: found.map(({ slot }) => slot),
    islands: rendered.slots.map(({ name, reads, sitewide }) => ({ name, reads, sitewide })),
    renderIslands: rendered.renderIslands,
  };
}
