CREATE TABLE "recordings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text,
	"key" text NOT NULL,
	"multipart" boolean NOT NULL,
	"part_size" bigint NOT NULL,
	"part_count" integer NOT NULL,
	"s3_upload_id" text,
	"status" text DEFAULT 'uploading' NOT NULL,
	"kind" text,
	"duration_seconds" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recordings_user_status_created_idx" ON "recordings" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "recordings_status_created_idx" ON "recordings" USING btree ("status","created_at");