-- The audit log is append-only (decision 067): each row an UPDATE or DELETE would touch is refused.
CREATE OR REPLACE TRIGGER audit_log_no_change
  BEFORE DELETE OR UPDATE ON public.audit_log
  FOR EACH ROW EXECUTE FUNCTION public.audit_log_append_only();
