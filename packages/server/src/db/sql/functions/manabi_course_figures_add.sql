-- Adds course_figures differences (one row per course, any column may be negative): one upsert, rows in course
-- order (two writers never wait on each other crosswise). Planned once, generically (see
-- manabi_student_year_figures_add).
CREATE OR REPLACE FUNCTION public.manabi_course_figures_add(d course_figures[]) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO course_figures AS f
  SELECT * FROM unnest(d) ORDER BY course_id
  ON CONFLICT (course_id) DO UPDATE SET
    applications = f.applications + excluded.applications, live = f.live + excluded.live,
    winners = f.winners + excluded.winners, confirmed = f.confirmed + excluded.confirmed,
    declined = f.declined + excluded.declined, lapsed = f.lapsed + excluded.lapsed,
    promoted = f.promoted + excluded.promoted,
    sessions_recorded = f.sessions_recorded + excluded.sessions_recorded,
    sessions_attended = f.sessions_attended + excluded.sessions_attended,
    absent = f.absent + excluded.absent, completed = f.completed + excluded.completed,
    units = f.units + excluded.units;
END
$$;
