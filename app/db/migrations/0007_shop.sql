CREATE TABLE "shop_owned_items" (
	"user_id" uuid NOT NULL,
	"item_type" integer NOT NULL,
	"item_id" integer NOT NULL,
	"price_coins" bigint NOT NULL,
	"ledger_transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_owned_items_pk" PRIMARY KEY("user_id","item_type","item_id")
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"package_id" text NOT NULL,
	"gems" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'AED' NOT NULL,
	"provider" text NOT NULL,
	"payment_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"ledger_transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_orders_status_check" CHECK ("status" IN ('pending', 'paid', 'failed')),
	CONSTRAINT "payment_orders_gems_check" CHECK ("gems" > 0 AND "amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"client_reference_id" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_checkout_sessions_status_check" CHECK ("status" IN ('open', 'paid', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "shop_owned_items" ADD CONSTRAINT "shop_owned_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_payment_idx" ON "payment_orders" USING btree ("provider","payment_id");--> statement-breakpoint
CREATE INDEX "payment_orders_status_idx" ON "payment_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkout_sessions_idempotency_idx" ON "sandbox_checkout_sessions" USING btree ("idempotency_key");
