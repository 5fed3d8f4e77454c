-- Keeps articles.search_vector (full-text, weighted) and articles.search_text (trigram) in step
-- with the article on every insert and update, so no code path can forget them. The author's
-- name is read from users at that moment.
CREATE OR REPLACE FUNCTION articles_search_refresh() RETURNS trigger AS $$
DECLARE
  author text;
BEGIN
  SELECT coalesce(first_name, '') || ' ' || coalesce(last_name, '') INTO author FROM users WHERE id = NEW.user_id;
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', array_to_string(NEW.tags, ' ')), 'A') ||
    setweight(to_tsvector('simple', coalesce(author, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.excerpt, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.content_text, '')), 'C');
  NEW.search_text := lower(coalesce(NEW.title, '') || ' ' || array_to_string(NEW.tags, ' ') || ' ' || coalesce(author, ''));
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER articles_search
  BEFORE INSERT OR UPDATE OF title, excerpt, content_text, tags, user_id ON articles
  FOR EACH ROW EXECUTE FUNCTION articles_search_refresh();
--> statement-breakpoint
UPDATE articles SET title = title;
