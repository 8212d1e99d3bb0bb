-- The repeatable definitions (src/db/sql, docs/database.md): the migration step applies every function and
-- trigger file after the migrations, and records here each file's SHA-256 and, in the row '@migration', the
-- hash of the newest migration that had run; when neither changed since, it applies nothing. Beside drizzle's
-- own record of the migrations, outside the app's schema (no drizzle-kit table: the snapshot is 0033's).
CREATE SCHEMA IF NOT EXISTS "drizzle";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "drizzle"."sql_definitions" (
	"name" varchar(200) PRIMARY KEY NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"applied_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
