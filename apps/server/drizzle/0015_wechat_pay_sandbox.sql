CREATE TABLE "wechat_pay_sandbox_keys" (
	"mchid" varchar(32) PRIMARY KEY NOT NULL,
	"merchant_private_key" text NOT NULL,
	"merchant_serial_no" varchar(64) NOT NULL,
	"platform_private_key" text NOT NULL,
	"public_key_id" varchar(64) NOT NULL,
	"api_v3_key" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_pay_sandbox_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_pay_sandbox_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mchid" varchar(32) NOT NULL,
	"out_trade_no" varchar(32) NOT NULL,
	"out_refund_no" varchar(64) NOT NULL,
	"refund_id" varchar(32) NOT NULL,
	"refund" integer NOT NULL,
	"reason" varchar(80),
	"notify_url" text,
	"status" varchar(16) DEFAULT 'PROCESSING' NOT NULL,
	"success_time" timestamp with time zone,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wechat_pay_sandbox_refunds_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "wechat_pay_sandbox_refunds_out_refund_no" UNIQUE("mchid","out_refund_no"),
	CONSTRAINT "wechat_pay_sandbox_refunds_amount" CHECK ("wechat_pay_sandbox_refunds"."refund" > 0),
	CONSTRAINT "wechat_pay_sandbox_refunds_status" CHECK ("wechat_pay_sandbox_refunds"."status" IN ('PROCESSING', 'SUCCESS', 'CLOSED', 'ABNORMAL')),
	CONSTRAINT "wechat_pay_sandbox_refunds_success" CHECK (("wechat_pay_sandbox_refunds"."status" = 'SUCCESS') = ("wechat_pay_sandbox_refunds"."success_time" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "wechat_pay_sandbox_trades" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_pay_sandbox_trades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mchid" varchar(32) NOT NULL,
	"out_trade_no" varchar(32) NOT NULL,
	"appid" varchar(32) NOT NULL,
	"trade_type" varchar(8) NOT NULL,
	"description" varchar(127) NOT NULL,
	"total" integer NOT NULL,
	"openid" varchar(128),
	"payer_client_ip" varchar(45),
	"notify_url" text NOT NULL,
	"time_expire" timestamp with time zone NOT NULL,
	"prepay_id" varchar(64) NOT NULL,
	"trade_state" varchar(16) DEFAULT 'NOTPAY' NOT NULL,
	"transaction_id" varchar(32),
	"success_time" timestamp with time zone,
	"refunded" integer DEFAULT 0 NOT NULL,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wechat_pay_sandbox_trades_prepay_id_unique" UNIQUE("prepay_id"),
	CONSTRAINT "wechat_pay_sandbox_trades_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "wechat_pay_sandbox_trades_out_trade_no" UNIQUE("mchid","out_trade_no"),
	CONSTRAINT "wechat_pay_sandbox_trades_type" CHECK ("wechat_pay_sandbox_trades"."trade_type" IN ('JSAPI', 'MWEB')),
	CONSTRAINT "wechat_pay_sandbox_trades_state" CHECK ("wechat_pay_sandbox_trades"."trade_state" IN ('NOTPAY', 'SUCCESS', 'REFUND', 'CLOSED', 'PAYERROR')),
	CONSTRAINT "wechat_pay_sandbox_trades_total" CHECK ("wechat_pay_sandbox_trades"."total" > 0),
	CONSTRAINT "wechat_pay_sandbox_trades_paid" CHECK (("wechat_pay_sandbox_trades"."trade_state" IN ('SUCCESS', 'REFUND')) = ("wechat_pay_sandbox_trades"."transaction_id" IS NOT NULL AND "wechat_pay_sandbox_trades"."success_time" IS NOT NULL)),
	CONSTRAINT "wechat_pay_sandbox_trades_refunded" CHECK ("wechat_pay_sandbox_trades"."refunded" >= 0 AND "wechat_pay_sandbox_trades"."refunded" <= "wechat_pay_sandbox_trades"."total")
);
--> statement-breakpoint
CREATE INDEX "wechat_pay_sandbox_refunds_trade_idx" ON "wechat_pay_sandbox_refunds" USING btree ("mchid","out_trade_no");