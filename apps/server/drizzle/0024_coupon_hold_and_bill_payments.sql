ALTER TABLE "payment_attempt" DROP CONSTRAINT "payment_attempt_purpose_ck";--> statement-breakpoint
ALTER TABLE "member_coupon" ADD COLUMN "held_attempt_id" integer;--> statement-breakpoint
ALTER TABLE "payment_attempt" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "payment_attempt" ADD COLUMN "coupon_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempt" ADD COLUMN "bill_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "member_coupon_held_attempt_uq" ON "member_coupon" USING btree ("held_attempt_id") WHERE "member_coupon"."held_attempt_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempt_one_open_bill_uq" ON "payment_attempt" USING btree ("bill_id") WHERE "payment_attempt"."status" = 'open' AND "payment_attempt"."bill_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "member_coupon" ADD CONSTRAINT "member_coupon_held_ck" CHECK ("member_coupon"."held_attempt_id" IS NULL OR "member_coupon"."used_at" IS NULL);--> statement-breakpoint
ALTER TABLE "payment_attempt" ADD CONSTRAINT "payment_attempt_purpose_list_ck" CHECK ("payment_attempt"."purpose" IN ('order', 'recharge', 'bill'));--> statement-breakpoint
ALTER TABLE "payment_attempt" ADD CONSTRAINT "payment_attempt_coupon_ck" CHECK ("payment_attempt"."coupon_fen" >= 0 AND ("payment_attempt"."coupon_fen" > 0) = ("payment_attempt"."coupon_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "payment_attempt" ADD CONSTRAINT "payment_attempt_purpose_ck" CHECK (CASE WHEN "payment_attempt"."purpose" = 'order'
        THEN "payment_attempt"."order_id" IS NOT NULL AND "payment_attempt"."bill_id" IS NULL
          AND "payment_attempt"."order_total" = "payment_attempt"."balance_fen" + "payment_attempt"."online_fen" + "payment_attempt"."coupon_fen"
          AND "payment_attempt"."order_revision" IS NOT NULL AND "payment_attempt"."order_kind" IS NOT NULL
        ELSE "payment_attempt"."order_id" IS NULL AND "payment_attempt"."balance_fen" = 0 AND "payment_attempt"."coupon_fen" = 0
          AND ("payment_attempt"."bill_id" IS NOT NULL) = ("payment_attempt"."purpose" = 'bill') END);