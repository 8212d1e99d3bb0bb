ALTER TABLE "course_applications" ADD COLUMN "lapsed_deadline" timestamp (3) with time zone;--> statement-breakpoint
-- The seats that lapsed before this column: their deadline is the one the deadline job wrote in the audit
-- entry of the lapse (decision 087), confirm_by of a 'lapse', pay_by of a 'lapse_unpaid'.
UPDATE "course_applications" a SET "lapsed_deadline" = x.deadline
FROM (
  SELECT DISTINCT ON (l.entity_id) l.entity_id::int AS id,
    (CASE l.action WHEN 'lapse' THEN l.detail->>'confirm_by' ELSE l.detail->>'pay_by' END)::timestamptz AS deadline
  FROM "audit_log" l
  WHERE l.action IN ('lapse', 'lapse_unpaid') AND l.entity = 'course_application'
    AND l.entity_id ~ '^[0-9]{1,9}$' AND jsonb_typeof(l.detail) = 'object'
  ORDER BY l.entity_id, l.id DESC
) x
WHERE a.id = x.id AND a.lottery_status = '6' AND a.decline_reason IN ('lapsed', 'unpaid');
