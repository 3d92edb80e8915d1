CREATE TABLE "order_number_counters" (
	"location_id" uuid NOT NULL,
	"service_date" date NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "order_number_counters_location_id_service_date_pk" PRIMARY KEY("location_id","service_date"),
	CONSTRAINT "order_number_counters_positive" CHECK ("order_number_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"link_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "feedback_questions" ADD COLUMN "order_type_groups" jsonb;--> statement-breakpoint
ALTER TABLE "feedback_questions" ADD COLUMN "about_item_ids" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number_date" date;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "order_number_counters" ADD CONSTRAINT "order_number_counters_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_texts" ADD CONSTRAINT "order_texts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_texts" ADD CONSTRAINT "order_texts_link_id_short_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."short_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_texts_once_idx" ON "order_texts" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "order_texts_waiting_idx" ON "order_texts" USING btree ("created_at") WHERE "order_texts"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_per_day_idx" ON "orders" USING btree ("location_id","order_number_date","order_number") WHERE "orders"."order_number" is not null;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_order_id_unique" UNIQUE("order_id");--> statement-breakpoint
-- Orders placed before numbers existed get theirs (docs/orders.md "Order numbers"): per location and
-- local day of the time they are for (scheduled, else placed), in the order they were placed; the
-- counters continue from there.
UPDATE "orders" AS o SET "order_number" = n."number", "order_number_date" = n."day"
FROM (
  SELECT o2."id", d."day", row_number() OVER (PARTITION BY o2."location_id", d."day" ORDER BY o2."created_at", o2."id") AS "number"
  FROM "orders" AS o2
  JOIN "locations" AS l ON l."id" = o2."location_id"
  CROSS JOIN LATERAL (SELECT (coalesce(o2."scheduled_for", o2."created_at") AT TIME ZONE l."time_zone_cd")::date AS "day") AS d
) AS n
WHERE n."id" = o."id";--> statement-breakpoint
INSERT INTO "order_number_counters" ("location_id", "service_date", "last_number")
SELECT "location_id", "order_number_date", max("order_number") FROM "orders" WHERE "order_number" IS NOT NULL GROUP BY "location_id", "order_number_date";--> statement-breakpoint
-- The demo's questions that fit some orders only (server/src/db/seed/feedback.ts): packaging after a
-- delivery, a burger's doneness after a burger ordered with one, the cocktails after a cocktail.
UPDATE "feedback_questions" SET "order_type_groups" = '["L"]'::jsonb WHERE "question" = 'How was the packaging of your delivery?';--> statement-breakpoint
UPDATE "feedback_questions" AS q SET "about_item_ids" = (
  SELECT coalesce(jsonb_agg(i."id" ORDER BY i."sort_order"), '[]'::jsonb) FROM "menu_items" AS i
  WHERE i."location_id" = q."location_id" AND EXISTS (SELECT 1 FROM "modifiers" AS m WHERE m."item_id" = i."id" AND m."name" = 'Doneness')
)
WHERE q."question" = 'Was your burger cooked the way you asked?';--> statement-breakpoint
UPDATE "feedback_questions" AS q SET "about_item_ids" = (
  SELECT coalesce(jsonb_agg(i."id" ORDER BY i."sort_order"), '[]'::jsonb) FROM "menu_items" AS i
  JOIN "menu_categories" AS c ON c."id" = i."category_id"
  WHERE i."location_id" = q."location_id" AND c."name" IN ('Signature Cocktails', 'Classics')
)
WHERE q."question" = 'How were the cocktails?';
