import type { Db } from "../db/client";
import { keepNewest } from "../lib/newest-first";
import { WriteBehind } from "../lib/write-behind";
import { readCaches } from "./read-cache";
import { deleteViewsBefore, insertViews, type PendingView } from "./view-queries";
import type { Visitor } from "./visitor";

/** A reader counts once per article in this window, however often they reload. */
export const VIEW_WINDOW_MINUTES = 30;
/**
 * Signed-out readers one address can add to an article's count in a window, however many
 * cookies or browsers it makes up: enough for a household, never a flood. (A classroom behind
 * one address is counted as this many readers unless its readers sign in.)
 */
export const READERS_PER_ADDRESS = 3;

const WINDOW_MS = VIEW_WINDOW_MINUTES * 60_000;
/**
 * Under steady reading, batches of counted reads start at most this often: each batch rewrites
 * the row of every article it counts (and that row's entry in each of the table's indexes), so
 * an article read by many people at once gets one such write per quarter second, not one per
 * batch. A crash may lose what waited meanwhile, as it may lose the batch being written.
 */
const BATCH_SPACING_MS = 250;
/** Visitors remembered in memory; beyond this the database alone tells a reload from a read. */
const MAX_REMEMBERED = 50_000;

/**
 * Counts reads without a write per request. A read this process already counted in the window
 * costs nothing; a new one is queued and written with every other read that arrived meanwhile,
 * in one statement, as soon as the previous batch is written (at low traffic that is at once).
 * The database still decides across processes (the upsert below); memory only saves asking it
 * again about a reload, and stops counting an address's readers past READERS_PER_ADDRESS
 * before the database has to. A crash can lose the reads of the batch being written, never
 * count one twice.
 */
class ViewCounter {
  private remembered = new Map<string, number>();
  /** For each article and address, until when each of its counted readers holds a place. */
  private places = new Map<string, number[]>();
  private readonly views: WriteBehind<PendingView>;
  private pendingByArticle = new Map<number, number>();
  private writingByArticle = new Map<number, number>();
  /** Batches written so far, and the articles the last one counted (see countWasInFlight). */
  private written = 0;
  private lastWritten = new Set<number>();
  /** What this process's batches have added to each article's stored count so far. */
  private landed = new Map<string, number>();
  /** For a stored row a reader holds: what had landed for its article when it was read (see stamp). */
  private stamps = new WeakMap<object, number>();

  constructor(
    private readonly db: Db,
    onError: (error: unknown) => void,
  ) {
    this.views = new WriteBehind(
      (batch) => this.writeBatch(batch),
      onError,
      Number.POSITIVE_INFINITY,
      BATCH_SPACING_MS,
    );
  }

  /** Waits for the batch being written, so a read that follows sees its counts. */
  settled(): Promise<void> {
    return this.views.settled();
  }

  /** A mark to pass to countWasInFlight after reading an article's stored count. */
  mark(): number {
    return this.written;
  }

  /**
   * Whether an article's stored count, read since `mark`, may or may not hold a batch of its
   * reads: one is being written now, or one that counted it landed while it was read. Only then
   * must the reader wait and read again; reads of every other article go on while batches write.
   */
  countWasInFlight(articleId: number, mark: number): boolean {
    if (this.writingByArticle.has(articleId)) return true;
    if (this.written === mark) return false;
    return this.written > mark + 1 || this.lastWritten.has(articleId);
  }

  /**
   * Notes that `row` holds every batch landed so far for its article (read when none was in
   * flight; see countWasInFlight). A reader may hold a row across awaits while a batch lands:
   * count then adds what landed since, instead of answering a count one read short.
   */
  stamp(row: { id: number }): void {
    this.stamps.set(row, this.landed.get(String(row.id)) ?? 0);
  }

  /**
   * Counts a read unless this visitor read the article in the last 30 minutes, or their
   * address has already added READERS_PER_ADDRESS readers to it in that time; answers the
   * article's view count: the stored row's, plus what this process's batches added since it was
   * read (see stamp), plus the reads being written or waiting.
   */
  count(row: { id: number; viewCount: number }, visitor: Visitor): number {
    const articleId = row.id;
    const key = `${articleId}|${visitor.key}`;
    const now = Date.now();
    const until = this.remembered.get(key);
    if ((until === undefined || until <= now) && this.takePlace(articleId, visitor.address, now)) {
      remember(this.remembered, key, now + WINDOW_MS);
      this.pendingByArticle.set(articleId, (this.pendingByArticle.get(articleId) ?? 0) + 1);
      this.views.add(key, { articleId, visitorKey: visitor.key, address: visitor.address });
    }
    const landed = this.landed.get(String(articleId)) ?? 0;
    // A row read before 50,000 other articles' batches may have lost its entry: never subtract.
    const landedSince = Math.max(0, landed - (this.stamps.get(row) ?? landed));
    const inFlight = (this.pendingByArticle.get(articleId) ?? 0) + (this.writingByArticle.get(articleId) ?? 0);
    return row.viewCount + landedSince + inFlight;
  }

  /** Whether the address has a place left for one more reader of the article (and takes it). */
  private takePlace(articleId: number, address: string | null, now: number): boolean {
    if (address === null) return true;
    const key = `${articleId}|${address}`;
    const held = (this.places.get(key) ?? []).filter((until) => until > now);
    if (held.length >= READERS_PER_ADDRESS) return false;
    held.push(now + WINDOW_MS);
    this.places.delete(key);
    remember(this.places, key, held);
    return true;
  }

  /** One batch: the counts it carries move from waiting to being written until it lands. */
  private async writeBatch(batch: PendingView[]): Promise<void> {
    this.writingByArticle = this.pendingByArticle;
    this.pendingByArticle = new Map();
    try {
      // A cached row keeps its count from before the batch: count() adds what landed since it
      // was read (its stamp), so the row stays cached. An article whose landed figure is let go
      // has its row forgotten with it, or its readers would be answered a count short.
      const cached = readCaches(this.db).articles;
      for (const [id, n] of await writeViews(this.db, batch)) {
        const key = String(id);
        remember(this.landed, key, (this.landed.get(key) ?? 0) + n, (evicted) => cached.delete(evicted));
      }
    } finally {
      this.lastWritten = new Set(this.writingByArticle.keys());
      this.written += 1;
      this.writingByArticle = new Map();
    }
  }
}

/** Sets a key as the newest entry of a map that keeps at most MAX_REMEMBERED (keepNewest). */
function remember<T>(map: Map<string, T>, key: string, value: T, evicted?: (key: string) => void): void {
  keepNewest(map, key, value, MAX_REMEMBERED, evicted);
}

/**
 * Writes a batch of reads (see insertViews): those the window and the address cap admit count.
 * Answers what each article's count went up by.
 */
export function writeViews(db: Db, batch: PendingView[]): Promise<Map<number, number>> {
  return insertViews(db, batch, { windowMinutes: VIEW_WINDOW_MINUTES, readersPerAddress: READERS_PER_ADDRESS });
}

const counters = new WeakMap<Db, ViewCounter>();

/** The view counter of one database (one per app; tests run several). */
export function viewCounter(db: Db, onError: (error: unknown) => void = () => {}): ViewCounter {
  let counter = counters.get(db);
  if (!counter) {
    counter = new ViewCounter(db, onError);
    counters.set(db, counter);
  }
  return counter;
}

/** Forgets reads older than the window; they no longer decide anything. */
export function pruneViews(db: Db): Promise<void> {
  return deleteViewsBefore(db, VIEW_WINDOW_MINUTES);
}
