-- students' statement triggers (decision 020), keeping student_counts (students per approval status and student
-- type) exact: one upsert per statement, counter rows taken in key order (two writers never wait on each other
-- crosswise); an update that changes neither column nets out and touches no counter row.
CREATE OR REPLACE FUNCTION public.student_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- one upsert per statement, counter rows taken in key order (two writers never wait on each other
  -- crosswise); an update that changes neither column nets out and touches no counter row
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM student_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO student_counts AS c (approval_status, student_type, n)
    SELECT approval_status, student_type, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (approval_status, student_type) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO student_counts AS c (approval_status, student_type, n)
    SELECT approval_status, student_type, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (approval_status, student_type) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO student_counts AS c (approval_status, student_type, n)
    SELECT d.approval_status, d.student_type, sum(d.n)
    FROM (
      SELECT approval_status, student_type, -1 AS n FROM old_rows
      UNION ALL
      SELECT approval_status, student_type, 1 FROM new_rows
    ) d
    GROUP BY 1, 2
    HAVING sum(d.n) <> 0
    ORDER BY 1, 2
    ON CONFLICT (approval_status, student_type) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
