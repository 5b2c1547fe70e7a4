CREATE TABLE "alipay_sandbox_key" (
	"name" varchar(16) PRIMARY KEY NOT NULL,
	"private_key" text NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alipay_sandbox_key_name_ck" CHECK ("alipay_sandbox_key"."name" IN ('merchant', 'alipay'))
);
--> statement-breakpoint
CREATE TABLE "alipay_sandbox_refund" (
	"trade_no" varchar(64) NOT NULL,
	"out_request_no" varchar(64) NOT NULL,
	"refund_fen" bigint NOT NULL,
	"reason" varchar(256),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alipay_sandbox_refund_trade_no_out_request_no_pk" PRIMARY KEY("trade_no","out_request_no"),
	CONSTRAINT "alipay_sandbox_refund_amount_ck" CHECK ("alipay_sandbox_refund"."refund_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "alipay_sandbox_trade" (
	"trade_no" varchar(64) PRIMARY KEY NOT NULL,
	"app_id" varchar(32) NOT NULL,
	"out_trade_no" varchar(64) NOT NULL,
	"subject" varchar(256) NOT NULL,
	"total_fen" bigint NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"status" varchar(16) NOT NULL,
	"notify_url" text,
	"return_url" text,
	"quit_url" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "alipay_sandbox_trade_status_ck" CHECK ("alipay_sandbox_trade"."status" IN ('WAIT_BUYER_PAY', 'TRADE_SUCCESS', 'TRADE_CLOSED')),
	CONSTRAINT "alipay_sandbox_trade_amounts_ck" CHECK ("alipay_sandbox_trade"."total_fen" > 0 AND "alipay_sandbox_trade"."refunded_fen" >= 0 AND "alipay_sandbox_trade"."refunded_fen" <= "alipay_sandbox_trade"."total_fen"),
	CONSTRAINT "alipay_sandbox_trade_paid_ck" CHECK (("alipay_sandbox_trade"."status" = 'TRADE_SUCCESS') <= ("alipay_sandbox_trade"."paid_at" IS NOT NULL) AND ("alipay_sandbox_trade"."refunded_fen" = 0 OR "alipay_sandbox_trade"."paid_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "alipay_sandbox_refund" ADD CONSTRAINT "alipay_sandbox_refund_trade_no_alipay_sandbox_trade_trade_no_fk" FOREIGN KEY ("trade_no") REFERENCES "public"."alipay_sandbox_trade"("trade_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alipay_sandbox_trade_out_trade_no_uq" ON "alipay_sandbox_trade" USING btree ("app_id","out_trade_no");