CREATE TABLE "order_eq" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_eq_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"question" varchar(1000) NOT NULL,
	"images" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" varchar(60) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answer_choice" varchar(200),
	"answer_text" varchar(1000),
	"answer_images" jsonb,
	"answered_at" timestamp with time zone,
	"answered_by_member_id" integer,
	CONSTRAINT "order_eq_status_ck" CHECK ("order_eq"."status" IN ('open', 'answered', 'resolved', 'withdrawn')),
	CONSTRAINT "order_eq_answer_ck" CHECK (("order_eq"."status" IN ('answered', 'resolved')) = ("order_eq"."answered_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "order_offline_payment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_offline_payment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"bank_reference" varchar(64) NOT NULL,
	"payer_name" varchar(100) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"note" varchar(200),
	"staff_id" integer NOT NULL,
	"staff_name" varchar(60) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_offline_payment_amount_ck" CHECK ("order_offline_payment"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_parcel" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_parcel_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"courier" varchar(20) NOT NULL,
	"tracking_no" varchar(40) NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_parcel_event" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_parcel_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parcel_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"place" varchar(60) NOT NULL,
	"text" varchar(200) NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_price_change" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_price_change_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"old_lines" jsonb NOT NULL,
	"old_total" integer NOT NULL,
	"new_lines" jsonb NOT NULL,
	"new_total" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" varchar(60) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decision_note" varchar(200),
	CONSTRAINT "order_price_change_status_ck" CHECK ("order_price_change"."status" IN ('pending', 'accepted', 'refused', 'withdrawn')),
	CONSTRAINT "order_price_change_totals_ck" CHECK ("order_price_change"."old_total" >= 0 AND "order_price_change"."new_total" >= 0),
	CONSTRAINT "order_price_change_decided_ck" CHECK (("order_price_change"."status" = 'pending') = ("order_price_change"."decided_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "order_production_step" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_production_step_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"step" varchar(30) NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" varchar(60) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_production_step_step_ck" CHECK ("order_production_step"."step" IN ('cutting', 'drilling', 'plating', 'imaging', 'etching', 'solderMask', 'silkscreen', 'surfaceFinish', 'routing', 'electricalTest', 'finalQc', 'packing', 'incomingInspection', 'pastePrinting', 'placement', 'reflow', 'aoi', 'throughHole', 'cadProcessing', 'laserCutting', 'polishing', 'framing'))
);
--> statement-breakpoint
ALTER TABLE "upload_object" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_object" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "order_process" ADD COLUMN "action" varchar(30) DEFAULT 'place' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_process" ADD COLUMN "actor_member_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reorder_of" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pending_price_change_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "open_eq_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "answered_eq_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "packed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_eq" ADD CONSTRAINT "order_eq_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_offline_payment" ADD CONSTRAINT "order_offline_payment_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parcel" ADD CONSTRAINT "order_parcel_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parcel_event" ADD CONSTRAINT "order_parcel_event_parcel_id_order_parcel_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."order_parcel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_price_change" ADD CONSTRAINT "order_price_change_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_production_step" ADD CONSTRAINT "order_production_step_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_eq_order_idx" ON "order_eq" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_eq_member_status_idx" ON "order_eq" USING btree ("member_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_offline_payment_order_uq" ON "order_offline_payment" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_offline_payment_reference_uq" ON "order_offline_payment" USING btree ("bank_reference");--> statement-breakpoint
CREATE INDEX "order_parcel_order_idx" ON "order_parcel" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_parcel_tracking_uq" ON "order_parcel" USING btree ("courier","tracking_no");--> statement-breakpoint
CREATE INDEX "order_parcel_event_parcel_idx" ON "order_parcel_event" USING btree ("parcel_id","at");--> statement-breakpoint
CREATE INDEX "order_price_change_order_idx" ON "order_price_change" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_price_change_pending_uq" ON "order_price_change" USING btree ("order_id") WHERE "order_price_change"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "order_production_step_uq" ON "order_production_step" USING btree ("order_id","step");--> statement-breakpoint
CREATE INDEX "orders_member_kind_status_idx" ON "orders" USING btree ("member_id","kind","status","created_at","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_member_kind_created_idx" ON "orders" USING btree ("member_id","kind","created_at","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_kind_status_idx" ON "orders" USING btree ("kind","status","created_at","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_order_no_prefix_idx" ON "orders" USING btree ("order_no" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_status_changed_idx" ON "orders" USING btree ("status","status_changed_at") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_status_ship_date_idx" ON "orders" USING btree ("status","ship_date") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "upload_object" ADD CONSTRAINT "upload_object_owner_ck" CHECK (num_nonnulls("upload_object"."member_id", "upload_object"."staff_id") = 1);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_revision_ck" CHECK ("orders"."revision" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_eq_counts_ck" CHECK ("orders"."open_eq_count" >= 0 AND "orders"."answered_eq_count" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_reason_ck" CHECK ("orders"."cancel_reason" IS NULL OR "orders"."status" = 'cancelled');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_waiting_ck" CHECK (("orders"."pending_price_change_id" IS NULL AND "orders"."open_eq_count" = 0) OR "orders"."status" = 'awaitingConfirmation');