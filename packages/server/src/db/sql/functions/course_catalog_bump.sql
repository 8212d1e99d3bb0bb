-- The my-page course catalogue's version (decisions 023, 077): course_catalog_version's one row moves up by one
-- per statement that writes a course, its categories, category links, intake, class days or fee rule, in the
-- writer's transaction (the *_catalog_bump triggers).
CREATE OR REPLACE FUNCTION public.course_catalog_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- once per statement, in the writer's transaction: a reader sees the new version exactly when it sees
  -- the change (applications and cancellations never write these tables, so they never take this row)
  UPDATE course_catalog_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
