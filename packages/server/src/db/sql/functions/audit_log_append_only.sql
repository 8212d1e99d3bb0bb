-- The audit log is append-only (decision 067): no statement of anyone's may change or remove an entry.
-- Called BEFORE each row an UPDATE or DELETE touches (audit_log_no_change) and BEFORE a TRUNCATE
-- (audit_log_no_truncate); it refuses the statement with SQLSTATE 42501 (insufficient_privilege).
CREATE OR REPLACE FUNCTION public.audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
