CREATE TABLE "shop_exchange" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_exchange_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"request_id" varchar(36) NOT NULL,
	"kind" text NOT NULL,
	"item_name" varchar(40) NOT NULL,
	"points" integer NOT NULL,
	"coupon_id" integer,
	"receiver" jsonb,
	"status" text,
	"courier" varchar(20),
	"tracking_no" varchar(40),
	"shipped_at" timestamp with time zone,
	"shipped_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_exchange_points_ck" CHECK ("shop_exchange"."points" > 0),
	CONSTRAINT "shop_exchange_goods_ck" CHECK (("shop_exchange"."kind" = 'goods') = ("shop_exchange"."receiver" IS NOT NULL AND "shop_exchange"."status" IS NOT NULL)),
	CONSTRAINT "shop_exchange_shipped_ck" CHECK (("shop_exchange"."status" = 'shipped') = ("shop_exchange"."tracking_no" IS NOT NULL AND "shop_exchange"."shipped_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "shop_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" varchar(40) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"points_price" integer NOT NULL,
	"stock" integer NOT NULL,
	"exchanged" integer DEFAULT 0 NOT NULL,
	"template_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_item_kind_ck" CHECK ("shop_item"."kind" IN ('coupon', 'goods')),
	CONSTRAINT "shop_item_numbers_ck" CHECK ("shop_item"."points_price" > 0 AND "shop_item"."stock" >= 0 AND "shop_item"."exchanged" >= 0),
	CONSTRAINT "shop_item_template_ck" CHECK (("shop_item"."kind" = 'coupon') = ("shop_item"."template_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "shop_exchange" ADD CONSTRAINT "shop_exchange_item_id_shop_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."shop_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_exchange_request_uq" ON "shop_exchange" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "shop_exchange_member_idx" ON "shop_exchange" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "shop_exchange_delivery_idx" ON "shop_exchange" USING btree ("status","id") WHERE "shop_exchange"."kind" = 'goods';