-- TRUNCATE bypasses row triggers: refuse it with a statement trigger of its own.
CREATE TRIGGER audit_event_no_truncate
  BEFORE TRUNCATE ON audit_event
  FOR EACH STATEMENT EXECUTE FUNCTION audit_event_append_only();
