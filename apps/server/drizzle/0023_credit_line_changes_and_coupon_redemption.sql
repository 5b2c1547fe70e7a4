ALTER TABLE "member_coupon" DROP CONSTRAINT "member_coupon_used_ck";--> statement-breakpoint
ALTER TABLE "credit_apply" ADD COLUMN "limit_cut_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_apply" ADD COLUMN "line_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_apply" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_apply" ADD COLUMN "suspend_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "credit_apply" ADD COLUMN "suspended_by" integer;--> statement-breakpoint
ALTER TABLE "member_coupon" ADD COLUMN "redeemed_quote" varchar(40);--> statement-breakpoint
ALTER TABLE "member_coupon" ADD COLUMN "redeemed_quote_fen" integer;--> statement-breakpoint
ALTER TABLE "member_coupon" ADD COLUMN "redeemed_fen" integer;--> statement-breakpoint
ALTER TABLE "member_coupon" ADD COLUMN "redeemed_by" integer;--> statement-breakpoint
ALTER TABLE "credit_apply" ADD CONSTRAINT "credit_apply_cut_ck" CHECK ("credit_apply"."limit_cut_fen" >= 0 AND ("credit_apply"."limit_cut_fen" = 0 OR "credit_apply"."status" = 'approved'));--> statement-breakpoint
ALTER TABLE "credit_apply" ADD CONSTRAINT "credit_apply_suspend_ck" CHECK (("credit_apply"."suspended_at" IS NULL) = ("credit_apply"."suspend_reason" IS NULL)
        AND ("credit_apply"."suspended_at" IS NULL OR "credit_apply"."status" = 'approved'));--> statement-breakpoint
ALTER TABLE "member_coupon" ADD CONSTRAINT "member_coupon_redeemed_ck" CHECK (("member_coupon"."redeemed_quote" IS NULL) = ("member_coupon"."redeemed_by" IS NULL)
        AND ("member_coupon"."redeemed_quote" IS NULL) = ("member_coupon"."redeemed_fen" IS NULL)
        AND ("member_coupon"."redeemed_quote" IS NULL) = ("member_coupon"."redeemed_quote_fen" IS NULL)
        AND ("member_coupon"."redeemed_quote" IS NULL OR ("member_coupon"."service_type" IN ('layout', 'bom')
          AND "member_coupon"."redeemed_fen" > 0 AND "member_coupon"."redeemed_fen" <= "member_coupon"."amount_fen"
          AND "member_coupon"."redeemed_quote_fen" >= "member_coupon"."min_order_fen" AND "member_coupon"."redeemed_fen" <= "member_coupon"."redeemed_quote_fen")));--> statement-breakpoint
ALTER TABLE "member_coupon" ADD CONSTRAINT "member_coupon_used_ck" CHECK (("member_coupon"."used_at" IS NULL) = ("member_coupon"."used_order_id" IS NULL AND "member_coupon"."redeemed_quote" IS NULL)
        AND ("member_coupon"."used_order_id" IS NULL OR "member_coupon"."redeemed_quote" IS NULL));