CREATE TABLE "profile_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_uploads" ADD CONSTRAINT "profile_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_uploads_user_created_idx" ON "profile_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_uploads_expires_at_idx" ON "profile_uploads" USING btree ("expires_at");