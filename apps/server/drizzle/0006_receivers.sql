CREATE TABLE "member_receiver" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_receiver_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"receiver_name" varchar(30) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"region_code" varchar(9) NOT NULL,
	"province" varchar(30) NOT NULL,
	"city" varchar(30) NOT NULL,
	"county" varchar(60) NOT NULL,
	"address" varchar(120) NOT NULL,
	"postcode" varchar(6),
	"company" varchar(60),
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_receiver_mobile_ck" CHECK ("member_receiver"."mobile" ~ '^1[0-9]{10}$'),
	CONSTRAINT "member_receiver_region_code_ck" CHECK ("member_receiver"."region_code" ~ '^[0-9]{6}([0-9]{3})?$'),
	CONSTRAINT "member_receiver_postcode_ck" CHECK ("member_receiver"."postcode" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "member_receiver_count" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "member_receiver_count_range_ck" CHECK ("member_receiver_count"."count" >= 0 AND "member_receiver_count"."count" <= 50)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_receiver_default_uq" ON "member_receiver" USING btree ("member_id") WHERE "member_receiver"."is_default";--> statement-breakpoint
CREATE INDEX "member_receiver_member_idx" ON "member_receiver" USING btree ("member_id","updated_at");