ALTER TABLE "rate_limits" ADD COLUMN "blocked_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "content_hash" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "activities_user_content_hash_unique" ON "activities" USING btree ("user_id","content_hash");
--> statement-breakpoint
UPDATE "third_party_imports" SET "status" = 'rejected' WHERE "status" = 'submitted' AND "id" NOT IN (SELECT DISTINCT ON ("user_id") "id" FROM "third_party_imports" WHERE "status" = 'submitted' ORDER BY "user_id", "created_at" DESC);
--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_imports_one_submitted_per_user" ON "third_party_imports" USING btree ("user_id") WHERE "status" = 'submitted';
