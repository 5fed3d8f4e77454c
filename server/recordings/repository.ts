import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { type RecordingRow, recordings } from "../db/schema";

export type RecordingStatus = "uploading" | "completing" | "ready" | "refused" | "aborted";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and article requests: anything not a UUID is no recording (and never reaches a uuid column). */
export const isRecordingId = (id: string) => UUID.test(id);

export async function insertRecording(db: Db, row: typeof recordings.$inferInsert): Promise<RecordingRow> {
  const [inserted] = await db.insert(recordings).values(row).returning();
  return inserted;
}

/** The user's recording, whatever its status, or undefined (someone else's is not found either). */
export async function findUserRecording(db: Db, id: string, userId: string): Promise<RecordingRow | undefined> {
  if (!isRecordingId(id)) return undefined;
  const [row] = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.userId, userId)))
    .limit(1);
  return row;
}

export async function findRecording(db: Db, id: string): Promise<RecordingRow | undefined> {
  if (!isRecordingId(id)) return undefined;
  const [row] = await db.select().from(recordings).where(eq(recordings.id, id)).limit(1);
  return row;
}

/** The user's uploads still open (uploading or being completed), oldest first. */
export async function listOpenUploads(db: Db, userId: string): Promise<RecordingRow[]> {
  return db
    .select()
    .from(recordings)
    .where(and(eq(recordings.userId, userId), inArray(recordings.status, ["uploading", "completing"])))
    .orderBy(asc(recordings.createdAt));
}

/** Open uploads anyone started before a moment, oldest first (for the sweep). */
export async function listStaleUploads(db: Db, startedBefore: Date, limit: number): Promise<RecordingRow[]> {
  return db
    .select()
    .from(recordings)
    .where(and(inArray(recordings.status, ["uploading", "completing"]), lt(recordings.createdAt, startedBefore)))
    .orderBy(asc(recordings.createdAt))
    .limit(limit);
}

/**
 * Moves a recording from one status to another: true for exactly one caller when several race
 * (two completes of the same upload, a complete and a delete).
 */
export async function moveStatus(
  db: Db,
  id: string,
  from: RecordingStatus[],
  to: RecordingStatus,
  values: Partial<Pick<RecordingRow, "kind" | "durationSeconds" | "completedAt">> = {},
): Promise<RecordingRow | undefined> {
  const [row] = await db
    .update(recordings)
    .set({ status: to, ...values })
    .where(and(eq(recordings.id, id), inArray(recordings.status, from)))
    .returning();
  return row;
}
