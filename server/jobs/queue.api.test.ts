import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import { startJobQueue } from "./queue";

const quiet = { error() {} };

describe("a job queue that has stopped", () => {
  it("leaves the database alone when a job outlives the stop, and refuses new jobs aloud", async () => {
    const database = await createTestDatabase();
    const queue = await startJobQueue(database, quiet);
    await queue.ensureQueue("outliving", { name: "outliving" });

    let taken!: () => void;
    const started = new Promise<void>((resolve) => {
      taken = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await queue.work("outliving", 1, async () => {
      taken();
      await held;
      throw new Error("the job ends after its queue stopped");
    });
    await queue.send("outliving", { n: 1 });
    await started;

    // As the app shuts down: the queue stops without waiting for the job, then the database closes.
    await queue.stop({ graceful: false });
    await database.close();
    // The job ends now; pg-boss would record its failure on the closed database (an unhandled
    // rejection, which fails the run) unless the stopped queue keeps away from it.
    release();
    await new Promise((resolve) => setTimeout(resolve, 200));

    await expect(queue.send("outliving", { n: 2 })).rejects.toThrow("The job queue has stopped.");
  });
});
