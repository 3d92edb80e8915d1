-- No hot row (docs/menu.md "The menu's version"; docs/decisions.md "Issue 16 — no hot row"): a sale
-- changes a dish's stock, and the menu answer shows stock only as "sold out" (0) or "only N left"
-- (at or below the dish's alert quantity), so a sale that leaves more than that changes nothing a
-- diner sees and must not bump the location's menu version (nor lock the location's row).
-- What the menu answer shows of a dish's stock: null (not counted, or more left than its alert quantity), 0 (sold out), or the count.
CREATE FUNCTION "menu_stock_shown"(stock integer, alert integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN stock IS NULL THEN NULL WHEN stock <= 0 THEN 0 WHEN alert IS NOT NULL AND stock <= alert THEN stock ELSE NULL END
$$;
--> statement-breakpoint
-- Nothing to bump: no statement, no lock (a stock-only update bumps nothing).
CREATE OR REPLACE FUNCTION "bump_menu_versions"(location_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped uuid;
BEGIN
  IF cardinality(location_ids) = 0 THEN
    RETURN;
  END IF;
  FOR bumped IN
    UPDATE "locations" SET "menu_version" = "menu_version" + 1
    WHERE "id" IN (SELECT "id" FROM "locations" WHERE "id" = ANY(location_ids) ORDER BY "id" FOR NO KEY UPDATE)
    RETURNING "id"
  LOOP
    PERFORM pg_notify('menu_version', bumped::text);
  END LOOP;
END
$$;
--> statement-breakpoint
-- An update of dishes bumps the locations of the rows whose menu answer changes: any column but
-- the stock, or the stock as shown (menu_stock_shown). A sale that leaves plenty bumps nothing.
CREATE OR REPLACE FUNCTION "menu_changed_menu_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "bump_menu_versions"(ARRAY(
      SELECT x."location_id"
      FROM "changed" n JOIN "changed_before" o ON o."id" = n."id",
        LATERAL (VALUES (n."location_id"), (o."location_id")) AS x("location_id")
      WHERE menu_stock_shown(n."stock_quantity", n."alert_quantity") IS DISTINCT FROM menu_stock_shown(o."stock_quantity", o."alert_quantity")
        OR (to_jsonb(n) - 'stock_quantity') IS DISTINCT FROM (to_jsonb(o) - 'stock_quantity')
      UNION
      -- A row whose id changed has no partner: bump both sides.
      SELECT n."location_id" FROM "changed" n WHERE NOT EXISTS (SELECT 1 FROM "changed_before" o WHERE o."id" = n."id")
      UNION
      SELECT o."location_id" FROM "changed_before" o WHERE NOT EXISTS (SELECT 1 FROM "changed" n WHERE n."id" = o."id")
    ));
  ELSE
    PERFORM "bump_menu_versions"(ARRAY(SELECT "location_id" FROM "changed"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The next number of a location's service day (docs/orders.md "Order numbers"), as a value of the
-- order's own INSERT: the counter's row is locked by the statement that writes the order, not by a
-- round trip of its own before it, so placements at one restaurant take turns for less time.
CREATE FUNCTION "take_order_number"(location uuid, day date) RETURNS integer LANGUAGE sql VOLATILE AS $$
  INSERT INTO "order_number_counters" ("location_id", "service_date", "last_number") VALUES (location, day, 1)
  ON CONFLICT ("location_id", "service_date") DO UPDATE SET "last_number" = "order_number_counters"."last_number" + 1
  RETURNING "last_number"
$$;
