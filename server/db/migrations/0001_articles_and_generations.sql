CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"user_id" uuid NOT NULL,
	"generation_id" uuid,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"content_markdown" text NOT NULL,
	"content_html" text NOT NULL,
	"category" text NOT NULL,
	"style" text NOT NULL,
	"length" text NOT NULL,
	"tone" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"youtube_url" text,
	"youtube_video_id" text,
	"thumbnail_url" text,
	"transcript_used" boolean DEFAULT false NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"detail" text,
	"request" jsonb NOT NULL,
	"article_id" integer,
	"error" text,
	"error_status" integer,
	"note" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "video_cache" (
	"video_id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "articles_in_progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_key" ON "articles" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_generation_id_key" ON "articles" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "articles_user_id_created_at_idx" ON "articles" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "articles_created_at_id_idx" ON "articles" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "generations_user_key" ON "generations" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "generations_in_flight_request" ON "generations" USING btree ("user_id","request_hash") WHERE "generations"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "generations_unfinished_idx" ON "generations" USING btree ("status","heartbeat_at") WHERE "generations"."status" in ('queued', 'running');