// One lane of `npm run eval:articles`: forked by articles.ts with its share of the grid, writes
// the articles one after the other with its own fake LLM server, and sends each measure back.
import { openHarness } from "./harness";
import { type EvalCase, evalVideoSource } from "./inputs";

interface Job {
  cases: EvalCase[];
  handMade: boolean;
}

process.once("message", async (job: Job) => {
  const harness = await openHarness(evalVideoSource({ handMade: job.handMade }));
  // One article per kind of writer first, not measured: the first call loads modules and warms
  // the JIT, which would otherwise show as a slow article in the run times.
  const firstExtractive = job.cases.find((c) => c.writer === "extractive");
  const firstLlm = job.cases.find((c) => c.writer !== "extractive");
  for (const c of [firstExtractive, firstLlm]) if (c) await harness.run(c);
  for (const c of job.cases) {
    const measure = await harness.run(c);
    await new Promise<void>((resolve, reject) =>
      process.send?.({ measure }, (error: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  await harness.close();
  process.disconnect?.();
});
