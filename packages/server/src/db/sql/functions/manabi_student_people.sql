-- A student's (kind, value) pairs in fiscal year `fy` (decision 063): age on the year's last day (31 March),
-- gender, town key, cohort; '' where unknown. Declared as a table so that the planner inlines it.
CREATE OR REPLACE FUNCTION public.manabi_student_people(birthday date, gender smallint, street text, generation text, fy int)
RETURNS TABLE (kind text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES
    ('age', coalesce((fy - extract(year from birthday)::int
      + CASE WHEN extract(month from birthday) < 4 THEN 1 ELSE 0 END)::text, '')),
    ('gender', coalesce(gender::text, '')),
    ('town', manabi_name_key(street)),
    ('generation', coalesce(generation, ''))
$$;
