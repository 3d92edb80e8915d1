DROP INDEX "reservations_queue_idx";--> statement-breakpoint
CREATE INDEX "orders_guest_phone_idx" ON "orders" USING btree ("guest_phone","created_at") WHERE "orders"."customer_id" is null;--> statement-breakpoint
CREATE INDEX "reservations_live_idx" ON "reservations" USING btree ("location_id","status","kind","created_at");