-- Issue 24: the threshold in force, detection, fitness/fatigue/form, the power-duration model.
-- Decisions 140–144.
ALTER TABLE "activities" ADD COLUMN "avg_power_non_zero_w" real;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "threshold_estimate_w" real;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "ftp_source" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "file_ftp_w" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "device_avg_power_w" real;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "device_np_w" real;--> statement-breakpoint
-- The latest earlier file's threshold is one index step, also for a rider whose files carry none.
CREATE INDEX "activities_user_file_ftp_idx" ON "activities" USING btree ("user_id","started_at") WHERE "file_ftp_w" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ftp_history" ADD COLUMN "source" text DEFAULT 'profile' NOT NULL;--> statement-breakpoint
ALTER TABLE "ftp_history" ADD COLUMN "activity_id" uuid;--> statement-breakpoint
ALTER TABLE "ftp_history" ADD COLUMN "previous_ftp_w" integer;--> statement-breakpoint
ALTER TABLE "ftp_history" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ftp_history" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ftp_history" ADD CONSTRAINT "ftp_history_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ftp_history" ADD CONSTRAINT "ftp_history_source_check" CHECK ("source" IN ('profile', 'detected') AND ("source" = 'profile' OR "activity_id" IS NOT NULL));--> statement-breakpoint
-- At most one detection per ride (undone or not): the recomputation updates it in place.
CREATE UNIQUE INDEX "ftp_history_detected_activity_unique" ON "ftp_history" USING btree ("activity_id") WHERE "source" = 'detected';--> statement-breakpoint
CREATE TABLE "rider_training_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"load" double precision DEFAULT 0 NOT NULL,
	"fitness" double precision DEFAULT 0 NOT NULL,
	"fatigue" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "rider_training_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "rider_training_days" ADD CONSTRAINT "rider_training_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "rider_recompute" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rider_recompute" ADD CONSTRAINT "rider_recompute_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "rider_power_models" (
	"user_id" uuid NOT NULL,
	"window_days" integer NOT NULL,
	"as_of" date NOT NULL,
	"model" jsonb,
	"fitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rider_power_models_user_id_window_days_pk" PRIMARY KEY("user_id","window_days")
);
--> statement-breakpoint
ALTER TABLE "rider_power_models" ADD CONSTRAINT "rider_power_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
