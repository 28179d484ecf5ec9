-- Every change to a row that the read cache keeps (src/server/cache/read-cache.ts) is
-- announced on the channel cache_invalidation as "<table>:<key>", so each server
-- instance drops what it holds for that key, whichever instance made the change.
CREATE OR REPLACE FUNCTION notify_cache_invalidation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('cache_invalidation', TG_TABLE_NAME || ':' || coalesce(to_jsonb(OLD) ->> TG_ARGV[0], ''));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('cache_invalidation', TG_TABLE_NAME || ':' || coalesce(to_jsonb(NEW) ->> TG_ARGV[0], ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('id');
--> statement-breakpoint
CREATE TRIGGER team_members_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('member_user_id');
--> statement-breakpoint
CREATE TRIGGER processes_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON processes
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('client_user_id');
--> statement-breakpoint
CREATE TRIGGER runs_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON runs
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('client_user_id');
