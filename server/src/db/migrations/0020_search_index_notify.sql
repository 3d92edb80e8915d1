-- docs/discovery.md, "Search from an index": every instance keeps every active location's search
-- summary in memory and hears of a change to one on the search_version channel, the payload being
-- the location's id. Every change to what a result shows already moves the location's
-- search_version (migration 0014), and a new or deleted location is a change of the list itself.
CREATE FUNCTION "notify_search_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('search_version', OLD."id"::text);
  ELSE
    PERFORM pg_notify('search_version', NEW."id"::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "locations_search_notify_update" AFTER UPDATE ON "locations" FOR EACH ROW
  WHEN (OLD."search_version" IS DISTINCT FROM NEW."search_version")
  EXECUTE FUNCTION "notify_search_version"();
--> statement-breakpoint
CREATE TRIGGER "locations_search_notify_insert" AFTER INSERT ON "locations" FOR EACH ROW
  EXECUTE FUNCTION "notify_search_version"();
--> statement-breakpoint
CREATE TRIGGER "locations_search_notify_delete" AFTER DELETE ON "locations" FOR EACH ROW
  EXECUTE FUNCTION "notify_search_version"();
--> statement-breakpoint
-- The bump locks its locations in id order first, as every statement that locks several locations
-- does (docs/payments.md, "Lock order"): a merchant's edit and its city's edit, each bumping a set of
-- the same locations, cannot each hold one the other waits for.
CREATE OR REPLACE FUNCTION "bump_search_versions"(location_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(location_ids) > 0 THEN
    PERFORM 1 FROM "locations" WHERE "id" = ANY(location_ids) ORDER BY "id" FOR UPDATE;
    UPDATE "locations" SET "search_version" = "search_version" + 1 WHERE "id" = ANY(location_ids);
  END IF;
END
$$;
