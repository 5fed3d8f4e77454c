import { afterAll, describe, expect, it } from "vitest";
import type { ArticleEvidence } from "../../contract/evidence";
import { MAX_CONTENT_LENGTH } from "../../contract/options";
import { PATHOLOGICAL_MARKDOWN } from "../../test/pathological-markdown";
import { renderMarkdown } from "../content/render";
import { type EditRenderInput, type RenderedEdit, renderEdit } from "./render-edit";
import { RenderPool, RenderPoolBusyError, RenderTimeoutError, RenderWorkerError } from "./render-pool";

/**
 * A stand-in worker that speaks the pool's protocol and misbehaves on request: "hang" never
 * answers (a render that would run forever), "exit" ends the thread, "throw" crashes it with an
 * uncaught error, "fail" answers a failure, anything else is echoed.
 */
const MISBEHAVING_WORKER = new URL(
  `data:text/javascript,${encodeURIComponent(`
import { parentPort } from "node:worker_threads";
parentPort.on("message", ({ id, input }) => {
  if (input === "hang") for (;;);
  if (input === "exit") process.exit(3);
  if (input === "throw") throw new Error("boom");
  if (input === "fail") return parentPort.postMessage({ id, ok: false, message: "cannot render that" });
  parentPort.postMessage({ id, ok: true, value: input });
});`)}`,
);

const pools: RenderPool<unknown, unknown>[] = [];
function misbehavingPool(options: { size?: number; taskTimeoutMs?: number; maxQueue?: number; maxWaitMs?: number }) {
  const pool = new RenderPool<string, string>({ script: MISBEHAVING_WORKER, ...options });
  pools.push(pool as RenderPool<unknown, unknown>);
  return pool;
}
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

describe("the edit render worker", () => {
  const pool = new RenderPool<EditRenderInput, RenderedEdit>({
    script: new URL("./render-worker.ts", import.meta.url),
    size: 1,
  });
  pools.push(pool as RenderPool<unknown, unknown>);
  const evidence = {
    quotes: [{ text: "We start small," }, { text: "a quote that is gone" }],
    sections: [{ heading: "The plan" }],
    moments: 2,
  } as unknown as ArticleEvidence;

  it("renders exactly what renderMarkdown and the other text functions give in-process", async () => {
    const inputs = [
      "## The plan\n\nWe start small, then [grow](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=75s).\n\n- one\n- two",
      "<script>alert(1)</script> [x](javascript:alert(1)) ![alt](http://t.example/p.png) | a | b |\n|-|-|\n| 1 | 2 |",
      PATHOLOGICAL_MARKDOWN["> nesting"](MAX_CONTENT_LENGTH),
      PATHOLOGICAL_MARKDOWN["_a emphasis"](MAX_CONTENT_LENGTH),
      PATHOLOGICAL_MARKDOWN["table rows"](MAX_CONTENT_LENGTH),
    ];
    for (const markdown of inputs) {
      const input: EditRenderInput = { markdown, receipts: { evidence, videoId: "dQw4w9WgXcQ" } };
      const rendered = await pool.run(input);
      expect(rendered.html).toBe(renderMarkdown(markdown));
      expect(rendered).toEqual(renderEdit(input));
    }
  });

  it("leaves the receipts out when none are given", async () => {
    const rendered = await pool.run({ markdown: "Just *text*." });
    expect(rendered).toEqual({ html: "<p>Just <em>text</em>.</p>", text: "Just text.", wordCount: 2 });
  });
});

describe("RenderPool", () => {
  it("ends a task that runs too long, and replaces its worker", async () => {
    const pool = misbehavingPool({ size: 1, taskTimeoutMs: 300 });
    await expect(pool.run("hang")).rejects.toBeInstanceOf(RenderTimeoutError);
    expect(pool.workerCount).toBe(0);
    await expect(pool.run("after")).resolves.toBe("after");
    expect(pool.workerCount).toBe(1);
  });

  it("fails the task of a worker that exits or crashes, and carries on with a new one", async () => {
    const pool = misbehavingPool({ size: 1 });
    await expect(pool.run("exit")).rejects.toBeInstanceOf(RenderWorkerError);
    await expect(pool.run("throw")).rejects.toThrow(/boom/);
    await expect(pool.run("still here")).resolves.toBe("still here");
    expect(pool.workerCount).toBe(1);
  });

  it("passes on a failure the worker answers, keeping the worker", async () => {
    const pool = misbehavingPool({ size: 1 });
    await expect(pool.run("fail")).rejects.toThrow("cannot render that");
    await expect(pool.run("next")).resolves.toBe("next");
  });

  it("refuses a task at once when the queue is full, and runs the queued ones when a worker frees", async () => {
    const pool = misbehavingPool({ size: 1, maxQueue: 1, taskTimeoutMs: 1_000 });
    const running = pool.run("hang");
    const queued = pool.run("queued");
    await expect(pool.run("one too many")).rejects.toBeInstanceOf(RenderPoolBusyError);
    await expect(running).rejects.toBeInstanceOf(RenderTimeoutError);
    await expect(queued).resolves.toBe("queued");
  });

  it("refuses a task that waited too long for a worker", async () => {
    const pool = misbehavingPool({ size: 1, maxWaitMs: 100, taskTimeoutMs: 1_000 });
    const running = pool.run("hang");
    await expect(pool.run("waiting")).rejects.toBeInstanceOf(RenderPoolBusyError);
    await expect(running).rejects.toBeInstanceOf(RenderTimeoutError);
  });

  it("uses up to its size of workers at once", async () => {
    const pool = misbehavingPool({ size: 2 });
    const started: number[] = [];
    pool.onTaskStart(() => started.push(pool.workerCount));
    await expect(Promise.all(["a", "b", "c"].map((input) => pool.run(input)))).resolves.toEqual(["a", "b", "c"]);
    expect(started).toEqual([1, 2, 2]);
    expect(pool.workerCount).toBe(2);
  });

  it("lets the tasks in flight finish on close, ends its workers, and starts again when asked", async () => {
    const pool = misbehavingPool({ size: 2 });
    const inFlight = [pool.run("a"), pool.run("b")];
    await pool.close();
    await expect(Promise.all(inFlight)).resolves.toEqual(["a", "b"]);
    expect(pool.workerCount).toBe(0);
    await expect(pool.run("again")).resolves.toBe("again");
  });
});
