-- course_applications' statement trigger (decision 062), keeping course_figures and student_years: each
-- statement's rows, −1 for the old and +1 for the new, summed per course and per (year, university, student).
-- The pairs change only when a row is added to a pair that had none, or the last row of a pair goes: an insert
-- or a delete, or an update that moves a row to another course or student (a merge); other updates skip that
-- look, and an update that changes no figure writes nothing. No statement here joins one transition table to
-- another or probes one per row: PL/pgSQL keeps a statement's plan for the session, so a plan made for an
-- apply's one row is used again for a draw's thousands; set operations (EXCEPT, GROUP BY) and index probes stay
-- linear whatever the plan. Its TRUNCATE branch is not called: course_applications_statistics_truncate calls
-- manabi_statistics_apply_truncate.
CREATE OR REPLACE FUNCTION public.manabi_statistics_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM course_figures;
    DELETE FROM student_years;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM manabi_course_figures_add(ARRAY(
      SELECT ROW(r.course_id, 0,
        sum(f.live), sum(f.winners), sum(f.confirmed), sum(f.declined), sum(f.lapsed), sum(f.promoted),
        sum(f.sessions_recorded), sum(f.sessions_attended), sum(f.absent), sum(f.completed), sum(f.units)
      )::course_figures
      FROM new_rows r, LATERAL manabi_application_figures(r) f GROUP BY r.course_id));
    -- a pair is new when all its rows are this statement's
    PERFORM manabi_course_figures_add(ARRAY(
      SELECT ROW(g.course_id, count(*), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)::course_figures
      FROM (SELECT course_id, student_id, count(*) AS k FROM new_rows GROUP BY course_id, student_id) g
      WHERE (SELECT count(*) FROM course_applications t
             WHERE t.student_id = g.student_id AND t.course_id = g.course_id) = g.k
      GROUP BY g.course_id));
    PERFORM manabi_student_years_add(ARRAY(
      SELECT ROW(y.fy, y.university_id, r.student_id, count(*))::student_years
      FROM new_rows r JOIN courses c ON c.id = r.course_id, LATERAL manabi_course_year(c) y
      WHERE r.cancelled_at IS NULL GROUP BY y.fy, y.university_id, r.student_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM manabi_course_figures_add(ARRAY(
      SELECT ROW(r.course_id, 0,
        -sum(f.live), -sum(f.winners), -sum(f.confirmed), -sum(f.declined), -sum(f.lapsed), -sum(f.promoted),
        -sum(f.sessions_recorded), -sum(f.sessions_attended), -sum(f.absent), -sum(f.completed), -sum(f.units)
      )::course_figures
      FROM old_rows r, LATERAL manabi_application_figures(r) f GROUP BY r.course_id));
    -- a pair is gone when no row of it is left
    PERFORM manabi_course_figures_add(ARRAY(
      SELECT ROW(g.course_id, -count(*), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)::course_figures
      FROM (SELECT DISTINCT course_id, student_id FROM old_rows) g
      WHERE NOT EXISTS (SELECT 1 FROM course_applications t
                        WHERE t.student_id = g.student_id AND t.course_id = g.course_id)
      GROUP BY g.course_id));
    PERFORM manabi_student_years_add(ARRAY(
      SELECT ROW(y.fy, y.university_id, r.student_id, -count(*))::student_years
      FROM old_rows r JOIN courses c ON c.id = r.course_id, LATERAL manabi_course_year(c) y
      WHERE r.cancelled_at IS NULL GROUP BY y.fy, y.university_id, r.student_id));
  ELSE
    PERFORM manabi_course_figures_add(ARRAY(
      SELECT ROW(d.course_id, 0,
        sum(d.live), sum(d.winners), sum(d.confirmed), sum(d.declined), sum(d.lapsed), sum(d.promoted),
        sum(d.sessions_recorded), sum(d.sessions_attended), sum(d.absent), sum(d.completed), sum(d.units)
      )::course_figures
      FROM (
        SELECT r.course_id, -f.live AS live, -f.winners AS winners, -f.confirmed AS confirmed,
          -f.declined AS declined, -f.lapsed AS lapsed, -f.promoted AS promoted,
          -f.sessions_recorded AS sessions_recorded, -f.sessions_attended AS sessions_attended,
          -f.absent AS absent, -f.completed AS completed, -f.units AS units
        FROM old_rows r, LATERAL manabi_application_figures(r) f
        UNION ALL
        SELECT r.course_id, f.live, f.winners, f.confirmed, f.declined, f.lapsed, f.promoted,
          f.sessions_recorded, f.sessions_attended, f.absent, f.completed, f.units
        FROM new_rows r, LATERAL manabi_application_figures(r) f
      ) d
      GROUP BY d.course_id
      -- an update that changes no figure (remarks, the confirm-by day of a row still to confirm) writes nothing
      HAVING sum(d.live) <> 0 OR sum(d.winners) <> 0 OR sum(d.confirmed) <> 0
        OR sum(d.declined) <> 0 OR sum(d.lapsed) <> 0 OR sum(d.promoted) <> 0 OR sum(d.sessions_recorded) <> 0
        OR sum(d.sessions_attended) <> 0 OR sum(d.absent) <> 0 OR sum(d.completed) <> 0 OR sum(d.units) <> 0));
    -- rows moved to another course or student (a merge): the pairs they leave with no row left, and those
    -- whose rows are all rows moved into them
    IF EXISTS (SELECT id, course_id, student_id FROM new_rows EXCEPT SELECT id, course_id, student_id FROM old_rows) THEN
      PERFORM manabi_course_figures_add(ARRAY(
        SELECT ROW(p.course_id, sum(p.n), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)::course_figures FROM (
          SELECT g.course_id, -1 AS n
          FROM (SELECT DISTINCT m.course_id, m.student_id FROM (
            SELECT id, course_id, student_id FROM old_rows EXCEPT SELECT id, course_id, student_id FROM new_rows) m) g
          WHERE NOT EXISTS (SELECT 1 FROM course_applications t
                            WHERE t.student_id = g.student_id AND t.course_id = g.course_id)
          UNION ALL
          SELECT g.course_id, 1
          FROM (SELECT m.course_id, m.student_id, count(*) AS k FROM (
            SELECT id, course_id, student_id FROM new_rows EXCEPT SELECT id, course_id, student_id FROM old_rows) m
            GROUP BY m.course_id, m.student_id) g
          WHERE (SELECT count(*) FROM course_applications t
                 WHERE t.student_id = g.student_id AND t.course_id = g.course_id) = g.k
        ) p
        GROUP BY p.course_id HAVING sum(p.n) <> 0));
    END IF;
    -- the years' students: only the live rows that are not the same before and after (a cancel, applying
    -- again, a move), as multisets
    PERFORM manabi_student_years_add(ARRAY(
      SELECT ROW(y.fy, y.university_id, d.student_id, sum(d.s))::student_years
      FROM (
        SELECT m.course_id, m.student_id, 1 AS s FROM (
          SELECT course_id, student_id FROM new_rows WHERE cancelled_at IS NULL
          EXCEPT ALL SELECT course_id, student_id FROM old_rows WHERE cancelled_at IS NULL) m
        UNION ALL
        SELECT m.course_id, m.student_id, -1 FROM (
          SELECT course_id, student_id FROM old_rows WHERE cancelled_at IS NULL
          EXCEPT ALL SELECT course_id, student_id FROM new_rows WHERE cancelled_at IS NULL) m
      ) d JOIN courses c ON c.id = d.course_id, LATERAL manabi_course_year(c) y
      GROUP BY y.fy, y.university_id, d.student_id HAVING sum(d.s) <> 0));
  END IF;
  RETURN NULL;
END
$$;
