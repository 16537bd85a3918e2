CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text DEFAULT 'ride' NOT NULL,
	"sport_type" text DEFAULT 'cycling' NOT NULL,
	"title" text NOT NULL,
	"route_name" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"file_type" text DEFAULT 'fit' NOT NULL,
	"file_key" text,
	"distance_m" double precision DEFAULT 0 NOT NULL,
	"elevation_m" double precision DEFAULT 0 NOT NULL,
	"timer_s" integer DEFAULT 0 NOT NULL,
	"elapsed_s" integer DEFAULT 0 NOT NULL,
	"avg_power_w" real,
	"max_power_w" real,
	"avg_watts_per_kg" real,
	"avg_heart_rate" real,
	"avg_cadence" real,
	"avg_speed_kmh" real,
	"normalized_power_w" real,
	"intensity" real,
	"training_load" real,
	"ftp_w" real,
	"weight_kg" real,
	"spikes_removed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_details" (
	"activity_id" uuid PRIMARY KEY NOT NULL,
	"sample_count" integer NOT NULL,
	"series" "bytea" NOT NULL,
	"power_curve" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rider_activity_totals" (
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"distance_m" double precision DEFAULT 0 NOT NULL,
	"time_s" double precision DEFAULT 0 NOT NULL,
	"elevation_m" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "rider_activity_totals_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
CREATE TABLE "rider_daily_totals" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"rides" integer DEFAULT 0 NOT NULL,
	"races" integer DEFAULT 0 NOT NULL,
	"distance_m" double precision DEFAULT 0 NOT NULL,
	"time_s" double precision DEFAULT 0 NOT NULL,
	"elevation_m" double precision DEFAULT 0 NOT NULL,
	"longest_ride_m" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "rider_daily_totals_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "rider_power_bests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"watts" "bytea" NOT NULL,
	"source_index" "bytea" NOT NULL,
	"sources" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_party_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"total_ride_time_s" integer NOT NULL,
	"total_distance_km" double precision NOT NULL,
	"total_elevation_m" double precision NOT NULL,
	"profile_link" text NOT NULL,
	"proof_files" jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"has_seen" boolean DEFAULT false NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weight_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"weight_kg" real NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"verified" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_details" ADD CONSTRAINT "activity_details_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_activity_totals" ADD CONSTRAINT "rider_activity_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_daily_totals" ADD CONSTRAINT "rider_daily_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_power_bests" ADD CONSTRAINT "rider_power_bests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_imports" ADD CONSTRAINT "third_party_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_imports" ADD CONSTRAINT "third_party_imports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_history" ADD CONSTRAINT "weight_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_user_started_idx" ON "activities" USING btree ("user_id","started_at","id");--> statement-breakpoint
CREATE INDEX "activities_user_type_started_idx" ON "activities" USING btree ("user_id","type","started_at","id");--> statement-breakpoint
CREATE INDEX "third_party_imports_user_idx" ON "third_party_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "third_party_imports_status_idx" ON "third_party_imports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "weight_history_user_at_idx" ON "weight_history" USING btree ("user_id","recorded_at");