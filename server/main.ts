import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { closeOnSignals, configOrExit, openAppDatabase } from "./boot";
import { clientDist, createProductionRenderer } from "./pages/renderer";

async function main() {
  const config = configOrExit();
  const database = await openAppDatabase(config);
  let app: FastifyInstance | undefined;
  if (config.role === "all" || config.role === "web") {
    app = await buildApp({ config, database, pages: await createProductionRenderer() });
    // Hashed file names never change content, so browsers may keep them for a year.
    await app.register(fastifyStatic, {
      root: join(clientDist, "assets"),
      prefix: "/assets/",
      wildcard: true,
      index: false,
      immutable: true,
      maxAge: "365d",
    });
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      `${database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"}; open ${config.publicUrl}`,
    );
  }
  // The worker role (article generation jobs) arrives with the generation feature.
  closeOnSignals(app, database);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
