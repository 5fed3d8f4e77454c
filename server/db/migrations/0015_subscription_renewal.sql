ALTER TABLE "users" ADD COLUMN "subscription_renews" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paystack_customer_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paystack_subscription_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paystack_email_token" text;--> statement-breakpoint
CREATE INDEX "users_paystack_customer_idx" ON "users" USING btree ("paystack_customer_code");--> statement-breakpoint
CREATE INDEX "users_paystack_subscription_idx" ON "users" USING btree ("paystack_subscription_code");