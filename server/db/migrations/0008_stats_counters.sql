CREATE TABLE "author_article_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"article_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_counters" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"total_articles" bigint DEFAULT 0 NOT NULL,
	"total_reads" bigint DEFAULT 0 NOT NULL,
	"active_authors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_counters_one_row" CHECK ("platform_counters"."id")
);
--> statement-breakpoint
-- The featured article's 'best of the last 30 days' order (chooseFeatured), expression for
-- expression: the query reads it from the top and stops at the first recent article.
CREATE INDEX "articles_best_idx" ON "articles" USING btree (("rating_avg" * ln(1 + "rating_count") + ln(1 + "view_count")) desc,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Platform stats read platform_counters' one row instead of counting every article. Statement
-- triggers with transition tables keep it exact: a batched view-count update of any size
-- changes it once. Lock order: the statement's article rows, then author_article_counts rows
-- in user_id order, then the counter row last (ratings and view batches lock article rows
-- first too, so none of them waits in a cycle). A statement that changes nothing counted
-- (a rating, an edit) takes no lock.
CREATE FUNCTION articles_counters_apply(articles_delta bigint, reads_delta bigint, author_ids uuid[], author_deltas int[])
RETURNS void AS $$
DECLARE
  authors_delta int := 0;
  emptied int := 0;
BEGIN
  IF cardinality(author_ids) > 0 THEN
    -- An author counts as active from their first article to their last: the rows whose count
    -- crossed zero change active_authors, and a row left at zero goes.
    WITH delta AS (
      SELECT d.user_id, d.n FROM unnest(author_ids, author_deltas) AS d(user_id, n)
    ), applied AS (
      INSERT INTO author_article_counts AS c (user_id, article_count)
      SELECT user_id, n FROM delta ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE SET article_count = c.article_count + excluded.article_count
      RETURNING c.user_id, c.article_count
    )
    SELECT count(*) FILTER (WHERE a.article_count > 0 AND a.article_count - d.n <= 0)
             - count(*) FILTER (WHERE a.article_count <= 0 AND a.article_count - d.n > 0),
           count(*) FILTER (WHERE a.article_count <= 0)
      INTO authors_delta, emptied
      FROM applied a JOIN delta d USING (user_id);
    IF emptied > 0 THEN
      DELETE FROM author_article_counts WHERE user_id = ANY (author_ids) AND article_count <= 0;
    END IF;
  END IF;
  IF articles_delta <> 0 OR reads_delta <> 0 OR authors_delta <> 0 THEN
    UPDATE platform_counters SET total_articles = total_articles + articles_delta,
      total_reads = total_reads + reads_delta, active_authors = active_authors + authors_delta;
  END IF;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION articles_counters_inserted() RETURNS trigger AS $$
DECLARE
  articles_delta bigint;
  reads_delta bigint;
  author_ids uuid[];
  author_deltas int[];
BEGIN
  SELECT coalesce(sum(n), 0), coalesce(sum(reads), 0), coalesce(array_agg(user_id), '{}'), coalesce(array_agg(n), '{}')
    INTO articles_delta, reads_delta, author_ids, author_deltas
    FROM (SELECT user_id, count(*)::int AS n, sum(view_count)::bigint AS reads FROM inserted_articles GROUP BY user_id) g;
  PERFORM articles_counters_apply(articles_delta, reads_delta, author_ids, author_deltas);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION articles_counters_deleted() RETURNS trigger AS $$
DECLARE
  articles_delta bigint;
  reads_delta bigint;
  author_ids uuid[];
  author_deltas int[];
BEGIN
  SELECT coalesce(sum(n), 0), coalesce(sum(reads), 0), coalesce(array_agg(user_id), '{}'), coalesce(array_agg(n), '{}')
    INTO articles_delta, reads_delta, author_ids, author_deltas
    FROM (SELECT user_id, -count(*)::int AS n, -sum(view_count)::bigint AS reads FROM deleted_articles GROUP BY user_id) g;
  PERFORM articles_counters_apply(articles_delta, reads_delta, author_ids, author_deltas);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every update fires this (PostgreSQL allows no column list with transition tables): only a
-- change of view counts or of an article's author touches the counters.
CREATE FUNCTION articles_counters_updated() RETURNS trigger AS $$
DECLARE
  reads_delta bigint;
  author_ids uuid[];
  author_deltas int[];
BEGIN
  SELECT coalesce(sum(reads), 0),
         coalesce(array_agg(user_id) FILTER (WHERE n <> 0), '{}'),
         coalesce(array_agg(n) FILTER (WHERE n <> 0), '{}')
    INTO reads_delta, author_ids, author_deltas
    FROM (SELECT user_id, sum(n)::int AS n, sum(reads)::bigint AS reads
            FROM (SELECT user_id, 1 AS n, view_count::bigint AS reads FROM new_articles
                  UNION ALL
                  SELECT user_id, -1, -view_count::bigint FROM old_articles) c
           GROUP BY user_id) g;
  PERFORM articles_counters_apply(0, reads_delta, author_ids, author_deltas);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION articles_counters_truncated() RETURNS trigger AS $$
BEGIN
  DELETE FROM author_article_counts;
  UPDATE platform_counters SET total_articles = 0, total_reads = 0, active_authors = 0;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER articles_counters_insert AFTER INSERT ON articles
  REFERENCING NEW TABLE AS inserted_articles
  FOR EACH STATEMENT EXECUTE FUNCTION articles_counters_inserted();
--> statement-breakpoint
CREATE TRIGGER articles_counters_delete AFTER DELETE ON articles
  REFERENCING OLD TABLE AS deleted_articles
  FOR EACH STATEMENT EXECUTE FUNCTION articles_counters_deleted();
--> statement-breakpoint
CREATE TRIGGER articles_counters_update AFTER UPDATE ON articles
  REFERENCING OLD TABLE AS old_articles NEW TABLE AS new_articles
  FOR EACH STATEMENT EXECUTE FUNCTION articles_counters_updated();
--> statement-breakpoint
CREATE TRIGGER articles_counters_truncate AFTER TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION articles_counters_truncated();
--> statement-breakpoint
-- The counts as they stand. The triggers above already hold a lock that keeps writers out until
-- this migration commits, so nothing is counted twice or missed.
INSERT INTO author_article_counts (user_id, article_count)
  SELECT user_id, count(*) FROM articles GROUP BY user_id;
--> statement-breakpoint
INSERT INTO platform_counters (id, total_articles, total_reads, active_authors)
  SELECT true, count(*), coalesce(sum(view_count), 0), (SELECT count(*) FROM author_article_counts) FROM articles;
