ALTER TABLE "activities" ADD COLUMN "load_duration_s" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "best_twenty_min_w" real;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ftp_w" integer;--> statement-breakpoint
CREATE TABLE "ftp_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"ftp_w" integer,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ftp_history" ADD CONSTRAINT "ftp_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ftp_history_user_at_idx" ON "ftp_history" USING btree ("user_id","recorded_at");
