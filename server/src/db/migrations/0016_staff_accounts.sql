CREATE TABLE "staff_settings" (
	"location_id" uuid PRIMARY KEY NOT NULL,
	"simulators_off" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_members" DROP CONSTRAINT "staff_members_token_hash_unique";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "staff_member_id" uuid;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "removed_by" uuid;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Token-only staff of before (docs/staff.md "Accounts"): the demo data's sandbox host (its token was
-- tf_staff_demo_<slug>) becomes the demo host account with the demo password, and the location gets
-- the other demo roles; any other token holder is kept as a removed member (history still names them).
UPDATE "staff_members" s SET "role" = 'host', "email" = 'host@' || l."location_slug" || '.demo',
	"password_hash" = 'scrypt$32768$8$1$ip8xx+U7r40F/AA4A3Nchg==$sJB6ej/z8rSD9VVSddoACdrr9BBH1YMePEkmb1tXP+A='
	FROM "locations" l
	WHERE l."id" = s."location_id" AND s."token_hash" = encode(sha256(convert_to('tf_staff_demo_' || l."location_slug", 'UTF8')), 'hex');--> statement-breakpoint
UPDATE "staff_members" SET "role" = 'host', "email" = 'staff-' || "id" || '@removed.invalid', "password_hash" = '!', "removed_at" = now()
	WHERE "role" IS NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
INSERT INTO "staff_members" ("location_id", "name", "role", "email", "password_hash")
	SELECT s."location_id", l."branch_name" || ' ' || r.role, r.role, r.role || '@' || l."location_slug" || '.demo', s."password_hash"
	FROM "staff_members" s JOIN "locations" l ON l."id" = s."location_id"
	CROSS JOIN (VALUES ('manager'), ('kitchen'), ('server')) AS r(role)
	WHERE s."email" = 'host@' || l."location_slug" || '.demo';--> statement-breakpoint
ALTER TABLE "staff_members" ALTER COLUMN "role" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ALTER COLUMN "password_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_settings" ADD CONSTRAINT "staff_settings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_staff_member_id_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_removed_by_staff_members_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_staff_idx" ON "refresh_tokens" USING btree ("staff_member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_active_email_uq" ON "staff_members" USING btree (lower("email")) WHERE "staff_members"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "staff_members_location_idx" ON "staff_members" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "staff_members" DROP COLUMN "token_hash";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_access_token_hash_unique" UNIQUE("access_token_hash");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_one_subject" CHECK (num_nonnulls("refresh_tokens"."customer_id", "refresh_tokens"."staff_member_id") = 1);--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_access_is_staff" CHECK ("refresh_tokens"."access_token_hash" is null or "refresh_tokens"."staff_member_id" is not null);--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_role" CHECK ("staff_members"."role" in ('manager', 'host', 'kitchen', 'server'));