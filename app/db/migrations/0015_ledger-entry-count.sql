-- Issue 21: an account's history counts its entries from one stored number, not count(*) per request.
ALTER TABLE "ledger_accounts" ADD COLUMN "entry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "ledger_accounts" SET "entry_count" = "counted"."entries"
FROM (SELECT "account_id", count(*)::integer AS "entries" FROM "ledger_entries" GROUP BY "account_id") AS "counted"
WHERE "counted"."account_id" = "ledger_accounts"."id";--> statement-breakpoint
-- Once per INSERT statement, whatever its number of rows: the transfer that inserts the entries
-- has already locked (updated) each account it touches, so this adds no lock and no lock order.
-- ledger_entries is append-only (migration 0005), so inserts are the only change to count.
CREATE FUNCTION "ledger_entries_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "ledger_accounts" SET "entry_count" = "ledger_accounts"."entry_count" + "added_per_account"."entries"
	FROM (SELECT "account_id", count(*)::integer AS "entries" FROM "added" GROUP BY "account_id") AS "added_per_account"
	WHERE "added_per_account"."account_id" = "ledger_accounts"."id";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_count" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_count"();
