CREATE TABLE "price_sheet" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_sheet_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer,
	"name" varchar(60) NOT NULL,
	"status" text NOT NULL,
	"sheet" jsonb NOT NULL,
	"based_on_version" integer,
	"note" varchar(200),
	"created_by" integer,
	"published_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "price_sheet_version_unique" UNIQUE("version"),
	CONSTRAINT "price_sheet_status_ck" CHECK ("price_sheet"."status" IN ('draft', 'published', 'retired')),
	CONSTRAINT "price_sheet_version_ck" CHECK (("price_sheet"."status" = 'draft') = ("price_sheet"."version" IS NULL) AND ("price_sheet"."version" IS NULL OR "price_sheet"."version" >= 1)),
	CONSTRAINT "price_sheet_published_ck" CHECK (("price_sheet"."status" = 'draft') = ("price_sheet"."published_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "order_number_counter" (
	"prefix" varchar(1) NOT NULL,
	"day" varchar(8) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "order_number_counter_prefix_day_pk" PRIMARY KEY("prefix","day"),
	CONSTRAINT "order_number_counter_n_ck" CHECK ("order_number_counter"."n" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_process" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_process_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" varchar(500),
	"actor" varchar(60) NOT NULL,
	"actor_staff_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" varchar(20) NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer NOT NULL,
	"status" text DEFAULT 'pendingReview' NOT NULL,
	"params" jsonb NOT NULL,
	"param_string" varchar(400) NOT NULL,
	"sheet_version" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"total" integer NOT NULL,
	"build_days" integer NOT NULL,
	"ship_date" date,
	"weight_grams" integer NOT NULL,
	"courier" varchar(20) NOT NULL,
	"invoice" varchar(20) NOT NULL,
	"receiver" jsonb NOT NULL,
	"contact" jsonb,
	"invoice_profile" jsonb,
	"file_key" varchar(512) NOT NULL,
	"file_name" varchar(120) NOT NULL,
	"remark" varchar(500),
	"request_id" varchar(36) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_kind_ck" CHECK ("orders"."kind" IN ('pcb', 'smt', 'stencil')),
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" IN ('pendingReview', 'awaitingConfirmation', 'awaitingPayment', 'inProduction', 'shipped', 'completed', 'cancelled')),
	CONSTRAINT "orders_total_ck" CHECK ("orders"."total" >= 0),
	CONSTRAINT "orders_build_days_ck" CHECK ("orders"."build_days" >= 0),
	CONSTRAINT "orders_weight_ck" CHECK ("orders"."weight_grams" >= 0),
	CONSTRAINT "orders_invoice_ck" CHECK ("orders"."invoice" IN ('none', 'vatPlain', 'vatSpecial')),
	CONSTRAINT "orders_invoice_profile_ck" CHECK (("orders"."invoice" = 'none') = ("orders"."invoice_profile" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "order_process" ADD CONSTRAINT "order_process_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_sheet_one_published_uq" ON "price_sheet" USING btree ("status") WHERE "price_sheet"."status" = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "price_sheet_one_draft_uq" ON "price_sheet" USING btree ("status") WHERE "price_sheet"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "price_sheet_list_idx" ON "price_sheet" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "order_process_order_idx" ON "order_process" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_member_request_uq" ON "orders" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");