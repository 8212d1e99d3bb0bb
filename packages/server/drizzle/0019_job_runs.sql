CREATE TABLE "job_runs" (
	"job" varchar(40) PRIMARY KEY NOT NULL,
	"last_success_at" timestamp (3) with time zone,
	"last_failure_at" timestamp (3) with time zone,
	"failure_reason" text DEFAULT '' NOT NULL,
	"failures_in_row" integer DEFAULT 0 NOT NULL
);
