import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./node-flags";
import { projectRoot } from "./paths";

const serverCommand = `node ${SERVER_NODE_FLAGS.join(" ")} dist/server/main.js`;

describe("the server's node flags", () => {
  it("are what npm start passes", () => {
    const pkg = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as { scripts: { start: string } };
    expect(pkg.scripts.start).toContain(serverCommand);
  });

  it("are in the README's production command", () => {
    expect(readFileSync(join(projectRoot, "README.md"), "utf8")).toContain(serverCommand);
  });
});
