ALTER TABLE "article_views" ADD COLUMN "address_key" text;--> statement-breakpoint
CREATE INDEX "article_views_article_address_idx" ON "article_views" USING btree ("article_id","address_key");