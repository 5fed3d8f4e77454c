/**
 * docs/performance.md, written from a run and the stored results: what the benchmark does, the
 * latest run, the front end, generation overhead, the plans, the findings and the stored runs
 * side by side. Long because most of it is the page's own prose, kept in one template so the
 * page reads as it will be published.
 */
import { SERVER_NODE_FLAGS } from "../../server/lib/node-flags";
import { BENCH_COMMENTS } from "./frontend";
import { BASE_ARTICLES } from "./options";
import { type BenchReport, kindName, readStoredResults } from "./report";
import { findings } from "./report-findings";
import {
  cpuText,
  FRONT_END_HEADER,
  frontEndRows,
  GENERATION_HEADER,
  generationRows,
  num,
  ofCeilingText,
  scaleRows,
  targetText,
  verdict,
} from "./report-rows";
import { compareScale, type ScaleComparison } from "./scale";

function markdownTable(header: string[], rows: string[][], rightAligned: number[] = []): string {
  const align = header.map((_, i) => (rightAligned.includes(i) ? "---:" : "---"));
  return [header, align, ...rows].map((row) => `| ${row.join(" | ")} |`).join("\n");
}

function scaleMarkdown(scale: ScaleComparison): string {
  return markdownTable(
    [
      "scenario",
      `p99 ms, ${num(scale.articles)} articles`,
      `p99 ms, ${num(scale.baseArticles)} articles`,
      "ratio",
      `meets (≤ ×${scale.maxRatio})`,
    ],
    scaleRows(scale, (r) => r.title, ""),
    [1, 2, 3],
  );
}

const runLabel = (r: BenchReport) => `${kindName(r.database.kind)}, ${num(r.options.articles)} articles`;

/**
 * One column per stored result (bench/results/<kind>-<articles>.json): requests per second and
 * p99 per scenario, so the kinds and sizes can be read side by side.
 */
function storedSummary(stored: BenchReport[]): string {
  const names: Array<{ name: string; title: string }> = [];
  for (const report of stored) {
    for (const s of report.scenarios) if (!names.some((n) => n.name === s.name)) names.push(s);
  }
  const info = (label: string, cell: (r: BenchReport) => string) => [label, ...stored.map(cell)];
  return markdownTable(
    ["", ...stored.map(runLabel)],
    [
      info("date", (r) => r.date.slice(0, 16).replace("T", " ")),
      info("commit", (r) => `${r.git.commit ?? "?"}${r.git.dirty ? " (+ changes)" : ""}`),
      info("load", (r) => `${r.load.generator}, ${r.options.connections} connections, ${r.options.duration} s`),
      info("server peak memory", (r) => (r.server.peakRssMb === null ? "?" : `${r.server.peakRssMb} MB`)),
      ...names.map(({ name, title }) =>
        info(title.replace(/ \(\d+ (ids|slugs)\)$/, ""), (r) => {
          const result = r.scenarios.find((s) => s.name === name);
          return result ? `${num(result.rps)}/s, p99 ${result.latencyMs.p99} ms` : "";
        }),
      ),
    ],
  );
}

/** Stored scale runs of each kind against the stored base run of the same kind (but `skip`, shown already). */
function storedScale(stored: BenchReport[], skip: BenchReport | null): string[] {
  const sections: string[] = [];
  for (const run of stored) {
    if (run.options.articles === BASE_ARTICLES) continue;
    if (skip && run.date === skip.date && run.database.kind === skip.database.kind) continue;
    const base = stored.find((r) => r.database.kind === run.database.kind && r.options.articles === BASE_ARTICLES);
    if (!base) {
      sections.push(
        `${runLabel(run)} (${run.date.slice(0, 10)}): no stored ${num(BASE_ARTICLES)}-article run on ${kindName(run.database.kind)} to compare with.`,
      );
      continue;
    }
    const scale = compareScale(run, base);
    const verdict =
      scale.meets === null ? "nothing to compare" : scale.meets ? "every p99 within the budget" : "budget missed";
    sections.push(
      `${kindName(run.database.kind)}: the run with ${num(run.options.articles)} articles (${run.date.slice(0, 16).replace("T", " ")}) against the one with ${num(base.options.articles)} (${base.date.slice(0, 16).replace("T", " ")}): ${verdict}.\n\n${scaleMarkdown(scale)}`,
    );
  }
  return sections;
}

