-- When the account's balance last moved (a transaction created, posted or voided): kept by the
-- ledger in the statement that moves the balance, so /wallet reads it with the balance.
ALTER TABLE "ledger_accounts" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
UPDATE "ledger_accounts" SET "last_activity_at" = "activity"."at"
FROM (
	SELECT "ledger_entries"."account_id", max(coalesce("ledger_transactions"."settled_at", "ledger_transactions"."created_at")) AS "at"
	FROM "ledger_entries"
	INNER JOIN "ledger_transactions" ON "ledger_transactions"."id" = "ledger_entries"."transaction_id"
	GROUP BY "ledger_entries"."account_id"
) AS "activity"
WHERE "activity"."account_id" = "ledger_accounts"."id";
