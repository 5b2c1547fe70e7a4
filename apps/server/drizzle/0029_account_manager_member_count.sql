ALTER TABLE "account_manager" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_manager" ADD CONSTRAINT "account_manager_member_count_ck" CHECK ("account_manager"."member_count" >= 0);--> statement-breakpoint
-- Hand-written (decision 0076): each manager's member count follows `member` in the statement
-- that changes it. Inserts are counted per statement (a seed's bulk insert updates each manager
-- once); a move between managers is one update of both rows, in the primary key's order, so two
-- opposite moves at once cannot deadlock.
CREATE FUNCTION account_manager_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_manager a SET member_count = a.member_count + n.added
  FROM (
    SELECT account_manager_id AS id, count(*)::int AS added FROM inserted_members
    WHERE account_manager_id IS NOT NULL GROUP BY account_manager_id
  ) n
  WHERE a.id = n.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER account_manager_count_inserted AFTER INSERT ON member
  REFERENCING NEW TABLE AS inserted_members
  FOR EACH STATEMENT EXECUTE FUNCTION account_manager_count_inserted();
--> statement-breakpoint
CREATE FUNCTION account_manager_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_manager SET member_count = member_count
      + CASE WHEN id = NEW.account_manager_id THEN 1 ELSE 0 END
      - CASE WHEN id = OLD.account_manager_id THEN 1 ELSE 0 END
    WHERE id IN (OLD.account_manager_id, NEW.account_manager_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER account_manager_count_moved AFTER UPDATE OF account_manager_id ON member
  FOR EACH ROW WHEN (OLD.account_manager_id IS DISTINCT FROM NEW.account_manager_id)
  EXECUTE FUNCTION account_manager_count_moved();
--> statement-breakpoint
CREATE FUNCTION account_manager_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_manager SET member_count = member_count - 1 WHERE id = OLD.account_manager_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER account_manager_count_removed AFTER DELETE ON member
  FOR EACH ROW WHEN (OLD.account_manager_id IS NOT NULL)
  EXECUTE FUNCTION account_manager_count_removed();
--> statement-breakpoint
CREATE FUNCTION account_manager_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_manager SET member_count = 0 WHERE member_count <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER account_manager_count_truncated AFTER TRUNCATE ON member
  FOR EACH STATEMENT EXECUTE FUNCTION account_manager_count_truncated();
--> statement-breakpoint
-- The members assigned before this migration.
UPDATE account_manager a SET member_count = (
  SELECT count(*) FROM member m WHERE m.account_manager_id = a.id
);
