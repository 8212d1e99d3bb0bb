CREATE TABLE "audit_personal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_personal" ADD CONSTRAINT "audit_personal_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_personal_student_idx" ON "audit_personal" USING btree ("student_id");--> statement-breakpoint
-- The personal values already in the audit log move to audit_personal, by reference (decision 081): the
-- keys are platform/audit.ts's PERSONAL_DETAIL_KEYS as they stand today. The append-only guard is lifted for
-- this one statement of the migration only.
CREATE FUNCTION pg_temp.manabi_audit_ref(v jsonb, sid integer) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  pid bigint;
  kept jsonb;
BEGIN
  IF v = 'null'::jsonb OR v = '""'::jsonb THEN
    RETURN v;
  END IF;
  IF jsonb_typeof(v) = 'array' THEN
    SELECT coalesce(jsonb_agg(pg_temp.manabi_audit_ref(e, sid) ORDER BY i), '[]'::jsonb) INTO kept
      FROM jsonb_array_elements(v) WITH ORDINALITY AS x(e, i);
    RETURN kept;
  END IF;
  INSERT INTO audit_personal (student_id, value) VALUES (sid, v) RETURNING id INTO pid;
  RETURN jsonb_build_object('$personal', pid);
END $$;
--> statement-breakpoint
CREATE FUNCTION pg_temp.manabi_audit_split(d jsonb, sid integer) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  k text;
  v jsonb;
  kept jsonb;
BEGIN
  IF jsonb_typeof(d) = 'array' THEN
    SELECT coalesce(jsonb_agg(pg_temp.manabi_audit_split(e, sid) ORDER BY i), '[]'::jsonb) INTO kept
      FROM jsonb_array_elements(d) WITH ORDINALITY AS x(e, i);
    RETURN kept;
  END IF;
  IF jsonb_typeof(d) IS DISTINCT FROM 'object' THEN
    RETURN d;
  END IF;
  kept := '{}'::jsonb;
  FOR k, v IN SELECT key, value FROM jsonb_each(d) LOOP
    IF k IN ('note', 'remarks', 'reason', 'void_reason', 'return_reason', 'decision_note', 'kept_name',
        'payer_name', 'withdrawal_reason') THEN
      kept := kept || jsonb_build_object(k, pg_temp.manabi_audit_ref(v, sid));
    ELSE
      kept := kept || jsonb_build_object(k, pg_temp.manabi_audit_split(v, sid));
    END IF;
  END LOOP;
  RETURN kept;
END $$;
--> statement-breakpoint
ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change;
--> statement-breakpoint
UPDATE audit_log SET detail = pg_temp.manabi_audit_split(detail, student_id)
WHERE detail IS NOT NULL AND student_id IN (SELECT id FROM students) AND action <> 'check_in_refused'
  AND detail::text ~ '"(note|remarks|reason|void_reason|return_reason|decision_note|kept_name|payer_name|withdrawal_reason)": ';
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change;
--> statement-breakpoint
-- a record already erased keeps none of its values
DELETE FROM audit_personal WHERE student_id IN (SELECT id FROM students WHERE anonymized_at IS NOT NULL);
--> statement-breakpoint
-- the office's mail of an address change carries no name or address any more (the link leads to them)
UPDATE mail_outbox SET body = regexp_replace(body, E'\n氏名：[^\n]*\n新しい住所：[^\n]*', '', 'g')
WHERE subject = '【まなび】住所変更の届出があります';
