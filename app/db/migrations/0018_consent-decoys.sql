-- Issue 35 item 6 (decision 173): a child's registration whose address already had an account
-- keeps the first name it gave, so the parent it names gets the same consent mail as for a new
-- account, with a link that approves nothing. Pruned a day after the registration.
CREATE TABLE "consent_decoys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"child_name" text NOT NULL,
	"sent_to" text,
	"link_hash" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_decoys_link_hash_unique" UNIQUE("link_hash")
);