export function renderMarkdown(report: BenchReport, stored: BenchReport[] = readStoredResults()): string {
  const m = report.machine;
  const seed = report.database.seed;
  const embedded = report.database.kind === "embedded";
  const engine = embedded ? "PGlite" : "PostgreSQL";
  const results = markdownTable(
    [
      "scenario",
      "path",
      "req/s",
      "of ceiling",
      "p50 ms",
      "p99 ms",
      "KB per answer",
      embedded ? "CPU ms per request (server, PGlite included)" : "CPU ms per request (server + PostgreSQL)",
      "non-2xx",
      "errors",
      "target",
      "meets",
    ],
    report.scenarios.map((r) => [
      r.title,
      `\`${r.path}\``,
      num(r.rps),
      ofCeilingText(r),
      String(r.latencyMs.p50),
      String(r.latencyMs.p99),
      String(r.responseKb),
      cpuText(r),
      num(r.non2xx),
      num(r.errors),
      targetText(r),
      verdict(r),
    ]),
    [2, 3, 4, 5, 6, 7, 8, 9],
  );
  const plans = report.explainSkipped
    ? `Not explained in this run: ${report.explainSkipped}`
    : `What ${engine} does for each hot query (the app's SQL, captured as it runs${embedded ? "; PGlite in the benchmark's process, before the server started" : ""}). "In ${engine}" is
the execution time EXPLAIN ANALYZE reports; "at the client" is the median of five round trips,
which also pays for sending (and decompressing) the columns returned.

${markdownTable(
  ["query", "statement", `in ${engine} ms`, "at the client ms", "rows", "KB returned", "sequential scans"],
  report.explain.flatMap((shape) =>
    shape.statements.map((s, i) => [
      shape.statements.length > 1 ? `${shape.title} (${i + 1})` : shape.title,
      `\`${shape.name}\``,
      String(s.planMs ?? ""),
      String(s.clientMs ?? "(write)"),
      String(s.rows ?? ""),
      String(s.rowsKb ?? ""),
      s.seqScans.length ? `**${s.seqScans.join(", ")}**` : "none",
    ]),
  ),
  [2, 3, 4, 5],
)}`;
  const notes = findings(report);
  const seedLine = seed.seeded
    ? `seeded in ${seed.seconds} s (${Object.entries(seed.steps)
        .map(([k, v]) => `${k} ${v} s`)
        .join(", ")})`
    : `seed reused (made ${seed.seededAt} in ${seed.seconds} s)`;
  const scaleSections = storedScale(stored, report.scale ? report : null);
  return `# Performance

