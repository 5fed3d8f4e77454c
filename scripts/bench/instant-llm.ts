/**
 * The test suite's fake OpenAI-compatible server (it answers at once, as long an article as the
 * prompt asks), in a process of its own: its work then runs beside the benchmark instead of
 * inside the event loop being timed. Started by generation.ts through IPC: it sends its URL
 * first, then answers each "count" with the chat requests since the last one.
 */
import { cooperativeAnswer, startFakeLlmServer } from "../../test/fakes/llm-server";

if (!process.send)
  throw new Error("instant-llm.ts is started by scripts/bench/generation.ts (it needs an IPC channel)");
const server = await startFakeLlmServer();
// The throughput scenario's model thinks this long (ms) before each answer (argv[2]; 0: at once).
const delayMs = Number(process.argv[2] ?? 0);
const thinking = () => {
  if (delayMs > 0) server.setDefault((request) => ({ type: "reply", text: cooperativeAnswer(request), delayMs }));
};
thinking();
process.on("message", (message) => {
  if (message !== "count") return;
  const calls = server.chatRequests.length;
  const { maxConcurrent } = server;
  // Forget the recorded prompts too: the 2-hour transcript's would pile up over the runs.
  server.reset();
  thinking();
  process.send?.({ calls, maxConcurrent });
});
process.on("disconnect", () => {
  void server.close().finally(() => process.exit(0));
});
process.send({ url: server.url });
