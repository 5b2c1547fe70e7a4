CREATE TABLE "credit_apply" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_apply_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"company_name" varchar(128) NOT NULL,
	"contact_name" varchar(32) NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"expected_monthly_fen" integer NOT NULL,
	"remark" varchar(200),
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" varchar(200),
	"limit_fen" integer,
	"billing_day" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_apply_status_ck" CHECK ("credit_apply"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "credit_apply_reason_ck" CHECK (("credit_apply"."status" = 'rejected') = ("credit_apply"."reject_reason" IS NOT NULL)),
	CONSTRAINT "credit_apply_decided_ck" CHECK (("credit_apply"."status" = 'pending') = ("credit_apply"."decided_at" IS NULL)),
	CONSTRAINT "credit_apply_line_ck" CHECK (("credit_apply"."status" = 'approved') = ("credit_apply"."limit_fen" IS NOT NULL AND "credit_apply"."billing_day" IS NOT NULL)
        AND ("credit_apply"."limit_fen" IS NULL OR "credit_apply"."limit_fen" > 0)
        AND ("credit_apply"."billing_day" IS NULL OR "credit_apply"."billing_day" BETWEEN 1 AND 28)),
	CONSTRAINT "credit_apply_expected_ck" CHECK ("credit_apply"."expected_monthly_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_bill" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_bill_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"repaid_fen" integer DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"paid_at" timestamp with time zone,
	"reminded_before_at" timestamp with time zone,
	"reminded_due_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_bill_status_ck" CHECK ("credit_bill"."status" IN ('unpaid', 'paid')),
	CONSTRAINT "credit_bill_amounts_ck" CHECK ("credit_bill"."amount_fen" >= 0 AND "credit_bill"."refunded_fen" >= 0 AND "credit_bill"."repaid_fen" >= 0
        AND "credit_bill"."refunded_fen" + "credit_bill"."repaid_fen" <= "credit_bill"."amount_fen"),
	CONSTRAINT "credit_bill_paid_ck" CHECK (("credit_bill"."status" = 'paid') = ("credit_bill"."paid_at" IS NOT NULL)
        AND ("credit_bill"."status" <> 'paid' OR "credit_bill"."repaid_fen" + "credit_bill"."refunded_fen" = "credit_bill"."amount_fen"))
);
--> statement-breakpoint
CREATE TABLE "credit_mobile" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_mobile_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_order" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"order_no" varchar(20),
	"amount_fen" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"bill_id" integer,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "credit_order_amount_ck" CHECK ("credit_order"."amount_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_kind_ck";--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_owner_ck";--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_balance_ck";--> statement-breakpoint
ALTER TABLE "ledger_txn" DROP CONSTRAINT "ledger_txn_kind_ck";--> statement-breakpoint
ALTER TABLE "order_payment" DROP CONSTRAINT "order_payment_method_ck";--> statement-breakpoint
ALTER TABLE "order_payment" DROP CONSTRAINT "order_payment_parts_ck";--> statement-breakpoint
ALTER TABLE "order_payment" ADD COLUMN "credit_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_order" ADD CONSTRAINT "credit_order_bill_id_credit_bill_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."credit_bill"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_apply_member_uq" ON "credit_apply" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "credit_apply_status_idx" ON "credit_apply" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "credit_apply_billing_idx" ON "credit_apply" USING btree ("billing_day","member_id") WHERE "credit_apply"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_bill_member_period_uq" ON "credit_bill" USING btree ("member_id","period");--> statement-breakpoint
CREATE INDEX "credit_bill_unpaid_idx" ON "credit_bill" USING btree ("due_date","member_id") WHERE "credit_bill"."status" = 'unpaid';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_mobile_member_mobile_uq" ON "credit_mobile" USING btree ("member_id","mobile");--> statement-breakpoint
CREATE INDEX "credit_order_unbilled_idx" ON "credit_order" USING btree ("member_id","paid_at") WHERE "credit_order"."bill_id" IS NULL;--> statement-breakpoint
CREATE INDEX "credit_order_bill_idx" ON "credit_order" USING btree ("bill_id");--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_kind_ck" CHECK ("ledger_account"."kind" IN ('memberBalance', 'memberGift', 'memberHold', 'order', 'providerClearing', 'refundPending', 'bank', 'adjustment', 'memberCredit', 'credit'));--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_owner_ck" CHECK (CASE
        WHEN "ledger_account"."kind" IN ('memberBalance', 'memberGift', 'memberHold', 'memberCredit')
          THEN "ledger_account"."member_id" IS NOT NULL AND "ledger_account"."order_id" IS NULL AND "ledger_account"."channel" IS NULL
        WHEN "ledger_account"."kind" = 'order'
          THEN "ledger_account"."member_id" IS NOT NULL AND "ledger_account"."order_id" IS NOT NULL AND "ledger_account"."channel" IS NULL
        WHEN "ledger_account"."kind" IN ('providerClearing', 'refundPending')
          THEN "ledger_account"."member_id" IS NULL AND "ledger_account"."order_id" IS NULL AND "ledger_account"."channel" IN ('alipay', 'wechat')
        ELSE "ledger_account"."member_id" IS NULL AND "ledger_account"."order_id" IS NULL AND "ledger_account"."channel" IS NULL
      END);--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_balance_ck" CHECK (CASE
        WHEN "ledger_account"."kind" IN ('memberBalance', 'memberGift', 'memberHold', 'order', 'refundPending', 'memberCredit')
          THEN "ledger_account"."balance" >= 0
        WHEN "ledger_account"."kind" IN ('providerClearing', 'bank', 'credit') THEN "ledger_account"."balance" <= 0
        ELSE true
      END);--> statement-breakpoint
ALTER TABLE "ledger_txn" ADD CONSTRAINT "ledger_txn_kind_ck" CHECK ("ledger_txn"."kind" IN ('recharge', 'receipt', 'duplicate', 'orderPay', 'hold', 'release', 'orderRefund', 'refundSent', 'refundFailed', 'duplicateRefunded', 'adjustment', 'opening', 'creditGrant', 'creditRepay'));--> statement-breakpoint
ALTER TABLE "order_payment" ADD CONSTRAINT "order_payment_method_ck" CHECK ("order_payment"."method" IN ('balance', 'gift', 'online', 'balanceOnline', 'offline', 'credit'));--> statement-breakpoint
ALTER TABLE "order_payment" ADD CONSTRAINT "order_payment_parts_ck" CHECK ("order_payment"."balance_fen" >= 0 AND "order_payment"."gift_fen" >= 0 AND "order_payment"."online_fen" >= 0 AND "order_payment"."offline_fen" >= 0
        AND "order_payment"."credit_fen" >= 0
        AND "order_payment"."total_fen" = "order_payment"."balance_fen" + "order_payment"."gift_fen" + "order_payment"."online_fen" + "order_payment"."offline_fen" + "order_payment"."credit_fen");