import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../db/client";
import type { EncodedBody } from "../http/compression";
import { packJson, unpackJson } from "../lib/packed-json";
import type { SharedPage } from "../pages/shared-article";
import type { ReaderStates } from "./community-queries";
import type { ArticleWithAuthor } from "./presenter";
import { SummaryPieces } from "./summary-pieces";

/**
 * Short-lived caches for what every reader sees alike: the feed pages, featured, stats and
 * the article pages signed-out visitors get. Readers ask far more often than writers write,
 * and a few seconds of staleness is invisible next to a fast page. This process forgets
 * everything at once after its own writes (an article created, edited, deleted, pinned or
 * rated); another process's writes show within the TTL.
 */
export const READ_TTL_MS = 10_000;
/**
 * Pages live longer: rendering one costs milliseconds of CPU, every write empties the cache
 * anyway, and what a minute changes on a signed-out page is its view count.
 */
export const PAGE_TTL_MS = 60_000;
/**
 * What surrounds an article (related reading, its video's details) changes only when articles
 * are written, which empties the cache; another process's new article may join a related list
 * a few minutes late.
 */
export const ARTICLE_PARTS_TTL_MS = 5 * 60_000;
/**
 * Stored articles change by writes, which empty the caches of every process at once (see
 * shareForgetting), and by other processes' batches of counted reads (this process's own are
 * added as they land: views.ts): those show within a minute.
 */
export const ARTICLE_ROWS_TTL_MS = 60_000;
// Share of a TTL taken off at random per entry, so entries loaded together do not lapse together.
const SPREAD = 0.5;

interface Entry<T> {
  at: number;
  /** This entry's TTL: the cache's, less up to its jitter share. */
  ttl: number;
  value: Promise<T>;
  /** The value loaded successfully: it may be served while a newer one loads. */
  settled: boolean;
  refreshing: boolean;
}

/**
 * A bounded map of recent answers. Concurrent misses for one key share a single load, so a
 * burst of readers costs one query; the least recently used entry goes first when full. An
 * entry past its TTL is still served (up to STALE_FACTOR × TTL) while one reader's request
 * loads the next value in the background: readers never queue behind a slow query (a search or
 * the stats over a million articles) every time an entry lapses. Writes clear entries outright,
 * so this never serves anything from before a write of this process.
 */
const STALE_FACTOR = 3;

