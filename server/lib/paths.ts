import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder holding package.json. Found by walking up, because this module runs both from
 * source (server/lib) and bundled (dist/server).
 */
export const projectRoot: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("package.json not found above the server code");
    dir = parent;
  }
  return dir;
})();
