-- Issue 26: a rider's data is theirs (docs/accounts.md "Deleting an account", decisions 125–129).
-- A deleted account leaves a tombstone: a random id with no link to the person, which the
-- financial records that must be kept (payment orders, withdrawals, ledger accounts) name instead.
CREATE TABLE "deleted_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Kept records: the rider is replaced by the tombstone. The reference to users stays RESTRICT, so a
-- deletion that forgot to pseudonymise them fails instead of losing them.
ALTER TABLE "payment_orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "deleted_account_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_deleted_account_id_deleted_accounts_id_fk" FOREIGN KEY ("deleted_account_id") REFERENCES "public"."deleted_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_owner_check" CHECK ("user_id" IS NOT NULL OR "deleted_account_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "withdrawal_requests" DROP CONSTRAINT "withdrawal_requests_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ALTER COLUMN "wallet_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "deleted_account_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_deleted_account_id_deleted_accounts_id_fk" FOREIGN KEY ("deleted_account_id") REFERENCES "public"."deleted_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_owner_check" CHECK ("user_id" IS NOT NULL OR "deleted_account_id" IS NOT NULL);--> statement-breakpoint
-- Results name the rider they belong to, so a deletion can anonymise them.
ALTER TABLE "event_results" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "event_results" ADD CONSTRAINT "event_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_results_user_idx" ON "event_results" USING btree ("user_id");--> statement-breakpoint
-- Mail and codes sent for an account go with it; the rest is pruned after OUTBOX_RETENTION_DAYS.
ALTER TABLE "outbox" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_account_idx" ON "outbox" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
-- A deletion asked for and not yet confirmed: the balances the rider agreed to give up.
CREATE TABLE "account_deletion_requests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"acknowledged_balances" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_deletion_requests" ADD CONSTRAINT "account_deletion_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rate-limit rows are found by their window when pruned.
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");
--> statement-breakpoint
-- A copy of all of a rider's data (GDPR art. 20), built by a job into one zip, downloadable for 7 days.
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"download_token_hash" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_status_check" CHECK ("status" IN ('waiting-for-parent', 'queued', 'building', 'ready', 'failed')),
	CONSTRAINT "data_exports_progress_check" CHECK ("progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_download_token_idx" ON "data_exports" USING btree ("download_token_hash");
