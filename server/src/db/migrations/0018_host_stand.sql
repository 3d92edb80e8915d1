ALTER TABLE "reservations" ADD COLUMN "quoted_wait_minutes" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancel_code" text;--> statement-breakpoint
-- A table seats one party at a time (docs/host-stand.md "Seating"): a database that has two seated at one table keeps the latest.
UPDATE "reservations" AS "r" SET "status" = 'Completed', "completed_at" = now(), "updated_at" = now()
WHERE "r"."status" = 'Seated' AND "r"."table_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "reservations" AS "o"
  WHERE "o"."table_id" = "r"."table_id" AND "o"."status" = 'Seated'
    AND (coalesce("o"."seated_at", "o"."updated_at"), "o"."id") > (coalesce("r"."seated_at", "r"."updated_at"), "r"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_seated_table_uq" ON "reservations" USING btree ("table_id") WHERE "reservations"."status" = 'Seated' and "reservations"."table_id" is not null;--> statement-breakpoint
CREATE INDEX "reservations_location_day_done_idx" ON "reservations" USING btree ("location_id",coalesce("slot_start", "created_at")) WHERE "reservations"."status" in ('Completed', 'Cancelled', 'NoShow');