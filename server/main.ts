import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "./app";
import { closeOnSignals, configOrExit, openAppDatabase } from "./boot";
import { startGenerationRuntime } from "./generation/runtime";
import { LOG_SERIALIZERS } from "./lib/log-redaction";
import { clientDist, createProductionRenderer } from "./pages/renderer";

async function main() {
  const config = configOrExit();
  const database = await openAppDatabase(config);
  const log = pino({ level: config.logLevel, serializers: LOG_SERIALIZERS });
  const generation = await startGenerationRuntime(config, database, log, {
    worker: config.role === "all" || config.role === "worker",
  });
  let app: FastifyInstance | undefined;
  if (config.role === "all" || config.role === "web") {
    app = await buildApp({ config, database, generation, pages: await createProductionRenderer() });
    // Hashed file names never change content, so browsers may keep them for a year.
    await app.register(fastifyStatic, {
      root: join(clientDist, "assets"),
      prefix: "/assets/",
      wildcard: true,
      index: false,
      immutable: true,
      maxAge: "365d",
      // scripts/build.mjs writes .br and .gz beside each asset.
      preCompressed: true,
    });
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      `${database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"}; open ${config.publicUrl}`,
    );
  }
  if (config.role === "worker") log.info("worker started: generating articles from the job queue");
  closeOnSignals(app, database, generation);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
