CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount_minor" integer DEFAULT 0 NOT NULL,
	"provider_reference" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_type_known" CHECK ("payment_events"."type" in ('CAPTURE', 'CAPTURE_FAILED', 'VOID', 'REFUND')),
	CONSTRAINT "payment_events_amount_not_negative" CHECK ("payment_events"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "wallet_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_movements_kind_known" CHECK ("wallet_movements"."kind" in ('OPENING', 'CREDIT', 'REDEEM', 'RELEASE')),
	CONSTRAINT "wallet_movements_sign_by_kind" CHECK (("wallet_movements"."kind" = 'REDEEM' and "wallet_movements"."amount_minor" < 0) or ("wallet_movements"."kind" <> 'REDEEM' and "wallet_movements"."amount_minor" > 0)),
	CONSTRAINT "wallet_movements_order_of_order_kinds" CHECK ("wallet_movements"."kind" not in ('REDEEM', 'RELEASE') or "wallet_movements"."order_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "offer_redemptions" DROP CONSTRAINT "offer_redemptions_offer_id_offers_id_fk";
--> statement-breakpoint
ALTER TABLE "offer_redemptions" DROP CONSTRAINT "offer_redemptions_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "offer_redemptions" DROP CONSTRAINT "offer_redemptions_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_split_id_order_splits_id_fk";
--> statement-breakpoint
DROP INDEX "payments_order_live_uq";--> statement-breakpoint
DROP INDEX "payments_split_live_uq";--> statement-breakpoint
DROP INDEX "offer_redemptions_offer_order_uq";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD COLUMN "redeemer_phone" text;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD COLUMN "kind" text DEFAULT 'REDEEM' NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD COLUMN "voids_id" uuid;--> statement-breakpoint
ALTER TABLE "order_splits" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "predates_money_rules" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_customer_idx" ON "email_changes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "email_messages_email_idx" ON "email_messages" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_one_capture_uq" ON "payment_events" USING btree ("payment_id") WHERE "payment_events"."type" = 'CAPTURE';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_one_void_uq" ON "payment_events" USING btree ("payment_id") WHERE "payment_events"."type" = 'VOID';--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "wallet_movements_customer_idx" ON "wallet_movements" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_movements_order_idx" ON "wallet_movements" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_voids_id_offer_redemptions_id_fk" FOREIGN KEY ("voids_id") REFERENCES "public"."offer_redemptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_split_id_order_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."order_splits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Two accounts cannot share an email any more: where they did, the older account keeps it and the
-- others lose it (they sign in by mobile and can add a proven address again).
UPDATE "customers" c SET "email" = NULL
WHERE c."is_guest" = false AND c."email" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "customers" o
  WHERE o."is_guest" = false AND lower(o."email") = lower(c."email") AND (o."created_at", o."id") < (c."created_at", c."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_registered_email_uq" ON "customers" USING btree (lower("email")) WHERE "customers"."is_guest" = false and "customers"."email" is not null;--> statement-breakpoint
CREATE INDEX "offer_redemptions_phone_idx" ON "offer_redemptions" USING btree ("offer_id","redeemer_phone");--> statement-breakpoint
CREATE INDEX "offer_redemptions_order_idx" ON "offer_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("pay_by") WHERE "orders"."pay_by" is not null and "orders"."status" in ('6', '18', '20', '21');--> statement-breakpoint
CREATE INDEX "payments_split_idx" ON "payments" USING btree ("split_id");--> statement-breakpoint
CREATE INDEX "reservations_phone_date_idx" ON "reservations" USING btree ("phone","reservation_date");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_redemptions_offer_order_uq" ON "offer_redemptions" USING btree ("offer_id","order_id") WHERE "offer_redemptions"."kind" = 'REDEEM';--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_voids_id_unique" UNIQUE("voids_id");--> statement-breakpoint
-- A collected payment was one row whose status went 18 -> 19; now the attempt stays "18" and its
-- capture is a payment_events row of the amount it collected.
INSERT INTO "payment_events" ("payment_id", "type", "amount_minor", "provider_reference", "created_at")
SELECT "id", 'CAPTURE', "amount_minor", "provider_reference", "updated_at" FROM "payments" WHERE "status" = '19';--> statement-breakpoint
UPDATE "payments" SET "status" = '18' WHERE "status" = '19';--> statement-breakpoint
-- Who used each offer, by number, so limits count guests' uses too.
UPDATE "offer_redemptions" r SET "redeemer_phone" = coalesce(
  (SELECT c."mobile_phone" FROM "customers" c WHERE c."id" = r."customer_id"),
  (SELECT o."guest_phone" FROM "orders" o WHERE o."id" = r."order_id")
);--> statement-breakpoint
-- Balances from before the ledger become its first rows.
INSERT INTO "wallet_movements" ("customer_id", "kind", "amount_minor", "note")
SELECT "id", 'OPENING', "wallet_amount_minor", 'Balance before the wallet ledger' FROM "customers" WHERE "wallet_amount_minor" > 0;--> statement-breakpoint
-- Wallet an order used before the ledger: its REDEEM row, and an OPENING row of the same amount
-- (the balance already had it taken off), so every order's ledger matches its wallet_redeemed.
INSERT INTO "wallet_movements" ("customer_id", "order_id", "kind", "amount_minor", "note", "created_at")
SELECT "customer_id", "id", 'REDEEM', -"wallet_redeemed_minor", 'Used before the wallet ledger', "created_at"
FROM "orders" WHERE "wallet_redeemed_minor" > 0 AND "customer_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "wallet_movements" ("customer_id", "kind", "amount_minor", "note", "created_at")
SELECT "customer_id", 'OPENING', "wallet_redeemed_minor", 'Balance before the wallet ledger (used by order ' || "id" || ')', "created_at"
FROM "orders" WHERE "wallet_redeemed_minor" > 0 AND "customer_id" IS NOT NULL;--> statement-breakpoint
-- Unpaid orders from before expiry get the same 15 minutes from when they were placed.
UPDATE "orders" o SET "pay_by" = o."created_at" + interval '15 minutes'
WHERE o."status" IN ('6', '18', '20', '21') AND NOT (
  o."table_id" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "order_types" t WHERE t."location_id" = o."location_id" AND t."code" = o."order_type_code" AND t."type_group" = 'D'
  )
);--> statement-breakpoint
-- Orders written before these rules that break one of them (a flat tip above the subtotal was
-- allowed) are marked, so the rules below hold for every other row and those rows can still move
-- through the kitchen; the money audit lists them. Nothing but this migration sets the mark.
UPDATE "orders" SET "predates_money_rules" = true WHERE NOT (
  "subtotal_minor" >= 0 AND "item_tax_minor" >= 0 AND "order_tax_minor" >= 0 AND "surcharge_minor" >= 0 AND "delivery_fee_minor" >= 0
  AND "tip_minor" >= 0 AND "discount_minor" >= 0 AND "wallet_redeemed_minor" >= 0 AND "total_minor" >= 0
  AND "total_minor" = "subtotal_minor" + "item_tax_minor" + "order_tax_minor" + "surcharge_minor" + "delivery_fee_minor" + "tip_minor" - "discount_minor" - "wallet_redeemed_minor"
  AND "discount_minor" <= "subtotal_minor" AND "tip_minor" <= "subtotal_minor"
);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_wallet_not_negative" CHECK ("customers"."wallet_amount_minor" >= 0);--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_amount_not_negative" CHECK ("offer_redemptions"."amount_minor" >= 0);--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_void_names_its_use" CHECK (("offer_redemptions"."kind" = 'VOID') = ("offer_redemptions"."voids_id" is not null));--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_kind_known" CHECK ("offer_redemptions"."kind" in ('REDEEM', 'VOID'));--> statement-breakpoint
ALTER TABLE "order_splits" ADD CONSTRAINT "order_splits_amount_positive" CHECK ("order_splits"."amount_minor" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_not_negative" CHECK ("orders"."predates_money_rules" or ("orders"."subtotal_minor" >= 0 and "orders"."item_tax_minor" >= 0 and "orders"."order_tax_minor" >= 0 and "orders"."surcharge_minor" >= 0 and "orders"."delivery_fee_minor" >= 0 and "orders"."tip_minor" >= 0 and "orders"."discount_minor" >= 0 and "orders"."wallet_redeemed_minor" >= 0 and "orders"."total_minor" >= 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."predates_money_rules" or ("orders"."total_minor" = "orders"."subtotal_minor" + "orders"."item_tax_minor" + "orders"."order_tax_minor" + "orders"."surcharge_minor" + "orders"."delivery_fee_minor" + "orders"."tip_minor" - "orders"."discount_minor" - "orders"."wallet_redeemed_minor"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_within_subtotal" CHECK ("orders"."predates_money_rules" or ("orders"."discount_minor" <= "orders"."subtotal_minor"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tip_within_subtotal" CHECK ("orders"."predates_money_rules" or ("orders"."tip_minor" <= "orders"."subtotal_minor"));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_not_negative" CHECK ("payments"."amount_minor" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('18', '20', '21', '25'));--> statement-breakpoint
CREATE FUNCTION "orders_keep_money_rules_mark"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."predates_money_rules" := TG_OP = 'UPDATE' AND OLD."predates_money_rules";
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_keep_money_rules_mark" BEFORE INSERT OR UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_keep_money_rules_mark"();
--> statement-breakpoint
-- Records of money are append-only (docs/payments.md): a void, a refund or a release is a new row.
-- SQLSTATE TF001: a bug, never a diner's mistake.
CREATE FUNCTION "refuse_money_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'TF001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_append_only" BEFORE UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "refuse_money_record_change"();
--> statement-breakpoint
CREATE TRIGGER "payment_events_append_only" BEFORE UPDATE OR DELETE ON "payment_events" FOR EACH ROW EXECUTE FUNCTION "refuse_money_record_change"();
--> statement-breakpoint
CREATE TRIGGER "offer_redemptions_append_only" BEFORE UPDATE OR DELETE ON "offer_redemptions" FOR EACH ROW EXECUTE FUNCTION "refuse_money_record_change"();
--> statement-breakpoint
CREATE TRIGGER "wallet_movements_append_only" BEFORE UPDATE OR DELETE ON "wallet_movements" FOR EACH ROW EXECUTE FUNCTION "refuse_money_record_change"();
--> statement-breakpoint
CREATE TRIGGER "payments_no_truncate" BEFORE TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_money_record_change"();
--> statement-breakpoint
CREATE TRIGGER "payment_events_no_truncate" BEFORE TRUNCATE ON "payment_events" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_money_record_change"();
--> statement-breakpoint
CREATE TRIGGER "offer_redemptions_no_truncate" BEFORE TRUNCATE ON "offer_redemptions" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_money_record_change"();
--> statement-breakpoint
CREATE TRIGGER "wallet_movements_no_truncate" BEFORE TRUNCATE ON "wallet_movements" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_money_record_change"();
--> statement-breakpoint
-- One live payment (authorized or to be paid at the restaurant, and not voided) per order, or per
-- share of a split bill. The order's row is locked first, so two attempts of one order take turns
-- whatever code writes them. SQLSTATE TF002.
CREATE FUNCTION "payments_one_live"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "orders" WHERE "id" = NEW."order_id" FOR UPDATE;
  IF NEW."status" IN ('18', '25') AND EXISTS (
    SELECT 1 FROM "payments" p
    WHERE p."order_id" = NEW."order_id" AND p."split_id" IS NOT DISTINCT FROM NEW."split_id" AND p."status" IN ('18', '25')
      AND NOT EXISTS (SELECT 1 FROM "payment_events" e WHERE e."payment_id" = p."id" AND e."type" = 'VOID')
  ) THEN
    RAISE EXCEPTION 'order % already has a live payment', NEW."order_id" USING ERRCODE = 'TF002';
  END IF;
  NEW."updated_at" := NEW."created_at";
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_one_live" BEFORE INSERT ON "payments" FOR EACH ROW EXECUTE FUNCTION "payments_one_live"();
--> statement-breakpoint
-- What may happen to a payment (docs/payments.md): a capture of at most what was authorized, once,
-- and not after a void; a void of a hold or of a pay-at-restaurant promise, never after a capture;
-- refunds of at most what was captured. The payment's row is locked, so two events take turns.
-- SQLSTATE TF003.
CREATE FUNCTION "payment_events_follow_rules"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  attempt "payments"%ROWTYPE;
  captured integer;
  refunded integer;
  voided boolean;
BEGIN
  SELECT * INTO attempt FROM "payments" WHERE "id" = NEW."payment_id" FOR UPDATE;
  SELECT coalesce(sum("amount_minor") FILTER (WHERE "type" = 'CAPTURE'), 0)::integer,
         coalesce(sum("amount_minor") FILTER (WHERE "type" = 'REFUND'), 0)::integer,
         bool_or("type" = 'VOID') IS TRUE
    INTO captured, refunded, voided
    FROM "payment_events" WHERE "payment_id" = NEW."payment_id";
  IF NEW."type" IN ('CAPTURE', 'CAPTURE_FAILED') THEN
    IF attempt."status" <> '18' OR voided OR EXISTS (SELECT 1 FROM "payment_events" WHERE "payment_id" = NEW."payment_id" AND "type" = 'CAPTURE') THEN
      RAISE EXCEPTION 'payment % cannot be captured: it is not a live authorization', NEW."payment_id" USING ERRCODE = 'TF003';
    END IF;
    IF NEW."type" = 'CAPTURE' AND NEW."amount_minor" > attempt."amount_minor" THEN
      RAISE EXCEPTION 'payment %: capture of % exceeds the % authorized', NEW."payment_id", NEW."amount_minor", attempt."amount_minor" USING ERRCODE = 'TF003';
    END IF;
  ELSIF NEW."type" = 'VOID' THEN
    IF attempt."status" NOT IN ('18', '25') OR captured > 0 OR EXISTS (SELECT 1 FROM "payment_events" WHERE "payment_id" = NEW."payment_id" AND "type" = 'CAPTURE') THEN
      RAISE EXCEPTION 'payment % cannot be voided: it is captured or was never live', NEW."payment_id" USING ERRCODE = 'TF003';
    END IF;
    NEW."amount_minor" := attempt."amount_minor";
  ELSIF NEW."type" = 'REFUND' THEN
    IF NEW."amount_minor" <= 0 OR refunded + NEW."amount_minor" > captured THEN
      RAISE EXCEPTION 'payment %: refunds of % would exceed the % captured', NEW."payment_id", refunded + NEW."amount_minor", captured USING ERRCODE = 'TF003';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payment_events_follow_rules" BEFORE INSERT ON "payment_events" FOR EACH ROW EXECUTE FUNCTION "payment_events_follow_rules"();
--> statement-breakpoint
-- A VOID of an offer use names a REDEEM row of the same offer and order, for the same amount.
CREATE FUNCTION "offer_redemptions_void_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  used "offer_redemptions"%ROWTYPE;
BEGIN
  IF NEW."kind" = 'VOID' THEN
    SELECT * INTO used FROM "offer_redemptions" WHERE "id" = NEW."voids_id";
    IF used."kind" IS DISTINCT FROM 'REDEEM' OR used."offer_id" <> NEW."offer_id" OR used."order_id" <> NEW."order_id" THEN
      RAISE EXCEPTION 'offer use % cannot be voided by this row', NEW."voids_id" USING ERRCODE = 'TF003';
    END IF;
    NEW."amount_minor" := used."amount_minor";
    NEW."customer_id" := used."customer_id";
    NEW."redeemer_phone" := used."redeemer_phone";
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "offer_redemptions_void_matches" BEFORE INSERT ON "offer_redemptions" FOR EACH ROW EXECUTE FUNCTION "offer_redemptions_void_matches"();
--> statement-breakpoint
-- The wallet balance is the sum of the ledger: each movement adds its amount, and nothing else may
-- change the balance (a new customer starts at 0). The balance's CHECK (>= 0) refuses an overdraft
-- with SQLSTATE 23514, and the update locks the customer's row, so two debits take turns.
CREATE FUNCTION "wallet_movements_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('tablefront.wallet_ledger', 'on', true);
  UPDATE "customers" SET "wallet_amount_minor" = "wallet_amount_minor" + NEW."amount_minor" WHERE "id" = NEW."customer_id";
  PERFORM set_config('tablefront.wallet_ledger', 'off', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "wallet_movements_apply" AFTER INSERT ON "wallet_movements" FOR EACH ROW EXECUTE FUNCTION "wallet_movements_apply"();
--> statement-breakpoint
CREATE FUNCTION "customers_wallet_from_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."wallet_amount_minor" <> 0 THEN
      RAISE EXCEPTION 'a new customer starts with an empty wallet; credit it with a wallet movement' USING ERRCODE = 'TF001';
    END IF;
  ELSIF NEW."wallet_amount_minor" IS DISTINCT FROM OLD."wallet_amount_minor"
    AND coalesce(current_setting('tablefront.wallet_ledger', true), 'off') <> 'on' THEN
    RAISE EXCEPTION 'customers.wallet_amount_minor changes only through wallet_movements' USING ERRCODE = 'TF001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_wallet_from_ledger" BEFORE INSERT OR UPDATE ON "customers" FOR EACH ROW EXECUTE FUNCTION "customers_wallet_from_ledger"();
