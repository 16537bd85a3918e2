CREATE TABLE "wallet_verification_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"binance_email" text NOT NULL,
	"phone_number" text NOT NULL,
	"wallet_address" text NOT NULL,
	"passport_key" text NOT NULL,
	"screenshot_keys" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_verification_requests_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "wallet_verification_requests" ADD CONSTRAINT "wallet_verification_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wallet_verification_requests" ADD CONSTRAINT "wallet_verification_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "wallet_verification_requests_user_idx" ON "wallet_verification_requests" USING btree ("user_id","created_at" DESC);
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_verification_requests_one_pending_idx" ON "wallet_verification_requests" USING btree ("user_id") WHERE "wallet_verification_requests"."status" = 'pending';
--> statement-breakpoint
CREATE TABLE "withdrawal_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"currency" text DEFAULT 'BTC' NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"total" bigint NOT NULL,
	"email" text NOT NULL,
	"wallet_address" text NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout_reference" text,
	"rejection_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_requests_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "withdrawal_requests_amounts_check" CHECK ("amount" > 0 AND "fee" >= 0 AND "total" = "amount" + "fee")
);
--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_requests_idempotency_key_idx" ON "withdrawal_requests" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "withdrawal_requests_user_created_idx" ON "withdrawal_requests" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "withdrawal_requests_status_idx" ON "withdrawal_requests" USING btree ("status","created_at");
