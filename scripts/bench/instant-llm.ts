/**
 * The test suite's fake OpenAI-compatible server (it answers at once, as long an article as the
 * prompt asks), in a process of its own: its work then runs beside the benchmark instead of
 * inside the event loop being timed. Started by generation.ts through IPC: it sends its URL
 * first, then answers each "count" with the chat requests since the last one.
 */
import { startFakeLlmServer } from "../../test/fakes/llm-server";

if (!process.send)
  throw new Error("instant-llm.ts is started by scripts/bench/generation.ts (it needs an IPC channel)");
const server = await startFakeLlmServer();
process.on("message", (message) => {
  if (message !== "count") return;
  const calls = server.chatRequests.length;
  // Forget the recorded prompts too: the 2-hour transcript's would pile up over the runs.
  server.reset();
  process.send?.({ calls });
});
process.on("disconnect", () => {
  void server.close().finally(() => process.exit(0));
});
process.send({ url: server.url });
