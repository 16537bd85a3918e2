CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"sent_to" text NOT NULL,
	"code_hash" text NOT NULL,
	"link_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"day" integer DEFAULT 1 NOT NULL,
	"position" integer NOT NULL,
	"rider_name" text NOT NULL,
	"team_name" text,
	"category" text NOT NULL,
	"time_seconds" integer NOT NULL,
	"avg_watts" integer NOT NULL,
	"wkg" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"date_close" date,
	"time_close" text,
	"gender" integer DEFAULT 2 NOT NULL,
	"event_type" text DEFAULT 'all' NOT NULL,
	"daily_ride" boolean DEFAULT false NOT NULL,
	"accept" boolean DEFAULT true NOT NULL,
	"registration" text,
	"capacity" integer NOT NULL,
	"category_key" integer DEFAULT 2 NOT NULL,
	"categories" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"laps" integer DEFAULT 1 NOT NULL,
	"route_type" text,
	"distance_km" real NOT NULL,
	"elevation_m" real DEFAULT 0 NOT NULL,
	"max_grade" real,
	"map" text,
	"image" text,
	"description" text DEFAULT '' NOT NULL,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"details_html" text DEFAULT '' NOT NULL,
	"prize_money" jsonb,
	"days" integer DEFAULT 1 NOT NULL,
	"dob_required" boolean DEFAULT false NOT NULL,
	"identification" boolean DEFAULT false NOT NULL,
	"device" boolean DEFAULT false NOT NULL,
	"team" boolean DEFAULT false NOT NULL,
	"otp" boolean DEFAULT false NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_cap" real,
	"max_cap" real,
	"team_help_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_verifications_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"category" text NOT NULL,
	"wkg" real NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"gender" integer NOT NULL,
	"dob" date,
	"country" integer,
	"dob_certificate_key" text,
	"height_cm" integer NOT NULL,
	"weight_kg" integer NOT NULL,
	"ftp" integer NOT NULL,
	"avg_watt" integer,
	"id_type" text,
	"id_expiry" date,
	"id_front_key" text,
	"id_back_key" text,
	"platform" text,
	"device_model" text,
	"device_serial" text,
	"team_mode" text,
	"team_id" integer,
	"phone" text,
	"phone_channel" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo" text,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_name_unique" UNIQUE("name")
);
--> statement-breakpoint
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
ALTER TABLE "users" ADD COLUMN "password_reset_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_results" ADD CONSTRAINT "event_results_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_details" ADD CONSTRAINT "activity_details_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_activity_totals" ADD CONSTRAINT "rider_activity_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_daily_totals" ADD CONSTRAINT "rider_daily_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_power_bests" ADD CONSTRAINT "rider_power_bests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_imports" ADD CONSTRAINT "third_party_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_imports" ADD CONSTRAINT "third_party_imports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_history" ADD CONSTRAINT "weight_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verifications_user_purpose_idx" ON "verifications" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "verifications_link_idx" ON "verifications" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "event_results_event_day_idx" ON "event_results" USING btree ("event_id","day");--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events" USING btree ("date");--> statement-breakpoint
CREATE INDEX "phone_verifications_user_idx" ON "phone_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_event_user_idx" ON "registrations" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "registrations_status_idx" ON "registrations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "activities_user_started_idx" ON "activities" USING btree ("user_id","started_at","id");--> statement-breakpoint
CREATE INDEX "activities_user_type_started_idx" ON "activities" USING btree ("user_id","type","started_at","id");--> statement-breakpoint
CREATE INDEX "third_party_imports_user_idx" ON "third_party_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "third_party_imports_status_idx" ON "third_party_imports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "weight_history_user_at_idx" ON "weight_history" USING btree ("user_id","recorded_at");