CREATE TABLE "support_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"staff_member_id" uuid,
	"staff_name" text NOT NULL,
	"body" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_replies_body_length" CHECK (char_length("support_replies"."body") between 1 and 320)
);
--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD COLUMN "acknowledged_by" uuid;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD COLUMN "done_by" uuid;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_staff_member_id_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_replies_request_idx" ON "support_replies" USING btree ("request_id","created_at");--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_acknowledged_by_staff_members_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_done_by_staff_members_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_closed_by_staff_members_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_requests_location_idx" ON "support_requests" USING btree ("location_id","status","created_at");--> statement-breakpoint
-- A support thread is what was texted (docs/floor.md "Support inbox"): replies are never edited or removed. SQLSTATE TF001: a bug.
CREATE FUNCTION "refuse_support_reply_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'TF001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "support_replies_append_only" BEFORE UPDATE OR DELETE ON "support_replies" FOR EACH ROW EXECUTE FUNCTION "refuse_support_reply_change"();
