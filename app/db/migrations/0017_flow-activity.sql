-- Issue 38: flow activity, counts per machine, state or transition, and product day (decision 190).
CREATE TABLE "flow_state_counts" (
	"day" date NOT NULL,
	"machine_id" text NOT NULL,
	"state" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "flow_state_counts_day_machine_id_state_pk" PRIMARY KEY("day","machine_id","state")
);
--> statement-breakpoint
CREATE TABLE "flow_transition_counts" (
	"day" date NOT NULL,
	"machine_id" text NOT NULL,
	"from_state" text NOT NULL,
	"event_type" text NOT NULL,
	"to_state" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "flow_transition_counts_day_machine_id_from_state_event_type_to_state_pk" PRIMARY KEY("day","machine_id","from_state","event_type","to_state")
);
