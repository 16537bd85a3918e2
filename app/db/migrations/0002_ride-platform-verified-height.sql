CREATE TABLE "verified_heights" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"height_cm" real NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"verified_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "weight_history" ADD COLUMN "verified_by" uuid;--> statement-breakpoint
ALTER TABLE "verified_heights" ADD CONSTRAINT "verified_heights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_heights" ADD CONSTRAINT "verified_heights_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verified_heights_user_at_idx" ON "verified_heights" USING btree ("user_id","measured_at");--> statement-breakpoint
ALTER TABLE "weight_history" ADD CONSTRAINT "weight_history_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;