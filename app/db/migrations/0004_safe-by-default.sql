ALTER TABLE "rate_limits" ADD COLUMN "blocked_until" timestamp with time zone;
