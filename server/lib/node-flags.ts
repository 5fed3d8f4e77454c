/**
 * The V8 flags the server runs with: package.json's start script and the README's production
 * command pass them, and the benchmark and the browser tests start the server the same way
 * (node-flags.test.ts keeps the three in step).
 *
 * --max-semi-space-size=8: V8's young generation grows to 16 MB semi-spaces by default, and at
 * thousands of requests a second what is alive at each scavenge (the requests in flight) is
 * promoted and piles up in the old generation until a full collection: 260-280 MB under the
 * article-page load, against ~200 MB with 8 MB semi-spaces, for the same throughput. (V8 reads
 * the flag only at start: setting it from inside the process does nothing.)
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8"] as const;
