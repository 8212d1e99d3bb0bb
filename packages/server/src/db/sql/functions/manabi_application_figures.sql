-- One application row's own share of its course's figures (the columns of course_figures but the pairs), read
-- by manabi_statistics_apply and manabi_statistics_recount_courses_and_students. Declared as a table of one row so
-- that the planner inlines it into the statement that reads it (a function called per row would be planned again
-- at every statement). The status codes are placeholders: the applier writes in packages/shared/src/codes.ts's.
CREATE OR REPLACE FUNCTION public.manabi_application_figures(a course_applications)
RETURNS TABLE (live int, winners int, confirmed int, declined int, lapsed int, promoted int,
  sessions_recorded int, sessions_attended int, absent int, completed int, units int)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (x.is_live)::int,
    (a.lottery_status = {{LOTTERY.DECLINED}} OR (x.is_live AND a.lottery_status = {{LOTTERY.WON}}))::int,
    (x.seat)::int,
    (a.lottery_status = {{LOTTERY.DECLINED}} AND a.decline_reason = 'declined')::int,
    (a.lottery_status = {{LOTTERY.DECLINED}} AND a.decline_reason = 'lapsed')::int,
    (a.promoted_at IS NOT NULL)::int,
    -- the 15 one-character marks joined, the others taken out, the rest counted: 出席・欠席・遅刻早退 recorded
    -- (all but 未実施), 出席・遅刻早退 attended (all but 未実施 and 欠席)
    CASE WHEN x.seat
      THEN length(translate(array_to_string(a.attendance, ''), {{SESSION_ATTENDANCE.NOT_HELD}}, ''))
      ELSE 0 END,
    CASE WHEN x.seat
      THEN length(translate(array_to_string(a.attendance, ''),
        {{SESSION_ATTENDANCE.NOT_HELD}} || {{SESSION_ATTENDANCE.ABSENT}}, ''))
      ELSE 0 END,
    (x.seat AND NOT a.attendance && ARRAY[{{SESSION_ATTENDANCE.PRESENT}}, {{SESSION_ATTENDANCE.LATE_OR_EARLY}}]::varchar[])::int,
    (x.is_live AND a.attendance_status = {{ATTENDANCE.ATTENDED}})::int,
    CASE WHEN x.is_live AND a.attendance_status = {{ATTENDANCE.ATTENDED}} THEN a.acquisition_unit ELSE 0 END
  FROM (SELECT a.cancelled_at IS NULL AS is_live,
    -- a seat taken: live 当選, confirmed or with nothing to confirm
    a.cancelled_at IS NULL AND a.lottery_status = {{LOTTERY.WON}} AND (a.confirmed_at IS NOT NULL OR a.confirm_by IS NULL) AS seat) x
$$;
