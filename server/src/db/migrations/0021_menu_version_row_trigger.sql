-- docs/menu.md "Stock on the menu": an update of dishes bumps the locations whose menu answer
-- changes (any column but the stock, or the stock as shown: menu_stock_shown), once per statement
-- and location, in id order. Until now one statement trigger compared the statement's old and new
-- rows (transition tables, to_jsonb images): it ran on every sale, whose stock update almost never
-- changes what a diner sees, and took ~0.1 ms of a PGlite placement's ~4.5 ms of CPU
-- (docs/decisions.md "Issue 16 — a placement in six statements, and the menu's version tested
-- per row").
-- Now each row is tested by a row trigger's WHEN, evaluated before any function is called, and a
-- sale that leaves plenty calls none:
--   * the stock: fires only for an UPDATE that sets stock_quantity, and only when the stock as
--     shown changes (menu_stock_shown written out: a WHEN does not inline a function's body);
--   * every other column: fires only for an UPDATE that sets one of them (its column list, which a
--     test holds to every column of the table but the stock and the generated name_folded), and
--     only when the row changed.
-- A row that changes notes its old and new locations (a dish moved to another location changes
-- both menus) in a transaction-local setting; the statement's own trigger then bumps the noted
-- locations together, in id order as every bump does (docs/payments.md "Lock order"), and clears
-- the note. With nothing noted that trigger only reads the empty setting (~0.01 ms).
DROP TRIGGER "menu_items_menu_version_update" ON "menu_items";
--> statement-breakpoint
CREATE FUNCTION "menu_item_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config(
    'tablefront.menu_pending',
    coalesce(current_setting('tablefront.menu_pending', true), '') || OLD."location_id"::text || ' ' || NEW."location_id"::text || ' ',
    true
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "bump_pending_menu_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text := coalesce(current_setting('tablefront.menu_pending', true), '');
BEGIN
  IF pending = '' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('tablefront.menu_pending', '', true);
  PERFORM "bump_menu_versions"(ARRAY(SELECT DISTINCT x::uuid FROM unnest(string_to_array(trim(pending), ' ')) AS x));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "menu_items_menu_version_stock" AFTER UPDATE OF "stock_quantity" ON "menu_items" FOR EACH ROW
  WHEN ((CASE WHEN NEW."stock_quantity" IS NULL THEN NULL WHEN NEW."stock_quantity" <= 0 THEN 0 WHEN NEW."alert_quantity" IS NOT NULL AND NEW."stock_quantity" <= NEW."alert_quantity" THEN NEW."stock_quantity" END) IS DISTINCT FROM (CASE WHEN OLD."stock_quantity" IS NULL THEN NULL WHEN OLD."stock_quantity" <= 0 THEN 0 WHEN OLD."alert_quantity" IS NOT NULL AND OLD."stock_quantity" <= OLD."alert_quantity" THEN OLD."stock_quantity" END))
  EXECUTE FUNCTION "menu_item_changed"();
--> statement-breakpoint
CREATE TRIGGER "menu_items_menu_version_update" AFTER UPDATE OF "id", "location_id", "category_id", "sub_category_id", "name", "slug", "description", "price_minor", "tax_bp", "display", "visible_to", "order_type_codes", "item_type", "allergens", "dietary", "tags", "calories", "media_id", "alert_quantity", "sort_order" ON "menu_items" FOR EACH ROW
  WHEN ((to_jsonb(NEW) - 'stock_quantity') IS DISTINCT FROM (to_jsonb(OLD) - 'stock_quantity'))
  EXECUTE FUNCTION "menu_item_changed"();
--> statement-breakpoint
-- After the row triggers of its statement (PostgreSQL fires a statement's AFTER row events first).
CREATE TRIGGER "menu_items_menu_version_bump" AFTER UPDATE ON "menu_items" FOR EACH STATEMENT
  EXECUTE FUNCTION "bump_pending_menu_versions"();
--> statement-breakpoint
-- What is left of the statement trigger's function: a new or deleted dish bumps its location.
CREATE OR REPLACE FUNCTION "menu_changed_menu_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_menu_versions"(ARRAY(SELECT "location_id" FROM "changed"));
  RETURN NULL;
END
$$;
