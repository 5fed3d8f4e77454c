import { afterAll, beforeAll, beforeEach } from "vitest";
import { type FakeLlmServer, startFakeLlmServer } from "./llm-server";

/**
 * One fake LLM server for the file's (or the enclosing describe's) tests: started before them,
 * emptied of queued answers and recorded requests before each, closed after them. The answer
 * gives the server once it has started.
 */
export function fakeLlmServerForTests(): () => FakeLlmServer {
  let server: FakeLlmServer | undefined;
  beforeAll(async () => {
    server = await startFakeLlmServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => server?.reset());
  return () => {
    if (!server) throw new Error("the fake LLM server has not started");
    return server;
  };
}