\`npm run bench\` measures how fast the app answers readers, on the database the app would use:
**PostgreSQL** when \`DATABASE_URL\` is set (the production case; \`BENCH_DATABASE_URL\` is read when
it is not; the database is created when missing), else the **embedded database** (PGlite, as the
app runs without \`DATABASE_URL\`) in \`data/bench-<articles>\`. Every run says which. It builds the
app if the sources changed and seeds 100,000 articles by 2,000 authors, generated in SQL (on
PostgreSQL over several connections at once; on PGlite in the benchmark's own process, one chunk
after another). A seed is reused when the database already holds it (\`--reseed\` forces a new
one). Then it starts the built server as \`npm start\` does (\`node ${SERVER_NODE_FLAGS.join(" ")} dist/server/main.js\`, \`NODE_ENV=production\`,
\`ROLE=web\`, on 127.0.0.1 only; on the embedded database with \`DATA_DIR\` pointing at the seeded
directory, after the benchmark has closed it, since PGlite lets one process at a time open it) and
loads one endpoint at a time from a process of its own: [wrk](https://github.com/wg/wrk) when it is
on PATH (a Lua script cycles through the scenario's paths and counts the status codes), else
[autocannon](https://github.com/mcollina/autocannon) in a child Node process. Each scenario gets a
warm-up (a scenario with many paths, such as 2,000 articles, first has each path read once), then
a measured run with a fixed number of connections. For each it reports requests per
second, p50 and p99 latency, non-2xx answers and errors, the server's peak resident memory, the
throughput as a share of a bare \`node:http\` server loaded the same way in the same run, and the
CPU time each request costs the server process and the PostgreSQL backends (read from /proc; PGlite
runs inside the server process, so on the embedded database its CPU time is in the server's).
Requests per second drift with whatever else the machine runs; CPU per request hardly does, and on
this 2-core machine 2,000 ms divided by the server's and the database's CPU ms per request (less
the load generator's share) bounds what the endpoint can reach. It also runs
\`EXPLAIN (ANALYZE, BUFFERS)\` on the SQL the app's own query functions send for the hot endpoints
(on PGlite in the benchmark's process, before the server starts), so a sequential scan or a slow
plan shows up next to the numbers. After the load, on the same server and data, it weighs the JS
and CSS the landing page, an article page and a signed-in reader's home load first (gzipped) and
runs Lighthouse on them; with the server stopped, it measures generation overhead (the pipeline on
the fixture videos with the extractive writer and with an LLM that answers at once, 20 runs each)
and the first progress in the create dialog (\`--skip-frontend\`, \`--skip-generation\`; both are
left out of \`--only\` runs). On PostgreSQL it then measures generation throughput: 40 people press
Generate at once against a fake LLM that answers each call after 8 s, on two server processes
sharing the queue (\`--throughput-users N\`, \`--throughput-delay-ms N\`, \`--skip-throughput\`; also
\`npx tsx scripts/bench/throughput.ts --database-url …\` on its own).

Results go to \`bench/results/latest.json\` (the last complete run, all figures),
\`bench/results/<kind>-<articles>.json\` (the last complete run of each kind of database at each
size: \`postgres-100000.json\`, \`embedded-100000.json\`, \`postgres-1000000.json\`…),
\`bench/results/explain.txt\` (the plans) and this page. \`--articles 1000000\` is the scale run: its
p99s are compared with the stored 100,000-article run on the same kind of database (the budget:
at most 1.5 times). A non-2xx answer, an error, or a server that does not start fails the run;
\`--only\` runs write \`bench/results/partial.json\` only; the budgets (issue 7) are reported, not
enforced.

Options: \`--articles N\` (default 100000), \`--duration S\` (10), \`--warmup S\` (2),
\`--connections N\` (32), \`--only feed,search\`, \`--reseed\`, \`--explain\` (print the plans),
\`--seed-only\`, \`--generator auto|wrk|autocannon\`, \`--threads N\` (wrk), \`--skip-frontend\`,
\`--skip-generation\`, \`--skip-throughput\`. Examples:
\`npm run bench -- --duration 5\` (embedded),
\`DATABASE_URL=postgres://postgres@127.0.0.1:5432/vidscribe_bench npm run bench\` (PostgreSQL),
\`DATABASE_URL=postgres://postgres@127.0.0.1:5432/vidscribe_bench_1m npm run bench -- --articles 1000000\`.

The scenarios that no cache can answer (issue 20) cycle through more questions than the
server's caches hold: every topic word of the seed (296) on pages 1-4, and 2,000 articles by
slug, as a visitor and as a signed-in reader (signed up through the API when the server starts).

## How search stays fast when nothing is cached

A search is ordered by relevance in two tiers, newest first in each: articles *about* the words
(in the title, tags, author or excerpt: \`articles.rank_vector\`), then articles that only mention
them in the body. Ranking every match with \`ts_rank\` read every matching row: a broad word matches
tens of thousands of articles at a million, so one search cost hundreds of milliseconds and grew
with the table. The tiers need no score, only an order an index can give:

- **One-word searches** (most of them) read the word's postings, \`article_terms\` (one row per
  lexeme of \`rank_vector\`, kept by triggers on \`articles\`, migration 0018), from a B-tree on
  \`(term, created_at desc, article_id desc)\`: a page reads its 11-41 postings and stops, whatever
  the word's frequency and the table's size. Other filters are checked article by article along
  the postings. When the first tier cannot fill the page, the query is asked again with both tiers.
  A one-word search with no other filter, the commonest, is a prepared statement
  (\`feed_plain_word_search\`): building and planning that query anew cost the server and PostgreSQL
  more than running it.
- **Other searches** (phrases, several words, exclusions, "or") take the first tier from a GIN
  index on \`rank_vector\` or from the date index (PostgreSQL chooses by the words' frequency), and
  the body tier from the GIN index on \`search_vector\` only when the first tier runs short.
- A search sorted by popularity or rating re-sorts the matches; a signed-in reader's default sort
  ('For You') does not apply to a search, which is ordered by relevance for everyone (and readers
  searching alike share one cached answer).

A page's query returns only its articles' ids, in order. The answer is joined from summaries kept
by id (server/articles/summary-pieces.ts: each article's summary JSON compressed on its own as a
gzip piece, up to 20,000, a minute each, emptied by any write): the summaries not kept are read in
one more query, and the page goes out as one gzip stream of the pieces, with nothing read,
serialised or compressed again for the articles already kept. A page made this way is sent as gzip
the first time even to a browser that prefers brotli (an answer nobody asks again is never
compressed at all), and as brotli when it is asked again from the feed cache. Over the 1,184
different searches (4,657 different articles) this took the server from 1.59 to 0.55 ms of CPU and
PostgreSQL from 0.90 to 0.24 ms a request, 551 → 1,800 requests a second; a page is ~5.7 KB of gzip
instead of ~2.3 KB of brotli the first time it is sent.

RUM (an index that returns full-text matches in rank order) would serve the same purpose, but it is
an extension PostgreSQL does not ship (Debian packages it separately) and the embedded database
cannot load it; postings in a plain table work on both databases. Related articles read the same
postings (each tag's words) and the category's date index, so an article page no longer scans the
table for articles sharing a tag.

## How one article reads fast over many slugs

The article page is rendered once per article, not once per reader (server/pages/shared-article.ts):
rendering the whole page cost ~5 ms of server CPU a request (8 ms signed in), and React's render
was only part of it (the queries around the article, serializing the data block). Everything but
the reader's own parts (the top bar, the bookmark and rating, the comments with their forms: the
\`PersonalIsland\`s of web/lib/personal-island.tsx) reads alike for every reader, so the document is
rendered once with a slot for each part and for the data block, and kept for 5 minutes or until
any write as pieces, each compressed on its own as raw deflate that ends on a byte boundary
(server/http/gzip-pieces.ts). A request fills the slots and writes its data block from the shared
answers' kept pieces plus what is the reader's (their rating, this read's view count); a visitor's
parts are made with the page, and a signed-in reader's are rendered together in one pass, or
reused (kept compressed too) when this page (or, for the top bar, any article page) already made
them for the same answers to what they read. A browser that takes gzip gets the pieces joined into
one gzip stream as they are, with the per-request text in stored blocks and the CRC combined from
the pieces' own: no part of the page is compressed again per request (brotli, which cannot be
joined like this, cost about 1 ms of the 2 ms a signed-in page took; gzip is ~10% larger). A
reader's ratings and bookmarks are looked up once and kept until they rate, save or unsave (in
every process: the cache invalidation NOTIFY names the reader), so their article pages need no
query of their own besides the session. Kept bytes are copied out of zlib's 16 KB work buffers and
Node's 8 KB pools, which a piece of a few hundred bytes otherwise holds whole (the shared pages of
2,000 articles held 74 MB of buffers, now 31 MB). A test renders
the whole page from the data each reader got and compares (server/pages/shared-article.api.test.ts):
the HTML a reader gets is what hydration expects, but for the view count, which the page shows as
rendered and hydration keeps (\`suppressHydrationWarning\`). Read-only star ratings are one element
drawn by CSS instead of two icons a star, which took an article page from 68 KB to 47 KB.

An article's stored row is kept in the read cache (2,500 rows, a minute each, lapses spread at
random so a crawl's rows do not all lapse at once), and so is its JSON for every reader but its
owner and admins, less the counts and compressed as a gzip piece: a read writes only its view
count and the reader's rating after it, and a browser that takes gzip gets the two joined without
compressing the JSON again (2,000 slugs: 2,125 → 3,050 requests a second). A batch of counted reads no longer evicts the rows it counted (each reader's
count adds what landed since the row was read), and batches start at most every quarter second
under load, so an article read by many gets one row update per batch, not one per reader. The
visitor's address and cookie digests (HMACs) are remembered per address and browser.

A signed-in request looked its session up in PostgreSQL (a prepared statement and a user row to
read: about a quarter of a signed-in page's CPU). A process now trusts a look-up for one second
(server/auth/session-cache.ts): the query builder hands every statement to a watch
(server/db/write-watch.ts), and any update or delete of a user or a session in this process
forgets the kept sessions before it runs (a statement about one session by id, a sign-out or the
last-seen time moved on, forgets that one), so no code that writes users has to remember the cache;
another process's change shows within the second. Signed-in article pages went 1,289 → 2,150
requests a second (server 0.81 → 0.52 ms, PostgreSQL 0.22 → 0.07 ms of CPU a request), signed-in
searches nobody repeated 1,362 → 2,131.

## Latest run

- Date: ${report.date}
- Command: \`${report.command}\`
- Commit: ${report.git.commit ?? "unknown"}${report.git.dirty ? " (with uncommitted changes)" : ""}
- Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ${m.os}, Node ${m.node}; load average ${m.loadAverageAtStart.join(" / ")} at the start${m.loadAverageAtEnd ? `, ${m.loadAverageAtEnd.join(" / ")} at the end` : ""} (the load generator, the server and the database share these cores)
- Database: **${kindName(report.database.kind)}**, ${report.database.server} (\`${report.database.location}\`); ${num(report.database.articles)} articles (${report.database.articlesSizeMb} MB with indexes and TOAST), ${num(report.database.authors)} authors; ${seedLine}
- Load: ${report.load.generator}${report.load.threads ? ` (${report.load.threads} thread${report.load.threads > 1 ? "s" : ""})` : ""} in a process of its own, ${report.options.connections} connections, ${report.options.warmup} s warm-up and ${report.options.duration} s measured per scenario
- Server peak memory: ${report.server.peakRssMb ?? "?"} MB (budget ${report.server.memoryTargetMb} MB${embedded ? "; the embedded database included" : ""})
- Outcome: ${report.ok ? "every scenario answered 2xx only" : `FAILED: ${report.failures.join("; ")}`}

${results}
${
  report.scale
    ? `
