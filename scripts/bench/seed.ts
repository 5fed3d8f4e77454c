import pg from "pg";
import type { BenchDatabase, Queryable } from "./db-client";
import {
  CATEGORIES,
  FIRST_NAMES,
  GENERAL_WORDS,
  HEADINGS,
  LAST_NAMES,
  LENGTHS,
  STYLES,
  TAGS,
  TITLE_LEADS,
  TITLE_TAILS,
  TONES,
  TOPICS,
} from "./words";

/**
 * Bump when the generated data changes shape: a database seeded by an older version is then
 * seeded again instead of being reused.
 */
export const SEED_VERSION = 2;
const AUTHOR_EMAIL_LIKE = "bench-author-%@bench.invalid";
/** Sentences and paragraphs in the text pool, per topic. */
const SENTENCES_PER_TOPIC = 50;
const PARAGRAPHS_PER_TOPIC = 70;
/** Articles per INSERT: small enough to show progress and share out between connections. */
const CHUNK = 5000;

export interface SeedOptions {
  articles: number;
  authors: number;
  reseed: boolean;
  /** Connections inserting at once (PostgreSQL uses one core per connection). */
  jobs: number;
}

export interface SeedResult {
  /** False when the database already held this seed and was reused. */
  seeded: boolean;
  articles: number;
  authors: number;
  /** Wall time of the seed (when reused: of the run that made it). */
  seconds: number;
  /** When the seed in use was made. */
  seededAt: string;
  /** Seconds per step, for the report. */
  steps: Record<string, number>;
}

interface SeedState {
  version: number;
  articles: number;
  authors: number;
  state: "loading" | "ready";
  indexes: Array<{ name: string; definition: string }>;
}

