// Writes one article from a video with the same pipeline as the app, and prints its markdown:
//   npm run generate -- <youtube-url> [--style blog|nyt|custom] [--length short|medium|long]
//     [--tone informative|casual|formal|persuasive] [--category Technology] [--no-comments]
//     [--language en|es|fr|de|pt] [--transcript file.srt] [--reference article.txt ...]
// VIDEO_SOURCE and LLM_* choose the source and the writer, as for the app.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createArticleRequest } from "../contract/articles";
import { parseVideoId } from "../contract/video-url";
import { loadConfig } from "../server/config";
import { produceArticle } from "../server/generation/pipeline";
import { createVideoSource } from "../server/generation/video";
import { parseTranscript } from "../server/generation/video/captions";
import { createWriter } from "../server/generation/writers";
import { speechToTextFor } from "../server/sources/speech";

const USAGE =
  "Usage: npm run generate -- <youtube-url> [--style blog|nyt|custom] [--length short|medium|long] [--tone informative|casual|formal|persuasive] [--category NAME] [--no-comments] [--language en|es|fr|de|pt] [--transcript FILE] [--reference FILE ...]";

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      style: { type: "string" },
      length: { type: "string" },
      tone: { type: "string" },
      category: { type: "string" },
      language: { type: "string" },
      "no-comments": { type: "boolean" },
      transcript: { type: "string" },
      reference: { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const parsed = createArticleRequest.safeParse({
    youtubeUrl: positionals[0],
    style: values.style,
    length: values.length,
    tone: values.tone,
    category: values.category,
    language: values.language,
    includeComments: !values["no-comments"],
    referenceArticles: values.reference?.map((file) => readFileSync(file, "utf8")),
    transcript: values.transcript ? readFileSync(values.transcript, "utf8") : undefined,
  });
  if (!parsed.success) {
    console.error(parsed.error.issues[0]?.message ?? "Invalid arguments");
    return 2;
  }
  const input = parsed.data;
  const videoId = parseVideoId(input.youtubeUrl);
  if (!videoId) {
    console.error("Please enter a valid YouTube URL");
    return 2;
  }
  const config = loadConfig();
  const started = performance.now();
  const result = await produceArticle(
    { videos: createVideoSource(config), writer: createWriter(config), speech: speechToTextFor(config) },
    {
      videoId,
      style: input.style,
      length: input.length,
      tone: input.tone,
      includeComments: input.includeComments,
      category: input.category,
      referenceArticles: input.referenceArticles ?? [],
      language: input.language,
      userTranscript: input.transcript ? parseTranscript(input.transcript) : null,
    },
    (stage, detail) => console.error(`[${stage}]${detail ? ` ${detail}` : ""}`),
  );
  const { article } = result;
  console.log(`# ${article.title}\n\n> ${article.excerpt}\n\n${article.markdown.trim()}\n`);
  console.error(
    `\n${result.wordCount} words · ${article.category} · tags: ${article.tags.join(", ")} · transcript: ${result.transcriptSource} · ${Math.round(performance.now() - started)} ms`,
  );
  if (article.note) console.error(`note: ${article.note}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
