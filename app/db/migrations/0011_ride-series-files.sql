-- Decision 118: a ride's per-second rows move to a file of the upload store; the key is kept here.
-- Rows stored before keep their bytes in "series" until start-up moves them (moveSeriesOutOfDatabase).
ALTER TABLE "activity_details" ALTER COLUMN "series" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_details" ADD COLUMN "series_key" text;