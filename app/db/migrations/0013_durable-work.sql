-- Issue 22: work that must survive the process that took the request (decisions 133, 134).
-- An upload waiting for its analysis job: the original is in storage, the row names it, and the
-- job (queued in the same transaction) makes the ride, whose id is the row's.
CREATE TABLE "ride_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"content_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"activity_id" uuid,
	"refusal" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ride_uploads_status_check" CHECK ("status" IN ('pending', 'stored', 'duplicate', 'refused', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "ride_uploads" ADD CONSTRAINT "ride_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The same file sent again while its first upload is analysed waits for that one.
CREATE UNIQUE INDEX "ride_uploads_one_pending_per_file" ON "ride_uploads" USING btree ("user_id","content_hash") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "ride_uploads_finished_idx" ON "ride_uploads" USING btree ("finished_at");
--> statement-breakpoint
-- A registration answered and not yet carried out: its job creates the account (or mails the
-- owner of a taken address) and deletes the row. The password's hash only, never the password.
CREATE TABLE "pending_signups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"verification_key" text NOT NULL,
	"account" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
