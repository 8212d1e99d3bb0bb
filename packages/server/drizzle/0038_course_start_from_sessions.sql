-- A course with dated sessions starts on the first of them (decision 089): the courses entered before the
-- trigger that keeps it so (course_sessions_start_*, src/db/sql) take it now. The statistics' trigger on courses
-- moves their students' live applications to the fiscal year of that day.
UPDATE "courses" c SET "start_date" = f.first_day
FROM (
  SELECT s."course_id", to_char(min(s."day"), 'YYYY-MM-DD') AS first_day
  FROM "course_sessions" s GROUP BY s."course_id"
) f
WHERE c."id" = f."course_id" AND c."start_date" IS DISTINCT FROM f.first_day;
