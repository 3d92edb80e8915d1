ALTER TABLE "locations" ADD COLUMN "search_version" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "email_changes_expires_idx" ON "email_changes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "otp_codes_expires_idx" ON "otp_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "password_resets_expires_idx" ON "password_resets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_idx" ON "refresh_tokens" USING btree ("expires_at");--> statement-breakpoint
-- docs/discovery.md, "Search from a cache": every change to what a search result shows bumps its
-- location's search_version, and search reads the version in the query that finds the results,
-- so a cached summary is used only while it is current, on every instance. Menu-version bumps,
-- stock and the like leave it alone: the menu has its own version.
CREATE FUNCTION "bump_search_versions"(location_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(location_ids) > 0 THEN
    UPDATE "locations" SET "search_version" = "search_version" + 1 WHERE "id" = ANY(location_ids);
  END IF;
END
$$;
--> statement-breakpoint
-- The location's own columns: any change but the versions' own bumps and updated_at.
CREATE FUNCTION "location_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'menu_version' - 'search_version' - 'updated_at') IS DISTINCT FROM (to_jsonb(OLD) - 'menu_version' - 'search_version' - 'updated_at') THEN
    NEW."search_version" := OLD."search_version" + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "locations_search_version" BEFORE UPDATE ON "locations" FOR EACH ROW
  WHEN (OLD."search_version" = NEW."search_version")
  EXECUTE FUNCTION "location_search_changed"();
--> statement-breakpoint
-- Hours and order types: rows of one location.
CREATE FUNCTION "search_changed_by_location"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "bump_search_versions"(ARRAY(SELECT "location_id" FROM "changed" UNION SELECT "location_id" FROM "changed_before"));
  ELSE
    PERFORM "bump_search_versions"(ARRAY(SELECT "location_id" FROM "changed"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "working_hours_search_version_insert" AFTER INSERT ON "working_hours" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_by_location"();
--> statement-breakpoint
CREATE TRIGGER "working_hours_search_version_update" AFTER UPDATE ON "working_hours" REFERENCING OLD TABLE AS "changed_before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_by_location"();
--> statement-breakpoint
CREATE TRIGGER "working_hours_search_version_delete" AFTER DELETE ON "working_hours" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_by_location"();
--> statement-breakpoint
CREATE TRIGGER "order_types_search_version_insert" AFTER INSERT ON "order_types" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_by_location"();
--> statement-breakpoint
CREATE TRIGGER "order_types_search_version_update" AFTER UPDATE ON "order_types" REFERENCING OLD TABLE AS "changed_before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_by_location"();
--> statement-breakpoint
CREATE TRIGGER "order_types_search_version_delete" AFTER DELETE ON "order_types" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_by_location"();
--> statement-breakpoint
-- Covers (META, a location's) and logos (LOGO, the merchant's, on every branch).
CREATE FUNCTION "search_changed_media"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "bump_search_versions"(ARRAY(
      SELECT l."id" FROM "changed" x JOIN "locations" l ON (x."entity_type" = 'META' AND l."id" = x."location_id") OR (x."entity_type" = 'LOGO' AND l."merchant_id" = x."merchant_id")
      UNION SELECT l."id" FROM "changed_before" x JOIN "locations" l ON (x."entity_type" = 'META' AND l."id" = x."location_id") OR (x."entity_type" = 'LOGO' AND l."merchant_id" = x."merchant_id")));
  ELSE
    PERFORM "bump_search_versions"(ARRAY(
      SELECT l."id" FROM "changed" x JOIN "locations" l ON (x."entity_type" = 'META' AND l."id" = x."location_id") OR (x."entity_type" = 'LOGO' AND l."merchant_id" = x."merchant_id")));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "media_search_version_insert" AFTER INSERT ON "media" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_media"();
--> statement-breakpoint
CREATE TRIGGER "media_search_version_update" AFTER UPDATE ON "media" REFERENCING OLD TABLE AS "changed_before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_media"();
--> statement-breakpoint
CREATE TRIGGER "media_search_version_delete" AFTER DELETE ON "media" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_media"();
--> statement-breakpoint
-- A merchant's name, slug, type and colours show on every branch; a city's name and country on each of its locations.
CREATE FUNCTION "search_changed_merchants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_search_versions"(ARRAY(SELECT l."id" FROM "changed" x JOIN "locations" l ON l."merchant_id" = x."id"));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "merchants_search_version_update" AFTER UPDATE ON "merchants" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_merchants"();
--> statement-breakpoint
CREATE FUNCTION "search_changed_cities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_search_versions"(ARRAY(SELECT l."id" FROM "changed" x JOIN "locations" l ON l."city_id" = x."id"));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cities_search_version_update" AFTER UPDATE ON "cities" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_cities"();
