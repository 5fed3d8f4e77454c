CREATE TABLE "article_terms" (
	"term" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"article_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_terms" ADD CONSTRAINT "article_terms_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_terms_term_created_idx" ON "article_terms" USING btree ("term","created_at" DESC NULLS LAST,"article_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "article_terms_article_idx" ON "article_terms" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "articles_rank_idx" ON "articles" USING gin ("rank_vector");--> statement-breakpoint
-- article_terms follows articles.rank_vector (the articles_search trigger sets it before the row
-- is written): a statement's new articles in one insert, a row whose words or date change again.
CREATE OR REPLACE FUNCTION article_terms_inserted() RETURNS trigger AS $$
BEGIN
  INSERT INTO article_terms (term, created_at, article_id)
    SELECT t.lexeme, a.created_at, a.id FROM inserted_articles a, unnest(a.rank_vector) AS t;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER article_terms_insert AFTER INSERT ON articles
  REFERENCING NEW TABLE AS inserted_articles
  FOR EACH STATEMENT EXECUTE FUNCTION article_terms_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION article_terms_updated() RETURNS trigger AS $$
BEGIN
  DELETE FROM article_terms WHERE article_id = NEW.id;
  INSERT INTO article_terms (term, created_at, article_id)
    SELECT t.lexeme, NEW.created_at, NEW.id FROM unnest(NEW.rank_vector) AS t;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Only a change to what the article is about, or to its date: a read counted or a rating is not.
CREATE TRIGGER article_terms_update AFTER UPDATE OF title, excerpt, tags, user_id, created_at, rank_vector ON articles
  FOR EACH ROW WHEN (OLD.rank_vector IS DISTINCT FROM NEW.rank_vector OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION article_terms_updated();
--> statement-breakpoint
INSERT INTO article_terms (term, created_at, article_id)
  SELECT t.lexeme, a.created_at, a.id FROM articles a, unnest(a.rank_vector) AS t;
