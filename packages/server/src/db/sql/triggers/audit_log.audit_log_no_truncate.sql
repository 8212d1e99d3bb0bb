-- The audit log is append-only (decision 067): a TRUNCATE is refused.
CREATE OR REPLACE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON public.audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION public.audit_log_append_only();
