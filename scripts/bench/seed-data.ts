/**
 * The SQL that makes the seed's data: the text pool (sentences and paragraphs on each topic),
 * one INSERT ... SELECT per chunk of articles, and the check that its search columns match the
 * articles_search trigger. Everything is generated in the database, the same rows whoever
 * runs it; seed.ts decides when and on how many connections.
 */
import type { Queryable } from "./db-client";
import {
  CATEGORIES,
  GENERAL_WORDS,
  HEADINGS,
  LENGTHS,
  STYLES,
  TAGS,
  TITLE_LEADS,
  TITLE_TAILS,
  TONES,
  TOPICS,
} from "./words";

export const AUTHOR_EMAIL_LIKE = "bench-author-%@bench.invalid";
/** Sentences and paragraphs in the text pool, per topic. */
const SENTENCES_PER_TOPIC = 50;
const PARAGRAPHS_PER_TOPIC = 70;

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
export const textArray = (values: readonly string[]) => `ARRAY[${values.map(quote).join(",")}]::text[]`;
/**
 * A number in [0, 1) that depends only on the article number and a salt: the same article
 * comes out the same whichever connection writes it and in whatever order.
 */
const rnd = (salt: number) => `((hashint8extended(g::int8, ${salt}) & 9007199254740991)::float8 / 9007199254740992)`;
const pick = (list: string, salt: number) => `${list}[1 + floor(${rnd(salt)} * cardinality(${list}))::int]`;

/**
 * The text articles are stitched from. Sentences of 8 to 20 words, each on one topic: mostly
 * general words (early, common ones far more often than late ones) and about one word in six
 * from its topic. Paragraphs of 3 to 6 sentences on one topic, with their full-text vectors.
 * Every sentence ends in a word that is not a stop word, so an article's vector is exactly its
 * paragraphs' vectors put together (positions carry on from the last word): to_tsvector runs
 * once per paragraph here, not once per article. Plain tables, so every inserting connection
 * sees them.
 */
export async function createTextPool(client: Queryable): Promise<void> {
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
export async function verifyAgainstTrigger(client: Queryable): Promise<void> {
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
export function articlesInsert(lo: number, hi: number, n: number): string {
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
