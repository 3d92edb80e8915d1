CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"country_name" text NOT NULL,
	"currency" text NOT NULL,
	"time_zone" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	CONSTRAINT "cities_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"mobile_phone" text NOT NULL,
	"country_code" text DEFAULT 'US' NOT NULL,
	"password_hash" text,
	"is_guest" boolean DEFAULT false NOT NULL,
	"is_promo_subscribed" boolean DEFAULT false NOT NULL,
	"wallet_amount_minor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"name" text NOT NULL,
	"min_capacity" integer DEFAULT 1 NOT NULL,
	"capacity" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"city_id" uuid NOT NULL,
	"branch_name" text NOT NULL,
	"location_slug" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"phone_number" text NOT NULL,
	"time_zone_cd" text NOT NULL,
	"about_us" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"rating_tenths" smallint DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"cost_for_two_minor" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"delivery" boolean DEFAULT false NOT NULL,
	"branch" boolean DEFAULT true NOT NULL,
	"digital_menu" boolean DEFAULT true NOT NULL,
	"high_chair" boolean DEFAULT false NOT NULL,
	"dining" boolean DEFAULT false NOT NULL,
	"take_away" boolean DEFAULT false NOT NULL,
	"online_checkin" boolean DEFAULT false NOT NULL,
	"online_order" boolean DEFAULT false NOT NULL,
	"parking" boolean DEFAULT false NOT NULL,
	"quick_check_in" boolean DEFAULT false NOT NULL,
	"share_table" boolean DEFAULT false NOT NULL,
	"assign_table_during_quick_check_in" boolean DEFAULT false NOT NULL,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pref" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"safety_measures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"facilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cuisine" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"diets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"item_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_checkin_wait_threshold" integer DEFAULT 60 NOT NULL,
	"max_online_checkin" integer DEFAULT 20 NOT NULL,
	"redirect_url" text,
	"default_pick_up_eta" integer DEFAULT 20 NOT NULL,
	"default_delivery_eta" integer DEFAULT 40 NOT NULL,
	"delivery_km_radius" double precision DEFAULT 0 NOT NULL,
	"location_delivery_providers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scheduled_delivery" boolean DEFAULT false NOT NULL,
	"scheduled_delivery_cut_off_time" text,
	"scheduled_delivery_duration_in_days" integer DEFAULT 0 NOT NULL,
	"pickup_cutoff" integer DEFAULT 15 NOT NULL,
	"delivery_cutoff" integer DEFAULT 30 NOT NULL,
	"delivery_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_provider" text DEFAULT 'SANDBOX' NOT NULL,
	"default_tax_bp" integer DEFAULT 0 NOT NULL,
	"default_item_tax_bp" integer DEFAULT 0 NOT NULL,
	"data_cap_cnp_payment" boolean DEFAULT false NOT NULL,
	"is_surcharge_enabled" boolean DEFAULT false NOT NULL,
	"platform_configuration" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"disabled_services" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cancellation_policy" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_location_slug_unique" UNIQUE("location_slug")
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid,
	"location_id" uuid,
	"entity_type" text NOT NULL,
	"mime_type" text NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"body" "bytea" NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"media_id" uuid,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"sub_category_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_minor" integer NOT NULL,
	"tax_bp" integer,
	"display" smallint DEFAULT 1 NOT NULL,
	"visible_to" jsonb DEFAULT '["C","S"]'::jsonb NOT NULL,
	"order_type_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"item_type" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"calories" integer,
	"media_id" uuid,
	"stock_quantity" integer,
	"alert_quantity" integer,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_sub_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"media_id" uuid,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"merchant_type" text NOT NULL,
	"primary_color" text,
	"text_color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "modifier_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"modifier_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"max_quantity" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modifiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type_id" smallint DEFAULT 1 NOT NULL,
	"min_select" integer DEFAULT 0 NOT NULL,
	"max_select" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type_group" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "working_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"day_of_week" smallint NOT NULL,
	"session_name" text DEFAULT 'All day' NOT NULL,
	"opens_at" text NOT NULL,
	"closes_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_section_id_table_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."table_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_category_id_menu_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_sub_category_id_menu_sub_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."menu_sub_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_sub_categories" ADD CONSTRAINT "menu_sub_categories_category_id_menu_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_sub_categories" ADD CONSTRAINT "menu_sub_categories_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_options" ADD CONSTRAINT "modifier_options_modifier_id_modifiers_id_fk" FOREIGN KEY ("modifier_id") REFERENCES "public"."modifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifiers" ADD CONSTRAINT "modifiers_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_types" ADD CONSTRAINT "order_types_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_sections" ADD CONSTRAINT "table_sections_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_registered_mobile_uq" ON "customers" USING btree ("mobile_phone") WHERE "customers"."is_guest" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_location_name_uq" ON "dining_tables" USING btree ("location_id","name");--> statement-breakpoint
CREATE INDEX "locations_city_idx" ON "locations" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "locations_merchant_idx" ON "locations" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "media_location_idx" ON "media" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "media_merchant_idx" ON "media" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "menu_categories_location_idx" ON "menu_categories" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "menu_items_location_idx" ON "menu_items" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_items_location_slug_uq" ON "menu_items" USING btree ("location_id","slug");--> statement-breakpoint
CREATE INDEX "menu_sub_categories_category_idx" ON "menu_sub_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "modifier_options_modifier_idx" ON "modifier_options" USING btree ("modifier_id");--> statement-breakpoint
CREATE INDEX "modifiers_item_idx" ON "modifiers" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_types_location_code_uq" ON "order_types" USING btree ("location_id","code");--> statement-breakpoint
CREATE INDEX "working_hours_location_idx" ON "working_hours" USING btree ("location_id","day_of_week");