import { parentPort } from "node:worker_threads";
import { type EditRenderInput, type RenderedEdit, renderEdit } from "./render-edit";
import type { RenderReply, RenderRequest } from "./render-pool";

/**
 * A render worker thread (started by render-pool.ts, one task at a time). Bundled on its own as
 * dist/server/render-worker.js by scripts/build.mjs; run from source through tsx in tests and
 * the dev server.
 */
const port = parentPort;
if (!port) throw new Error("render-worker runs as a worker thread started by render-pool.ts");

port.on("message", ({ id, input }: RenderRequest<EditRenderInput>) => {
  let reply: RenderReply<RenderedEdit>;
  try {
    reply = { id, ok: true, value: renderEdit(input) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