export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  /**
   * `jitter` (0-1) shortens each entry's TTL by up to that share at random: entries loaded in
   * one burst (a crawler's pass over many articles) then lapse and reload spread out, not at
   * one instant when every reader would wait behind hundreds of reloads.
   */
  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs = READ_TTL_MS,
    private readonly jitter = 0,
  ) {}

  private lifetime(): number {
    return this.jitter > 0 ? this.ttlMs * (1 - this.jitter * Math.random()) : this.ttlMs;
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      const age = now - hit.at;
      if (age < hit.ttl || (hit.settled && age < hit.ttl * STALE_FACTOR)) {
        // Move to the back: Map iteration order is insertion order, so the front is the oldest.
        this.entries.delete(key);
        this.entries.set(key, hit);
        if (age >= hit.ttl && !hit.refreshing) this.refresh(key, hit, load);
        return hit.value;
      }
    }
    const entry = this.track(key, load());
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry.value;
  }

  /** An entry for a load in progress: marked settled when it succeeds, dropped when it fails. */
  private track(key: string, value: Promise<T>): Entry<T> {
    const entry: Entry<T> = { at: Date.now(), ttl: this.lifetime(), value, settled: false, refreshing: false };
    value.then(
      () => {
        entry.settled = true;
      },
      () => {
        // A failed load is not remembered: the next reader tries again.
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry;
  }

  private refresh(key: string, stale: Entry<T>, load: () => Promise<T>): void {
    stale.refreshing = true;
    const value = load();
    value.then(
      () => {
        // Cleared or replaced meanwhile (a write): the newer state wins.
        if (this.entries.get(key) !== stale) return;
        this.entries.set(key, { at: Date.now(), ttl: this.lifetime(), value, settled: true, refreshing: false });
      },
      () => {
        stale.refreshing = false;
      },
    );
  }

  /** Forgets one answer (a change that concerns it alone). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

interface ReadCaches {
  /** Stats and the featured article, as values. */
  values: ReadCache<unknown>;
  /** Featured, stats and other answers alike for everyone, encoded for the wire. */
  responses: ReadCache<EncodedBody>;
  /** Feed pages encoded for the wire, with whether a next page exists; keyed by the normalised query. */
  feedPages: ReadCache<{ body: EncodedBody; hasMore: boolean }>;
  /** Whole article pages for signed-out visitors, keyed by path. */
  pages: ReadCache<{ html: EncodedBody; articleId: number | null }>;
  /**
   * Articles as stored, with their authors, keyed by id: what every reader of an article gets
   * before their own view count and rating (server/articles/reading.ts). A batch of counted
   * reads forgets the articles it counted.
   */
  articles: ReadCache<ArticleWithAuthor | undefined>;
  /** Article ids by slug, for the pages and the API's slug look-up. */
  slugs: ReadCache<number | undefined>;
  /**
   * What an article's page shows around it, alike for every reader: what to read next, its
   * video's details. Kept as compressed JSON (null for nothing found), see cachedArticlePart.
   */
  articleParts: ReadCache<Buffer | null>;
  /** Article pages rendered once for every reader, with slots for each reader's parts (server/pages/shared-article.ts). */
  sharedPages: ReadCache<SharedPage>;
  /**
   * Each signed-in reader's ratings and bookmarks by user id, so their article pages need no
   * look-up of their own: forgotten (in every process) when they rate, save or unsave.
   */
  readerStates: ReadCache<ReaderStates>;
  /** Article summaries as compressed JSON by id, from which feed answers are joined (summary-pieces.ts). */
  summaries: SummaryPieces;
}

const cachesByDb = new WeakMap<Db, ReadCaches>();

/** The caches of one database (tests run several apps in one process, each with its own). */
export function readCaches(db: Db): ReadCaches {
  let caches = cachesByDb.get(db);
  if (!caches) {
    // Compressed, a feed page is ~5 KB and an article page ~10 KB: ~30 MB when both are full.
    // Pages are kept compressed whoever asked first (EncodedBody.compact): as many as the
    // article rows, so a crawl of a few thousand articles in a minute is answered from here
    // without compressing each page again (brotli costs ~0.6 ms for a 47 KB page).
    caches = {
      values: new ReadCache(16),
      responses: new ReadCache(1000),
      feedPages: new ReadCache(1000),
      pages: new ReadCache(2500, PAGE_TTL_MS, SPREAD),
      // Enough for the articles being read at once on a busy day (~10 KB each: ~25 MB).
      articles: new ReadCache(2500, ARTICLE_ROWS_TTL_MS, SPREAD),
      // A slug names one article until a write (which empties the caches) renames or deletes it.
      slugs: new ReadCache(5000, ARTICLE_PARTS_TTL_MS, SPREAD),
      articleParts: new ReadCache(5000, ARTICLE_PARTS_TTL_MS, SPREAD),
      // As many as the article rows: ~15 KB packed each, with the article and what surrounds it.
      // They live as long as what surrounds an article: every write empties them (in every
      // process), and what changes without a write is the view count the page shows (this
      // read's own count is in the page's data).
      sharedPages: new ReadCache(2500, ARTICLE_PARTS_TTL_MS, SPREAD),
      // A few hundred bytes a reader for most; at most READER_ROWS ratings and bookmarks each.
      readerStates: new ReadCache(2000, ARTICLE_ROWS_TTL_MS, SPREAD),
      // ~0.6 KB each: ~12 MB when full. Enough for the articles of the last few thousand
      // different feed pages and searches (a page is 10 articles). They live as long as the
      // article rows: every write empties them, and what changes without one is the counts.
      summaries: new SummaryPieces(20_000, ARTICLE_ROWS_TTL_MS),
    };
    cachesByDb.set(db, caches);
  }
  return caches;
}

export function cachedRead<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  return readCaches(db).values.get(key, load) as Promise<T>;
}

