/**
 * What the build left in dist/ that a run reads: the hashed entry script (the static-asset
 * scenario's path) and the build stamp, to notice a rebuild under the running server.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../server/lib/paths";

/** The hashed entry script the pages load first, as the static-asset scenario's path. */
export function entryAsset(): string | null {
  try {
    const file = readdirSync(join(projectRoot, "dist/client/assets")).find((f) => /^index-.*\.js$/.test(f));
    return file ? `/assets/${file}` : null;
  } catch {
    return null;
  }
}

/**
 * What scripts/build.mjs wrote last. Another build while the benchmark runs (on a shared
 * machine) swaps the hashed assets and the server-rendering bundle under the running server.
 */
export function buildStamp(): string | null {
  try {
    return readFileSync(join(projectRoot, "dist/.build-stamp"), "utf8");
  } catch {
    return null;
  }
}
