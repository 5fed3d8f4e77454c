import middie from "@fastify/middie";
import pino from "pino";
import { createServer } from "vite";
import { buildApp } from "./app";
import { closeOnSignals, configOrExit, openAppDatabase } from "./boot";
import { startGenerationRuntime } from "./generation/runtime";
import { LOG_SERIALIZERS } from "./lib/log-redaction";
import { projectRoot } from "./lib/paths";
import { createDevRenderer } from "./pages/renderer";

/**
 * npm run dev: the same app as npm start, with Vite serving the web code (hot module reload)
 * and tsx restarting this process when server code changes.
 */
async function dev() {
  const config = configOrExit();
  const database = await openAppDatabase(config);
  const generation = await startGenerationRuntime(
    config,
    database,
    pino({ level: config.logLevel, serializers: LOG_SERIALIZERS }),
    {
      worker: config.role !== "web",
    },
  );
  const vite = await createServer({
    configFile: `${projectRoot}/vite.config.ts`,
    server: { middlewareMode: true, hmr: { port: config.port + 1 } },
    appType: "custom",
  });
  const app = await buildApp({
    config,
    database,
    generation,
    pages: createDevRenderer(vite),
    dev: true,
    beforeRoutes: async (instance) => {
      await instance.register(middie);
      instance.use(vite.middlewares);
    },
  });
  app.addHook("onClose", () => vite.close());
  await app.listen({ port: config.port, host: config.host });
  closeOnSignals(app, database, generation);
}

dev().catch((error) => {
  console.error(error);
  process.exit(1);
});
