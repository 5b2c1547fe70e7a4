CREATE TABLE "point_entry" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"kind" text NOT NULL,
	"ref" varchar(64),
	"note" varchar(100) DEFAULT '' NOT NULL,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "point_entry_kind_ck" CHECK ("point_entry"."kind" IN ('order', 'signIn', 'exchange', 'expire', 'refund', 'adjust')),
	CONSTRAINT "point_entry_delta_ck" CHECK ("point_entry"."delta" <> 0 AND "point_entry"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_lot" (
	"member_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"earned" integer NOT NULL,
	"remaining" integer NOT NULL,
	CONSTRAINT "point_lot_member_id_expires_at_pk" PRIMARY KEY("member_id","expires_at"),
	CONSTRAINT "point_lot_remaining_ck" CHECK ("point_lot"."remaining" >= 0 AND "point_lot"."remaining" <= "point_lot"."earned")
);
--> statement-breakpoint
CREATE TABLE "point_setting" (
	"id" integer PRIMARY KEY NOT NULL,
	"points_per_yuan" integer NOT NULL,
	"sign_in_rewards" integer[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "point_setting_one_ck" CHECK ("point_setting"."id" = 1),
	CONSTRAINT "point_setting_rate_ck" CHECK ("point_setting"."points_per_yuan" BETWEEN 0 AND 100),
	CONSTRAINT "point_setting_rewards_ck" CHECK (cardinality("point_setting"."sign_in_rewards") = 7 AND 0 <= ALL("point_setting"."sign_in_rewards") AND 1000 >= ALL("point_setting"."sign_in_rewards"))
);
--> statement-breakpoint
CREATE TABLE "member_sign_in" (
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_sign_in_member_id_day_pk" PRIMARY KEY("member_id","day"),
	CONSTRAINT "member_sign_in_streak_ck" CHECK ("member_sign_in"."streak" BETWEEN 1 AND 7 AND "member_sign_in"."points" >= 0)
);
--> statement-breakpoint
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
CREATE UNIQUE INDEX "point_entry_ref_uq" ON "point_entry" USING btree ("member_id","kind","ref") WHERE "point_entry"."ref" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "point_entry_member_idx" ON "point_entry" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "point_entry_member_time_idx" ON "point_entry" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "point_lot_due_idx" ON "point_lot" USING btree ("expires_at") WHERE "point_lot"."remaining" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_exchange_request_uq" ON "shop_exchange" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "shop_exchange_member_idx" ON "shop_exchange" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "shop_exchange_delivery_idx" ON "shop_exchange" USING btree ("status","id") WHERE "shop_exchange"."kind" = 'goods';--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_points_ck" CHECK ("member"."points" >= 0);