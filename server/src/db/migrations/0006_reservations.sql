CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"customer_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"adults" integer NOT NULL,
	"kids" integer DEFAULT 0 NOT NULL,
	"high_chairs" integer DEFAULT 0 NOT NULL,
	"section_id" uuid,
	"table_id" uuid,
	"reservation_date" text,
	"reservation_slot" text,
	"slot_start" timestamp with time zone,
	"slot_end" timestamp with time zone,
	"channel" text DEFAULT 'ONLINE' NOT NULL,
	"staff_id" uuid,
	"device_id" text DEFAULT '' NOT NULL,
	"seat_together" boolean DEFAULT true NOT NULL,
	"notes" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"seated_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "table_holds" (
	"table_id" uuid NOT NULL,
	"block_start" timestamp with time zone NOT NULL,
	"reservation_id" uuid NOT NULL,
	CONSTRAINT "table_holds_table_id_block_start_pk" PRIMARY KEY("table_id","block_start")
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_section_id_table_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."table_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_holds" ADD CONSTRAINT "table_holds_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_holds" ADD CONSTRAINT "table_holds_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_queue_idx" ON "reservations" USING btree ("location_id","kind","status","created_at");--> statement-breakpoint
CREATE INDEX "reservations_customer_idx" ON "reservations" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_active_checkin_phone_uq" ON "reservations" USING btree ("phone") WHERE "reservations"."kind" = 'CHECKIN' and "reservations"."status" = 'Active';--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_active_checkin_device_uq" ON "reservations" USING btree ("device_id") WHERE "reservations"."kind" = 'CHECKIN' and "reservations"."status" = 'Active' and "reservations"."device_id" <> '';--> statement-breakpoint
CREATE INDEX "table_holds_reservation_idx" ON "table_holds" USING btree ("reservation_id");