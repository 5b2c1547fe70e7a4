CREATE TABLE "coupon_bundle_item" (
	"template_id" integer PRIMARY KEY NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coupon_bundle_item_quantity_ck" CHECK ("coupon_bundle_item"."quantity" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE TABLE "coupon_campaign" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_campaign_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(40) NOT NULL,
	"template_id" integer NOT NULL,
	"stock" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"per_member_limit" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"code" varchar(40),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_campaign_stock_ck" CHECK ("coupon_campaign"."stock" > 0 AND "coupon_campaign"."claimed" >= 0 AND "coupon_campaign"."claimed" <= "coupon_campaign"."stock"),
	CONSTRAINT "coupon_campaign_limit_ck" CHECK ("coupon_campaign"."per_member_limit" > 0),
	CONSTRAINT "coupon_campaign_window_ck" CHECK ("coupon_campaign"."ends_at" > "coupon_campaign"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "coupon_campaign_claim" (
	"campaign_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"claimed" integer NOT NULL,
	"member_limit" integer NOT NULL,
	CONSTRAINT "coupon_campaign_claim_campaign_id_member_id_pk" PRIMARY KEY("campaign_id","member_id"),
	CONSTRAINT "coupon_campaign_claim_ck" CHECK ("coupon_campaign_claim"."claimed" > 0 AND "coupon_campaign_claim"."claimed" <= "coupon_campaign_claim"."member_limit")
);
--> statement-breakpoint
CREATE TABLE "coupon_register_receipt" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_template" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(40) NOT NULL,
	"service_type" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"min_order_fen" integer DEFAULT 0 NOT NULL,
	"validity_kind" text NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"valid_days" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"code" varchar(40),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_template_service_ck" CHECK ("coupon_template"."service_type" IN ('pcb', 'smt', 'stencil', 'layout', 'bom')),
	CONSTRAINT "coupon_template_amount_ck" CHECK ("coupon_template"."amount_fen" > 0 AND "coupon_template"."min_order_fen" >= 0),
	CONSTRAINT "coupon_template_validity_ck" CHECK (CASE "coupon_template"."validity_kind"
        WHEN 'fixed' THEN "coupon_template"."valid_from" IS NOT NULL AND "coupon_template"."valid_to" > "coupon_template"."valid_from" AND "coupon_template"."valid_days" IS NULL
        WHEN 'days' THEN "coupon_template"."valid_days" > 0 AND "coupon_template"."valid_from" IS NULL AND "coupon_template"."valid_to" IS NULL
        ELSE false END)
);
--> statement-breakpoint
CREATE TABLE "coupon_use" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"order_no" varchar(20) NOT NULL,
	"member_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "coupon_use_amount_ck" CHECK ("coupon_use"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "member_coupon" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_coupon_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"service_type" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"min_order_fen" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"campaign_id" integer,
	"granted_by" integer,
	"used_order_id" integer,
	"used_order_no" varchar(20),
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_coupon_service_ck" CHECK ("member_coupon"."service_type" IN ('pcb', 'smt', 'stencil', 'layout', 'bom')),
	CONSTRAINT "member_coupon_source_ck" CHECK ("member_coupon"."source" IN ('register', 'campaign', 'grant')),
	CONSTRAINT "member_coupon_terms_ck" CHECK ("member_coupon"."amount_fen" > 0 AND "member_coupon"."min_order_fen" >= 0 AND "member_coupon"."valid_to" > "member_coupon"."valid_from"),
	CONSTRAINT "member_coupon_used_ck" CHECK (("member_coupon"."used_order_id" IS NULL) = ("member_coupon"."used_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_kind_ck";--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_balance_ck";--> statement-breakpoint
ALTER TABLE "order_payment" DROP CONSTRAINT "order_payment_parts_ck";--> statement-breakpoint
ALTER TABLE "order_payment" ADD COLUMN "coupon_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_bundle_item" ADD CONSTRAINT "coupon_bundle_item_template_id_coupon_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_campaign" ADD CONSTRAINT "coupon_campaign_template_id_coupon_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_campaign_claim" ADD CONSTRAINT "coupon_campaign_claim_campaign_id_coupon_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."coupon_campaign"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_use" ADD CONSTRAINT "coupon_use_coupon_id_member_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."member_coupon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupon" ADD CONSTRAINT "member_coupon_template_id_coupon_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_campaign_code_uq" ON "coupon_campaign" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_template_code_uq" ON "coupon_template" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupon_use_member_idx" ON "coupon_use" USING btree ("member_id","used_at");--> statement-breakpoint
CREATE INDEX "coupon_use_used_idx" ON "coupon_use" USING btree ("used_at","order_id");--> statement-breakpoint
CREATE INDEX "member_coupon_member_idx" ON "member_coupon" USING btree ("member_id","valid_to");--> statement-breakpoint
CREATE UNIQUE INDEX "member_coupon_used_order_uq" ON "member_coupon" USING btree ("used_order_id") WHERE "member_coupon"."used_order_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_kind_ck" CHECK ("ledger_account"."kind" IN ('memberBalance', 'memberGift', 'memberHold', 'order', 'providerClearing', 'refundPending', 'bank', 'adjustment', 'memberCredit', 'credit', 'coupon'));--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_balance_ck" CHECK (CASE
        WHEN "ledger_account"."kind" IN ('memberBalance', 'memberGift', 'memberHold', 'order', 'refundPending', 'memberCredit')
          THEN "ledger_account"."balance" >= 0
        WHEN "ledger_account"."kind" IN ('providerClearing', 'bank', 'credit', 'coupon') THEN "ledger_account"."balance" <= 0
        ELSE true
      END);--> statement-breakpoint
ALTER TABLE "order_payment" ADD CONSTRAINT "order_payment_parts_ck" CHECK ("order_payment"."balance_fen" >= 0 AND "order_payment"."gift_fen" >= 0 AND "order_payment"."online_fen" >= 0 AND "order_payment"."offline_fen" >= 0
        AND "order_payment"."credit_fen" >= 0
        AND "order_payment"."coupon_fen" >= 0
        AND "order_payment"."total_fen" = "order_payment"."balance_fen" + "order_payment"."gift_fen" + "order_payment"."online_fen" + "order_payment"."offline_fen" + "order_payment"."credit_fen" + "order_payment"."coupon_fen");--> statement-breakpoint
-- Written by hand: the coupon account (decision 0061): what coupons took off orders.
INSERT INTO "ledger_account" ("key", "kind") VALUES ('coupon', 'coupon') ON CONFLICT ("key") DO NOTHING;
