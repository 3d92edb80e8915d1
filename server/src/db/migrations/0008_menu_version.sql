ALTER TABLE "locations" ADD COLUMN "menu_version" bigint DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Menu versions (docs/decisions.md, "Menu reads from a versioned cache"): every change to what a
-- menu answer is built from bumps its location's menu_version, so a read can trust a cached answer
-- of the same version, and a NOTIFY on menu_version names the location. Statement-level
-- triggers: a bulk write (a seed, a menu import) bumps each location once, not once per row.
-- Locations are locked in id order so two writers never deadlock.
CREATE FUNCTION "bump_menu_versions"(location_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped uuid;
BEGIN
  FOR bumped IN
    UPDATE "locations" SET "menu_version" = "menu_version" + 1
    WHERE "id" IN (SELECT "id" FROM "locations" WHERE "id" = ANY(location_ids) ORDER BY "id" FOR NO KEY UPDATE)
    RETURNING "id"
  LOOP
    -- On commit, to every listening instance (an embedded PGlite hears it before the commit returns).
    PERFORM pg_notify('menu_version', bumped::text);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "menu_changed_menu_categories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "bump_menu_versions"(ARRAY(SELECT "location_id" FROM "changed" UNION SELECT "location_id" FROM "changed_before"));
  ELSE
    PERFORM "bump_menu_versions"(ARRAY(SELECT "location_id" FROM "changed"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "menu_categories_menu_version_insert" AFTER INSERT ON "menu_categories" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_menu_categories"();
--> statement-breakpoint
CREATE TRIGGER "menu_categories_menu_version_update" AFTER UPDATE ON "menu_categories" REFERENCING OLD TABLE AS "changed_before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_menu_categories"();
--> statement-breakpoint
CREATE TRIGGER "menu_categories_menu_version_delete" AFTER DELETE ON "menu_categories" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_menu_categories"();
--> statement-breakpoint
CREATE FUNCTION "menu_changed_menu_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "bump_menu_versions"(ARRAY(SELECT "location_id" FROM "changed" UNION SELECT "location_id" FROM "changed_before"));
  ELSE
    PERFORM "bump_menu_versions"(ARRAY(SELECT "location_id" FROM "changed"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "menu_items_menu_version_insert" AFTER INSERT ON "menu_items" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_menu_items"();
--> statement-breakpoint
CREATE TRIGGER "menu_items_menu_version_update" AFTER UPDATE ON "menu_items" REFERENCING OLD TABLE AS "changed_before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_menu_items"();
--> statement-breakpoint
CREATE TRIGGER "menu_items_menu_version_delete" AFTER DELETE ON "menu_items" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_menu_items"();
--> statement-breakpoint
CREATE FUNCTION "menu_changed_order_types"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "bump_menu_versions"(ARRAY(SELECT "location_id" FROM "changed" UNION SELECT "location_id" FROM "changed_before"));
  ELSE
    PERFORM "bump_menu_versions"(ARRAY(SELECT "location_id" FROM "changed"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_types_menu_version_insert" AFTER INSERT ON "order_types" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_order_types"();
--> statement-breakpoint
CREATE TRIGGER "order_types_menu_version_update" AFTER UPDATE ON "order_types" REFERENCING OLD TABLE AS "changed_before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_order_types"();
--> statement-breakpoint
CREATE TRIGGER "order_types_menu_version_delete" AFTER DELETE ON "order_types" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_order_types"();
--> statement-breakpoint
CREATE FUNCTION "menu_changed_menu_sub_categories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "bump_menu_versions"(ARRAY(SELECT c."location_id" FROM "changed" s JOIN "menu_categories" c ON c."id" = s."category_id" UNION SELECT c."location_id" FROM "changed_before" s JOIN "menu_categories" c ON c."id" = s."category_id"));
  ELSE
    PERFORM "bump_menu_versions"(ARRAY(SELECT c."location_id" FROM "changed" s JOIN "menu_categories" c ON c."id" = s."category_id"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "menu_sub_categories_menu_version_insert" AFTER INSERT ON "menu_sub_categories" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_menu_sub_categories"();
--> statement-breakpoint
CREATE TRIGGER "menu_sub_categories_menu_version_update" AFTER UPDATE ON "menu_sub_categories" REFERENCING OLD TABLE AS "changed_before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_menu_sub_categories"();
--> statement-breakpoint
CREATE TRIGGER "menu_sub_categories_menu_version_delete" AFTER DELETE ON "menu_sub_categories" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_menu_sub_categories"();
--> statement-breakpoint
CREATE FUNCTION "menu_changed_modifiers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "bump_menu_versions"(ARRAY(SELECT i."location_id" FROM "changed" m JOIN "menu_items" i ON i."id" = m."item_id" UNION SELECT i."location_id" FROM "changed_before" m JOIN "menu_items" i ON i."id" = m."item_id"));
  ELSE
    PERFORM "bump_menu_versions"(ARRAY(SELECT i."location_id" FROM "changed" m JOIN "menu_items" i ON i."id" = m."item_id"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "modifiers_menu_version_insert" AFTER INSERT ON "modifiers" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_modifiers"();
--> statement-breakpoint
CREATE TRIGGER "modifiers_menu_version_update" AFTER UPDATE ON "modifiers" REFERENCING OLD TABLE AS "changed_before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_modifiers"();
--> statement-breakpoint
CREATE TRIGGER "modifiers_menu_version_delete" AFTER DELETE ON "modifiers" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_modifiers"();
--> statement-breakpoint
CREATE FUNCTION "menu_changed_modifier_options"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "bump_menu_versions"(ARRAY(SELECT i."location_id" FROM "changed" o JOIN "modifiers" m ON m."id" = o."modifier_id" JOIN "menu_items" i ON i."id" = m."item_id" UNION SELECT i."location_id" FROM "changed_before" o JOIN "modifiers" m ON m."id" = o."modifier_id" JOIN "menu_items" i ON i."id" = m."item_id"));
  ELSE
    PERFORM "bump_menu_versions"(ARRAY(SELECT i."location_id" FROM "changed" o JOIN "modifiers" m ON m."id" = o."modifier_id" JOIN "menu_items" i ON i."id" = m."item_id"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "modifier_options_menu_version_insert" AFTER INSERT ON "modifier_options" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_modifier_options"();
--> statement-breakpoint
CREATE TRIGGER "modifier_options_menu_version_update" AFTER UPDATE ON "modifier_options" REFERENCING OLD TABLE AS "changed_before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_modifier_options"();
--> statement-breakpoint
CREATE TRIGGER "modifier_options_menu_version_delete" AFTER DELETE ON "modifier_options" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_modifier_options"();
--> statement-breakpoint
CREATE FUNCTION "menu_changed_media"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "bump_menu_versions"(ARRAY(SELECT l."id" FROM "changed" x JOIN "locations" l ON l."id" = x."location_id" OR l."merchant_id" = x."merchant_id" UNION SELECT l."id" FROM "changed_before" x JOIN "locations" l ON l."id" = x."location_id" OR l."merchant_id" = x."merchant_id"));
  ELSE
    PERFORM "bump_menu_versions"(ARRAY(SELECT l."id" FROM "changed" x JOIN "locations" l ON l."id" = x."location_id" OR l."merchant_id" = x."merchant_id"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "media_menu_version_update" AFTER UPDATE ON "media" REFERENCING OLD TABLE AS "changed_before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "menu_changed_media"();
--> statement-breakpoint
-- The location's own part of a menu answer: currency, taxes, and whether it is listed.
CREATE FUNCTION "location_menu_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."menu_version" := OLD."menu_version" + 1;
  PERFORM pg_notify('menu_version', NEW."id"::text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "locations_menu_version" BEFORE UPDATE ON "locations" FOR EACH ROW
  WHEN ((OLD."currency", OLD."default_tax_bp", OLD."default_item_tax_bp", OLD."is_active") IS DISTINCT FROM (NEW."currency", NEW."default_tax_bp", NEW."default_item_tax_bp", NEW."is_active")
    AND OLD."menu_version" = NEW."menu_version")
  EXECUTE FUNCTION "location_menu_changed"();
--> statement-breakpoint
-- A location removed outright takes its menu with it: say so, as no version is left to bump.
CREATE FUNCTION "location_menu_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('menu_version', OLD."id"::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "locations_menu_gone" AFTER DELETE ON "locations" FOR EACH ROW EXECUTE FUNCTION "location_menu_gone"();
