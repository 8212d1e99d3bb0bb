-- Every table kept by the statistics triggers counted again from the rows: after a load that ran with triggers
-- off (the bench's dataset), and what the tests compare the kept tables with.
CREATE OR REPLACE FUNCTION public.manabi_statistics_recount() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM manabi_statistics_recount_courses_and_students();
  PERFORM manabi_course_months_recount();
END
$$;
