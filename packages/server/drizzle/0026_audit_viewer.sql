ALTER TABLE "audit_log" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "via" varchar(10);--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "route" varchar(100);--> statement-breakpoint
-- who and what each entry already written is about, as audit() now records it: the student's record, one of
-- their applications (its student and course), the ids the entry's detail names, a student's own act
UPDATE "audit_log" a SET
  "student_id" = CASE
    WHEN a."entity" = 'student' AND a."entity_id" ~ '^[0-9]{1,9}$' THEN a."entity_id"::int
    WHEN x."application_student" IS NOT NULL THEN x."application_student"
    WHEN a."detail"->>'student_id' ~ '^[0-9]{1,9}$' THEN (a."detail"->>'student_id')::int
    WHEN a."actor_kind" = 'student' THEN a."actor_id"
  END,
  "course_id" = CASE
    WHEN a."entity" = 'course' AND a."entity_id" ~ '^[0-9]{1,9}$' THEN a."entity_id"::int
    WHEN x."application_course" IS NOT NULL THEN x."application_course"
    WHEN a."detail"->>'course_id' ~ '^[0-9]{1,9}$' THEN (a."detail"->>'course_id')::int
  END,
  "via" = CASE WHEN a."actor_kind" = 'system' THEN 'job' END
FROM (
  SELECT l."id", ca."student_id" AS "application_student", ca."course_id" AS "application_course"
  FROM "audit_log" l
  LEFT JOIN "course_applications" ca ON l."entity" = 'course_application'
    AND ca."id" = CASE WHEN l."entity_id" ~ '^[0-9]{1,9}$' THEN l."entity_id"::int END
) x
WHERE x."id" = a."id";
--> statement-breakpoint
CREATE INDEX "audit_log_student_idx" ON "audit_log" USING btree ("student_id","id") WHERE "audit_log"."student_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "audit_log_course_idx" ON "audit_log" USING btree ("course_id","id") WHERE "audit_log"."course_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_kind","actor_id","id");
--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");
--> statement-breakpoint
-- the audit log is append-only (decision 067): no statement of anyone's may change or remove an entry
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