/**
 * A read about one article that every reader gets alike (articleParts): the page and the API
 * share it. Each is read when an article's shared page or related answer is made, and those are
 * kept themselves, so the part is kept as compressed JSON, not as objects: a list of related
 * articles is ~5 KB of objects on the heap (10 MB over 2,000 articles, all of it for the garbage
 * collector to trace) and ~1 KB compressed outside it. What is kept must be JSON (as answers are).
 */
export async function cachedArticlePart<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const packed = await readCaches(db).articleParts.get(key, async () => {
    const value = await load();
    return value === undefined ? null : packJson(value);
  });
  return packed === null ? (undefined as T) : unpackJson<T>(packed);
}

function forgetLocally(db: Db): void {
  const caches = cachesByDb.get(db);
  if (!caches) return;
  caches.values.clear();
  caches.responses.clear();
  caches.feedPages.clear();
  caches.pages.clear();
  caches.articles.clear();
  caches.slugs.clear();
  caches.articleParts.clear();
  caches.sharedPages.clear();
  caches.readerStates.clear();
  caches.summaries.clear();
}

/** Tells the other processes what to forget: everything (no argument) or one reader's state. */
const announcers = new WeakMap<Db, (reader?: string) => void>();

/** Forgets every cached read after a write to articles, in this process and (PostgreSQL) the others. */
export function forgetCachedReads(db: Db): void {
  forgetLocally(db);
  announcers.get(db)?.();
}

/** Forgets one reader's ratings and bookmarks after they change them, in this process and the others. */
export function forgetReader(db: Db, userId: string): void {
  cachesByDb.get(db)?.readerStates.delete(userId);
  announcers.get(db)?.(userId);
}

const CHANNEL = "vidscribe_article_writes";
const RECONNECT_MS = 2_000;

/**
 * Several processes on one PostgreSQL database (ROLE=web behind a load balancer, ROLE=worker
 * writing articles) tell each other about writes: each write sends a NOTIFY, and every other
 * process listening on a connection of its own forgets its caches. While the listening
 * connection is down the caches are forgotten and the TTL alone applies, until it is back.
 * Answers a function that stops listening.
 */
export async function shareForgetting(
  db: Db,
  url: string,
  log: { warn(message: string): void },
): Promise<() => Promise<void>> {
  const self = randomUUID();
  let listener: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    // The payload is the writer's id, then the reader whose state alone changed, if that is all.
    client.on("notification", (message) => {
      const [from, reader] = (message.payload ?? "").split(" ");
      if (from === self) return;
      if (reader) cachesByDb.get(db)?.readerStates.delete(reader);
      else forgetLocally(db);
    });
    const lost = (error?: Error) => {
      if (listener !== client) return;
      listener = null;
      forgetLocally(db);
      void client.end().catch(() => {});
      if (stopped) return;
      log.warn(`cache invalidation listener lost (${error?.message ?? "closed"}); reconnecting`);
      retry = setTimeout(() => void connect().catch((e: Error) => lost(e)), RECONNECT_MS);
      retry.unref();
    };
    listener = client;
    client.on("error", lost);
    client.on("end", () => lost());
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    // Whatever was written while nobody listened is forgotten too.
    forgetLocally(db);
  };

  await connect();
  announcers.set(db, (reader) => {
    const payload = reader ? `${self} ${reader}` : self;
    db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`).catch((error: Error) =>
      log.warn(`could not announce a write to other processes: ${error.message}`),
    );
  });
  return async () => {
    stopped = true;
    clearTimeout(retry);
    announcers.delete(db);
    const client = listener;
    listener = null;
    await client?.end().catch(() => {});
  };
}
