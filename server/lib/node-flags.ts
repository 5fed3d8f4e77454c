/**
 * The V8 flags the server runs with: package.json's start script and the README's production
 * command pass them, and the benchmark and the browser tests start the server the same way
 * (node-flags.test.ts keeps the three in step).
 *
 * At thousands of requests a second V8 lets garbage pile up: what is alive at each scavenge of
 * the young generation (the requests in flight) is promoted, and the old generation is allowed
 * to grow up to 4x its live size before a full collection. Under the article-page load the
 * server peaked at 260-300 MB with ~40 MB alive.
 * - --max-semi-space-size=8: young-generation semi-spaces of 8 MB instead of 16 MB.
 * - --heap-growing-percent=50: a full collection once the old generation is 1.5x its live size.
 * Together: ~180 MB at that load, for the same throughput. (V8 reads these at start only:
 * setting them from inside the process does nothing.)
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8", "--heap-growing-percent=50"] as const;
