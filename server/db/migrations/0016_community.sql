CREATE TABLE "comment_reports" (
	"comment_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "comment_reports_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"parent_id" integer,
	"body" text NOT NULL,
	"body_html" text NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"user_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_user_id_target_type_target_pk" PRIMARY KEY("user_id","target_type","target"),
	CONSTRAINT "follows_target_type_check" CHECK ("follows"."target_type" in ('author', 'tag', 'category'))
);
--> statement-breakpoint
CREATE TABLE "handle_redirects" (
	"old_handle" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "handle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handle_redirects" ADD CONSTRAINT "handle_redirects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_reports_open_idx" ON "comment_reports" USING btree ("created_at") WHERE "comment_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "comments_article_created_idx" ON "comments" USING btree ("article_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "comments_user_created_idx" ON "comments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "follows_target_idx" ON "follows" USING btree ("target_type","target");--> statement-breakpoint
CREATE INDEX "handle_redirects_user_id_idx" ON "handle_redirects" USING btree ("user_id");--> statement-breakpoint
-- A handle for every user: derived from the name when none was chosen (lowercase ASCII letters,
-- digits and hyphens, at most 29 characters), never one another user has or left behind.
-- After a few taken numbers a random suffix ends the search, so a common name costs no more.
CREATE OR REPLACE FUNCTION users_derive_handle(first text, last text, self uuid) RETURNS text AS $$
DECLARE
  base text;
  candidate text;
  n integer := 1;
BEGIN
  base := regexp_replace(lower(coalesce(first, '') || '-' || coalesce(last, '')), '[^a-z0-9]+', '-', 'g');
  base := trim(both '-' from left(trim(both '-' from base), 22));
  IF length(base) < 3 THEN
    base := CASE WHEN base = '' THEN 'reader' ELSE 'reader-' || base END;
  END IF;
  candidate := base;
  WHILE EXISTS (SELECT 1 FROM users WHERE handle = candidate AND id <> self)
     OR EXISTS (SELECT 1 FROM handle_redirects WHERE old_handle = candidate AND user_id <> self) LOOP
    n := n + 1;
    IF n <= 5 THEN
      candidate := base || '-' || n;
    ELSE
      candidate := base || '-' || substr(md5(random()::text || clock_timestamp()::text), 1, 6);
    END IF;
  END LOOP;
  RETURN candidate;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_default_handle() RETURNS trigger AS $$
BEGIN
  IF NEW.handle IS NULL OR NEW.handle = '' THEN
    NEW.handle := users_derive_handle(NEW.first_name, NEW.last_name, NEW.id);
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_default_handle BEFORE INSERT OR UPDATE OF handle ON users
  FOR EACH ROW EXECUTE FUNCTION users_default_handle();
--> statement-breakpoint
-- Existing users one at a time, oldest first, so each sees the handles given before it.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, first_name, last_name FROM users ORDER BY created_at, id LOOP
    UPDATE users SET handle = users_derive_handle(r.first_name, r.last_name, r.id) WHERE id = r.id;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_handle_key" ON "users" USING btree ("handle");