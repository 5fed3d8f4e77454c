ALTER TABLE "articles" ADD COLUMN "rank_vector" "tsvector";--> statement-breakpoint
-- Search ranks its matches by articles.rank_vector (title and tags A, author and excerpt B): a
-- few hundred bytes stored in the row, where ranking by search_vector meant reading its whole
-- out-of-line body for every match. Same trigger, one more field.
CREATE OR REPLACE FUNCTION articles_search_refresh() RETURNS trigger AS $$
DECLARE
  author text;
BEGIN
  SELECT coalesce(first_name, '') || ' ' || coalesce(last_name, '') INTO author FROM users WHERE id = NEW.user_id;
  NEW.rank_vector :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', array_to_string(NEW.tags, ' ')), 'A') ||
    setweight(to_tsvector('simple', coalesce(author, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.excerpt, '')), 'B');
  NEW.search_vector := NEW.rank_vector || setweight(to_tsvector('english', coalesce(NEW.content_text, '')), 'C');
  NEW.search_text := lower(coalesce(NEW.title, '') || ' ' || array_to_string(NEW.tags, ' ') || ' ' || coalesce(author, ''));
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
UPDATE articles SET title = title;