/** Creates the benchmark database when the server has no database of that name yet. */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  if (!name) throw new Error(`the database URL names no database: ${url}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `ARRAY[${values.map(quote).join(",")}]::text[]`;
/**
 * A number in [0, 1) that depends only on the article number and a salt: the same article
 * comes out the same whichever connection writes it and in whatever order.
 */
const rnd = (salt: number) => `((hashint8extended(g::int8, ${salt}) & 9007199254740991)::float8 / 9007199254740992)`;
const pick = (list: string, salt: number) => `${list}[1 + floor(${rnd(salt)} * cardinality(${list}))::int]`;

/** Seeds authors and articles unless the database already holds this exact seed. */
export async function seed(database: BenchDatabase, options: SeedOptions): Promise<SeedResult> {
  const client = database.client;
  await client.query(`create table if not exists bench_seed (
      id int primary key default 1 check (id = 1),
      version int not null,
      articles int not null,
      authors int not null,
      state text not null,
      indexes jsonb not null,
      seconds double precision,
      seeded_at timestamptz not null default now())`);
  const { rows: foreign } = await client.query<{ n: number }>(
    "select count(*)::int as n from articles a join users u on u.id = a.user_id where u.email not like $1",
    [AUTHOR_EMAIL_LIKE],
  );
  if (foreign[0].n > 0) {
    throw new Error(
      `the database holds ${foreign[0].n} articles the benchmark did not write; it replaces every article, so point DATABASE_URL at a database of its own`,
    );
  }
  const { rows } = await client.query<SeedState & { n: number; seconds: number | null; seeded_at: Date }>(
    "select version, articles, authors, state, indexes, seconds, seeded_at, (select count(*)::int from articles) as n from bench_seed",
  );
  const state = rows[0];
  if (
    !options.reseed &&
    state?.state === "ready" &&
    state.version === SEED_VERSION &&
    state.articles === options.articles &&
    state.authors === options.authors &&
    state.n === options.articles
  ) {
    return {
      seeded: false,
      articles: state.n,
      authors: state.authors,
      seconds: state.seconds ?? 0,
      seededAt: state.seeded_at.toISOString(),
      steps: {},
    };
  }
  return await seedNow(database, options, state?.state === "loading" ? state.indexes : null);
}

/**
 * The bulk load: indexes dropped and the search trigger off while articles are inserted by
 * several connections at once, then every index built once. The insert computes search_vector
 * and search_text with the trigger function's own expressions. Index definitions are kept in
 * bench_seed meanwhile, so a run that dies half way is repaired by the next one.
 */
async function seedNow(
  database: BenchDatabase,
  options: SeedOptions,
  interruptedIndexes: SeedState["indexes"] | null,
): Promise<SeedResult> {
  const client = database.client;
  const started = performance.now();
  const steps: Record<string, number> = {};
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    const result = await run();
    steps[name] = Number(((performance.now() - at) / 1000).toFixed(2));
    return result;
  };
  const { articles: n, authors } = options;
  const jobs = Math.max(1, Math.min(options.jobs, Math.ceil(n / CHUNK)));

  const indexes = await step("prepare", async () => {
    await client.query("begin");
    try {
      // What the schema has now, or, after an interrupted seed, what it had before.
      const current = await client.query<{ name: string; definition: string }>(
        `select indexname as name, indexdef as definition from pg_indexes
         where schemaname = current_schema() and tablename = 'articles'
           and indexname not in (select conname from pg_constraint where conrelid = 'articles'::regclass)`,
      );
      const defs = interruptedIndexes ?? current.rows;
      await client.query("truncate articles, article_views, ratings, bookmarks restart identity cascade");
      await client.query("delete from users where email like $1", [AUTHOR_EMAIL_LIKE]);
      await client.query("delete from bench_seed");
      await client.query(
        "insert into bench_seed (version, articles, authors, state, indexes) values ($1, $2, $3, 'loading', $4)",
        [SEED_VERSION, n, authors, JSON.stringify(defs)],
      );
      for (const index of current.rows) await client.query(`drop index ${pg.escapeIdentifier(index.name)}`);
      await client.query("alter table articles disable trigger articles_search");
      await client.query("select setseed(0.2024)");
      await client.query(
        `insert into users (email, password_hash, first_name, last_name, profile_image_url, user_type, created_at, updated_at)
         select 'bench-author-' || i || '@bench.invalid',
                'bench: cannot sign in',
                f[1 + i % cardinality(f)],
                l[1 + (i / cardinality(f)) % cardinality(l)],
                case when i % 3 = 0 then null else 'https://images.example.com/avatars/' || i || '.jpg' end,
                case when i % 5 = 0 then 'premium' else 'guest' end,
                now() - interval '800 days' + i * interval '1 hour',
                now() - interval '800 days' + i * interval '1 hour'
         from generate_series(1, $1::int) i,
              (select ${textArray(FIRST_NAMES)} as f, ${textArray(LAST_NAMES)} as l) names`,
        [authors],
      );
      await createTextPool(client);
      await client.query("commit");
      return defs;
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
  });

  await step("articles", async () => {
    const chunks: Array<[number, number]> = [];
    for (let lo = 1; lo <= n; lo += CHUNK) chunks.push([lo, Math.min(n, lo + CHUNK - 1)]);
    const chunkCount = chunks.length;
    let done = 0;
    await database.withSessions(jobs, async (connection) => {
      await connection.query(
        "create or replace aggregate pg_temp.tsvector_agg(tsvector) (sfunc = tsvector_concat, stype = tsvector, initcond = '')",
      );
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        await connection.query(articlesInsert(chunk[0], chunk[1], n));
        done += chunk[1] - chunk[0] + 1;
        if (process.stdout.isTTY) {
          process.stdout.write(`\r  seeding: ${done.toLocaleString("en-US")} / ${n.toLocaleString("en-US")} articles`);
        } else if (
          chunkCount >= 20 &&
          Math.floor((done * 10) / n) > Math.floor(((done - (chunk[1] - chunk[0] + 1)) * 10) / n)
        ) {
          // Into a log: a line at each tenth, so a long seed shows it is moving.
          console.log(`  seeding: ${done.toLocaleString("en-US")} / ${n.toLocaleString("en-US")} articles`);
        }
      }
    });
    if (process.stdout.isTTY) process.stdout.write("\n");
    await client.query("select setval(pg_get_serial_sequence('articles', 'id'), $1::int)", [n]);
  });

  await step("indexes", async () => {
    // The full-text GIN index takes longest: it starts first, the others share the rest.
    const queue = [...indexes].sort((a, b) => weight(b.definition) - weight(a.definition));
    await database.withSessions(jobs, async (connection) => {
      await connection.query(`set maintenance_work_mem = '${database.kind === "embedded" ? 256 : 512}MB'`);
      for (let index = queue.shift(); index; index = queue.shift()) {
        await connection.query(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, "CREATE $1INDEX IF NOT EXISTS "));
      }
    });
    await client.query("alter table articles enable trigger articles_search");
    await client.query("drop table if exists bench_sentence, bench_paragraph");
    await client.query("update bench_seed set state = 'ready'");
  });

  // A live table would have been vacuumed by now: the visibility map lets index-only scans
  // skip the heap, and fresh statistics let the planner choose as it would in production.
  await step("vacuum analyze", () => client.query("vacuum (analyze) articles, users"));
  await verifyAgainstTrigger(client);

  const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
  await client.query("update bench_seed set seconds = $1, seeded_at = now()", [seconds]);
  return { seeded: true, articles: n, authors, seconds, seededAt: new Date().toISOString(), steps };
}

function weight(definition: string): number {
  if (/search_vector/.test(definition)) return 3;
  if (/gin/i.test(definition)) return 2;
  return 1;
}

/**
 * The text articles are stitched from. Sentences of 8 to 20 words, each on one topic: mostly
 * general words (early, common ones far more often than late ones) and about one word in six
 * from its topic. Paragraphs of 3 to 6 sentences on one topic, with their full-text vectors.
 * Every sentence ends in a word that is not a stop word, so an article's vector is exactly its
 * paragraphs' vectors put together (positions carry on from the last word): to_tsvector runs
 * once per paragraph here, not once per article. Plain tables, so every inserting connection
 * sees them.
 */
async function createTextPool(client: Queryable): Promise<void> {
  const topics = TOPICS.length;
  await client.query("drop table if exists bench_sentence, bench_paragraph");
  await client.query(
    `create unlogged table bench_sentence as
     with words as (
       select w, array(select x from unnest(w) x where to_tsvector('english', x) <> ''::tsvector) as c
       from (select ${textArray(GENERAL_WORDS)} as w) list),
     topics as (
       select t - 1 as t, string_to_array(words, ' ') as tw
       from unnest(${textArray(TOPICS.map(([, words]) => words))}) with ordinality as x(words, t))
     select s as id, upper(left(body, 1)) || substr(body, 2) || ' ' || last_word || '.' as body
     from generate_series(0, ${topics * SENTENCES_PER_TOPIC - 1}) s
     join topics on topics.t = s % ${topics},
     lateral (
       select string_agg(case when random() < 0.16 then tw[1 + floor(random() * cardinality(tw))::int]
                              else w[1 + floor(power(random(), 2.2) * cardinality(w))::int] end, ' ') as body,
              (array_agg(case when random() < 0.3 then tw[1 + floor(random() * cardinality(tw))::int]
                              else c[1 + floor(power(random(), 1.5) * cardinality(c))::int] end))[1] as last_word
       from generate_series(1, 7 + (s * 7) % 13) k, words) sentence`,
  );
  await client.query("alter table bench_sentence add primary key (id)");
  // Paragraph p is on topic p % topics, and so are its sentences.
  await client.query(
    `create unlogged table bench_paragraph as
     select p as id,
            string_agg(s.body, ' ' order by k) as body,
            string_agg(s.body, ' ' order by k) filter (where k <= 2) as lead,
            sum(array_length(string_to_array(s.body, ' '), 1))::int as words
     from generate_series(0, ${topics * PARAGRAPHS_PER_TOPIC - 1}) p
     cross join lateral generate_series(1, 3 + p % 4) k
     join bench_sentence s
       on s.id = p % ${topics} + ${topics} * (((p / ${topics}) * 11 + k * 7) % ${SENTENCES_PER_TOPIC})
     group by p`,
  );
  await client.query(
    "alter table bench_paragraph add column vector tsvector, add column lead_vector tsvector, add primary key (id)",
  );
  await client.query(
    "update bench_paragraph set vector = to_tsvector('english', body), lead_vector = to_tsvector('english', lead)",
  );
  await client.query("analyze bench_paragraph");
}

/**
 * The insert computes what the articles_search trigger would have: check it on a sample by
 * letting the trigger recompute those rows (in a transaction that is rolled back).
 */
async function verifyAgainstTrigger(client: Queryable): Promise<void> {
  await client.query("begin");
  try {
    const { rows } = await client.query<{ id: number; same: boolean }>(
      `with sample as (
         select id, rank_vector, search_vector, search_text from articles where id % 997 = 1 limit 50)
       update articles a set title = a.title from sample s where a.id = s.id
       returning a.id, a.rank_vector = s.rank_vector and a.search_vector = s.search_vector
         and a.search_text = s.search_text as same`,
    );
    const different = rows.filter((r) => !r.same).map((r) => r.id);
    if (different.length > 0) {
      throw new Error(
        `the seed's rank_vector/search_vector/search_text differ from the articles_search trigger's for articles ${different.join(", ")}: update scripts/bench/seed.ts to match server/db/migrations`,
      );
    }
  } finally {
    await client.query("rollback");
  }
}

/** Articles lo..hi of n: one INSERT ... SELECT, the same rows whoever runs it. */
function articlesInsert(lo: number, hi: number, n: number): string {
  return `
  with authors as materialized (
    select row_number() over (order by created_at, id) as n, id,
           coalesce(first_name, '') || ' ' || coalesce(last_name, '') as name
    from users where email like ${quote(AUTHOR_EMAIL_LIKE)}
  ),
  lists as materialized (
    select ${textArray(TITLE_LEADS)} as leads, ${textArray(TOPICS.map(([subject]) => subject))} as subjects,
           ${textArray(TITLE_TAILS)} as tails, ${textArray(TAGS)} as tags, ${textArray(CATEGORIES)} as categories,
           ${textArray(STYLES)} as styles, ${textArray(LENGTHS)} as lengths, ${textArray(TONES)} as tones,
           ${textArray(HEADINGS)} as headings, (select count(*) from authors) as author_count
  ),
  base as materialized (
    select g,
           -- A few prolific authors, a long tail of occasional ones.
           1 + floor(power(${rnd(1)}, 2.0) * l.author_count)::int as author_n,
           floor(${rnd(3)} * cardinality(l.subjects))::int as topic,
           trim(${pick("l.leads", 2)} || ' ' || l.subjects[1 + floor(${rnd(3)} * cardinality(l.subjects))::int]
                || ' ' || ${pick("l.tails", 4)}) as title,
           -- 2 to 6 distinct tags: a pseudo-random start and a stride prime to the list's length.
           array(select l.tags[1 + (floor(${rnd(5)} * 1000)::int
                                    + k * (ARRAY[7, 11, 13, 17, 19, 23, 29, 31, 37])[1 + floor(${rnd(6)} * 9)::int])
                                   % cardinality(l.tags)]
                 from generate_series(1, 2 + g % 5) k) as tags,
           ${pick("l.categories", 7)} as category,
           ${pick("l.styles", 8)} as style,
           ${pick("l.lengths", 9)} as length,
           ${pick("l.tones", 10)} as tone,
           ${pick("l.headings", 11)} as heading,
           ${rnd(12)} as r_views, ${rnd(13)} as r_ratings, ${rnd(14)} as r_quality, ${rnd(15)} as r_time,
           ${rnd(16)} as r_transcript
    from generate_series(${lo}, ${hi}) g, lists l
  ),
  shaped as (
    select b.*, a.id as user_id, a.name as author,
           case when b.r_ratings < 0.25 then 0
                else floor(power(10, (b.r_ratings - 0.25) / 0.75 * 2.3))::int end as rating_count,
           case b.length when 'short' then 4 + g % 3 when 'medium' then 7 + g % 4 else 12 + g % 5 end as paragraphs,
           left(translate(encode(decode(md5('video' || g), 'hex'), 'base64'), '+/=', '-_'), 11) as video_id
    from base b join authors a on a.n = b.author_n
  ),
  written as (
    select s.*, body.*,
           least(5 * s.rating_count,
                 greatest(s.rating_count, round(s.rating_count * (2.2 + s.r_quality * 2.8))::int)) as rating_sum
    from shaped s,
    lateral (
      select min(p.body) filter (where k = 1) as first_paragraph,
             min(p.lead) filter (where k = 1) as excerpt,
             (array_agg(p.vector) filter (where k = 1))[1] as first_vector,
             (array_agg(p.lead_vector) filter (where k = 1))[1] as excerpt_vector,
             string_agg(p.body, E'\\n\\n' order by k) filter (where k > 1) as rest_text,
             string_agg('<p>' || p.body || '</p>', E'\\n' order by k) filter (where k > 1) as rest_html,
             pg_temp.tsvector_agg(p.vector order by k) filter (where k > 1) as rest_vector,
             sum(p.words)::int as words
      from generate_series(1, s.paragraphs) k
      -- Paragraphs on the article's topic (its title's subject).
      join bench_paragraph p
        on p.id = s.topic + ${TOPICS.length} * ((s.g * 7 + k * 389) % ${PARAGRAPHS_PER_TOPIC})
    ) body
  ),
  final as (
    select w.*,
           w.first_paragraph || E'\\n\\n' || w.heading || E'\\n\\n' || w.rest_text as content_text,
           w.first_vector || to_tsvector('english', w.heading) || w.rest_vector as body_vector,
           setweight(to_tsvector('english', coalesce(w.title, '')), 'A') ||
             setweight(to_tsvector('english', array_to_string(w.tags, ' ')), 'A') ||
             setweight(to_tsvector('simple', coalesce(w.author, '')), 'B') ||
             setweight(w.excerpt_vector, 'B') as rank_vector
    from written w
  )
  insert into articles (
    id, slug, user_id, title, excerpt, content_markdown, content_html, category, style, length, tone, tags,
    youtube_url, youtube_video_id, thumbnail_url, transcript_used, word_count, content_text,
    view_count, rating_count, rating_sum, rating_avg, rank_vector, search_vector, search_text, created_at, updated_at)
  select
    f.g,
    trim(both '-' from regexp_replace(lower(f.title), '[^a-z0-9]+', '-', 'g')) || '-' || f.g,
    f.user_id, f.title, f.excerpt,
    f.first_paragraph || E'\\n\\n## ' || f.heading || E'\\n\\n' || f.rest_text,
    '<p>' || f.first_paragraph || E'</p>\\n<h2>' || f.heading || E'</h2>\\n' || f.rest_html,
    f.category, f.style, f.length, f.tone, f.tags,
    'https://www.youtube.com/watch?v=' || f.video_id, f.video_id,
    'https://i.ytimg.com/vi/' || f.video_id || '/hqdefault.jpg',
    f.r_transcript > 0.15,
    f.words + cardinality(string_to_array(f.heading, ' ')),
    f.content_text,
    floor(power(10, f.r_views * 4.6))::int + f.rating_count * 3,
    f.rating_count, f.rating_sum,
    case when f.rating_count = 0 then 0 else f.rating_sum::float8 / f.rating_count end,
    -- The articles_search trigger's expressions (migration 0007), with the excerpt's and the
    -- body's vectors put together from the paragraph pool's (the same value; checked after).
    f.rank_vector,
    f.rank_vector || setweight(f.body_vector, 'C'),
    lower(coalesce(f.title, '') || ' ' || array_to_string(f.tags, ' ') || ' ' || coalesce(f.author, '')),
    -- Two years of articles, the newest last, so ids grow with time as in a live table.
    now() - (${n} - f.g)::float8 / ${n} * interval '730 days' - f.r_time * interval '3 hours',
    now() - (${n} - f.g)::float8 / ${n} * interval '730 days' - f.r_time * interval '3 hours'
  from final f`;
}
