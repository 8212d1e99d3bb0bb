-- The my-page course catalogue's version (issue 16, decision 023). Hand-written parts: the row and the
-- triggers that raise it; the table is drizzle-kit's.
CREATE TABLE "course_catalog_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "course_catalog_version_one_row" CHECK ("course_catalog_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "course_catalog_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION course_catalog_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- once per statement, in the writer's transaction: a reader sees the new version exactly when it sees
  -- the change (applications and cancellations never write these tables, so they never take this row)
  UPDATE course_catalog_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER courses_catalog_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION course_catalog_bump();
--> statement-breakpoint
CREATE TRIGGER course_categories_catalog_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_categories
  FOR EACH STATEMENT EXECUTE FUNCTION course_catalog_bump();
--> statement-breakpoint
CREATE TRIGGER course_category_links_catalog_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_category_links
  FOR EACH STATEMENT EXECUTE FUNCTION course_catalog_bump();
--> statement-breakpoint
CREATE TRIGGER course_intake_catalog_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_intake
  FOR EACH STATEMENT EXECUTE FUNCTION course_catalog_bump();