### Against ${num(report.scale.baseArticles)} articles

This run's p99s against the stored ${num(report.scale.baseArticles)}-article run on ${kindName(report.database.kind)} (${report.scale.baseDate}); the budget is at most ×${report.scale.maxRatio}: ${report.scale.meets === null ? "nothing to compare" : report.scale.meets ? "met" : "**missed**"}.

${scaleMarkdown(report.scale)}
`
    : ""
}
## Front end

${
  report.frontEnd
    ? `What each page makes the browser fetch first (module scripts, preloads and stylesheets its HTML names, gzipped at level 9 as the server's precompressed files are) and Lighthouse's performance category (Lighthouse 12 on the system Chromium: mobile emulation, simulated slow 4G, a 4× slower CPU, cold cache; the median of ${report.frontEnd.pages.find((p) => p.lighthouse)?.lighthouse?.runs ?? "several"} runs), on this run's server and data; readers first post ${BENCH_COMMENTS} comments on the article (a reused seed keeps those of earlier runs too), and home is a signed-in reader's feed. Each page is measured once the machine is quiet (its CPUs under a quarter busy for two seconds, at most a minute's wait: Lighthouse counts other programs' CPU time as the page's${typeof report.frontEnd.busyPercent === "number" ? `; at most ${report.frontEnd.busyPercent}% busy as the runs began` : ""}).${report.frontEnd.lighthouseSkipped ? ` Lighthouse skipped: ${report.frontEnd.lighthouseSkipped}.` : ""}

${markdownTable(
  FRONT_END_HEADER,
  frontEndRows(report.frontEnd).map(([page, path, ...rest]) => [page, `\`${path}\``, ...rest]),
  [2, 3, 4, 5, 6, 7],
)}`
    : `Not measured in this run: ${report.frontEndSkipped ?? "skipped"}.`
}

## Generation overhead

${
  report.generation
    ? `Our own time to turn a fixture video into a stored article (scripts/bench/generation.ts): with the extractive writer, and with an LLM server that answers at once, so the LLM's thinking is not in it; p50 and p99 over ${report.generation.rows[0]?.runs ?? 20} runs each, on ${report.generation.database === "postgres" ? "a scratch PostgreSQL database beside the benchmark's" : "a temporary embedded database"}; then the first progress in the create dialog, in a browser${report.generation.note ? ` (${report.generation.note})` : ""}. ${report.generation.elapsedSeconds} s in all.

${markdownTable(GENERATION_HEADER, generationRows(report.generation), [2, 3, 4])}`
    : `Not measured in this run: ${report.generationSkipped ?? "skipped"}.`
}

## Generation throughput

${
  report.throughput
    ? `${report.throughput.users} people press Generate at once (a short article each) against a fake LLM that answers every call after ${report.throughput.llmDelayMs / 1000} s (scripts/bench/throughput.ts), on ${report.throughput.processes} server processes sharing one queue on a scratch PostgreSQL database (GENERATION_CONCURRENCY=${report.throughput.generationConcurrency} each, LLM_MAX_CONCURRENCY=${report.throughput.llmConcurrency}). The target: every article within 40 s with an 8 s LLM.

${markdownTable(
  ["Articles", "Median", "Max", "Errors", "LLM calls", "Most at once", "Peak memory"],
  [
    [
      `${report.throughput.succeeded}/${report.throughput.users}`,
      `${report.throughput.medianSeconds} s`,
      `${report.throughput.maxSeconds} s`,
      String(report.throughput.errors),
      String(report.throughput.llmCalls),
      String(report.throughput.llmMaxInFlight),
      report.throughput.peakMemoryMb.map((mb) => `${mb ?? "?"} MB`).join(" + "),
    ],
  ],
  [0, 1, 2, 3, 4, 5],
)}`
    : `Not measured in this run: ${report.throughputSkipped ?? "skipped"}.`
}

## Query plans

${plans}

## Findings

${notes.length ? notes.map((n) => `- ${n}`).join("\n") : "- Nothing stands out: no sequential scans, every budget met."}

## Stored results

The last complete run of each kind of database at each size (\`bench/results/<kind>-<articles>.json\`): requests per second and p99.

${stored.length ? storedSummary(stored) : "None yet."}

### Scale (${num(BASE_ARTICLES)} → more articles)

${scaleSections.length ? scaleSections.join("\n\n") : report.scale ? "The latest run, above." : `No stored run at another size than ${num(BASE_ARTICLES)} articles yet (\`--articles 1000000\`).`}
`;
}
