import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import { seedAuthor } from "../../test/factories";
import type { Database } from "./client";
import { handleRedirects, users } from "./schema";

// Migration 0016's users_default_handle trigger: every user gets a unique handle from their name
// when none was chosen, so no insert path (sign-up, admin scripts, seeds) can leave one out.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("a user's derived handle", () => {
  it("is the name in lowercase ASCII with hyphens, numbered when taken", async () => {
    const first = await seedAuthor(database, { firstName: "Ama", lastName: "Mensah-Owusu" });
    const second = await seedAuthor(database, { firstName: " ama ", lastName: "MENSAH owusu" });
    const third = await seedAuthor(database, { firstName: "Ama", lastName: "Mensah.Owusu" });
    expect([first.handle, second.handle, third.handle]).toEqual([
      "ama-mensah-owusu",
      "ama-mensah-owusu-2",
      "ama-mensah-owusu-3",
    ]);
  });

  it("ends in a random suffix once a few numbers are taken, and stays short", async () => {
    const handles = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const row = await seedAuthor(database, { firstName: "Kofi", lastName: "Annan With A Very Long Family Name" });
      handles.add(row.handle);
      expect(row.handle).toMatch(/^kofi-annan-with-a-very(-[0-9a-f]{1,6})?$/);
      expect(row.handle.length).toBeLessThanOrEqual(29);
    }
    expect(handles.size).toBe(8);
  });

  it("falls back to 'reader' when the name has no ASCII letters or digits", async () => {
    const row = await seedAuthor(database, { firstName: "Ωμέγα", lastName: "—" });
    expect(row.handle).toMatch(/^reader(-\d|-[0-9a-f]{6})?$/);
  });

  it("keeps a chosen handle, and never hands out one somebody left behind", async () => {
    const chosen = await seedAuthor(database, { handle: "the-reporter" });
    expect(chosen.handle).toBe("the-reporter");
    const leaver = await seedAuthor(database, { firstName: "Yaw", lastName: "Boateng" });
    expect(leaver.handle).toBe("yaw-boateng");
    await database.db.insert(handleRedirects).values({ oldHandle: "yaw-boateng", userId: leaver.id });
    await database.db.update(users).set({ handle: "yaw-b" }).where(eq(users.id, leaver.id));
    const next = await seedAuthor(database, { firstName: "Yaw", lastName: "Boateng" });
    expect(next.handle).toBe("yaw-boateng-2");
  });
});
