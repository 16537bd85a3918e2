-- Issue 35 items 7-9: consent records, a contact message tied to its sender's account, refunds of
-- card payments (the order and the sandbox's session), and no child's date of birth kept.
CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"version" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_subject_check" CHECK ("consent_records"."subject" IN ('terms', 'privacy-notice', 'marketing-emails', 'parental-consent')),
	CONSTRAINT "consent_records_source_check" CHECK ("consent_records"."source" IN ('registration', 'profile', 'parent-link'))
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_user_idx" ON "consent_records" USING btree ("user_id","recorded_at");--> statement-breakpoint
-- Riders who signed up before consents were recorded: the acceptance their account proves (the
-- sign-up form refused an account without it), dated at the account's creation, its version not
-- known. Their marketing choice stays the profile's flag until they next change it.
INSERT INTO "consent_records" ("user_id", "subject", "version", "granted", "source", "recorded_at")
SELECT "id", "subject", 'not recorded (accepted before versions were kept)', true, 'registration', "created_at"
FROM "users" CROSS JOIN (VALUES ('terms'), ('privacy-notice')) AS "subjects" ("subject");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refunded_by" uuid;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_refund_check" CHECK ("payment_orders"."refunded_at" IS NULL OR ("payment_orders"."status" = 'paid' AND "payment_orders"."refund_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- A child's date of birth is never kept (docs/accounts.md): what earlier sign-ups wrote goes.
UPDATE "users" SET "dob" = NULL WHERE "is_kid" AND "dob" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kid_dob_check" CHECK (NOT "users"."is_kid" OR "users"."dob" IS NULL);--> statement-breakpoint
UPDATE "pending_signups" SET "account" = "account" - 'dob' WHERE ("account" ->> 'isKid')::boolean;
