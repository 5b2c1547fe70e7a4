CREATE TABLE "member_invoice_profile" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_invoice_profile_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"invoice_type" text NOT NULL,
	"title_type" text NOT NULL,
	"title" varchar(100) NOT NULL,
	"tax_number" varchar(18),
	"registered_address" varchar(200),
	"registered_phone" varchar(30),
	"bank_name" varchar(100),
	"bank_account" varchar(30),
	"email" varchar(100) NOT NULL,
	"mobile" varchar(11),
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_invoice_profile_type_ck" CHECK ("member_invoice_profile"."invoice_type" IN ('normal', 'special') AND "member_invoice_profile"."title_type" IN ('personal', 'company')),
	CONSTRAINT "member_invoice_profile_special_company_ck" CHECK ("member_invoice_profile"."invoice_type" = 'normal' OR "member_invoice_profile"."title_type" = 'company'),
	CONSTRAINT "member_invoice_profile_tax_number_ck" CHECK (("member_invoice_profile"."title_type" = 'company') = ("member_invoice_profile"."tax_number" IS NOT NULL)
        AND "member_invoice_profile"."tax_number" ~ '^[0-9A-HJ-NPQRTUWXY]{18}$'),
	CONSTRAINT "member_invoice_profile_special_fields_ck" CHECK (num_nonnulls("member_invoice_profile"."registered_address", "member_invoice_profile"."registered_phone", "member_invoice_profile"."bank_name", "member_invoice_profile"."bank_account")
        = CASE WHEN "member_invoice_profile"."invoice_type" = 'special' THEN 4 ELSE 0 END),
	CONSTRAINT "member_invoice_profile_title_ck" CHECK (btrim("member_invoice_profile"."title") <> '')
);
--> statement-breakpoint
CREATE TABLE "member_invoice_quota" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"profile_count" integer NOT NULL,
	CONSTRAINT "member_invoice_quota_count_ck" CHECK ("member_invoice_quota"."profile_count" BETWEEN 0 AND 20)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_invoice_profile_default_uq" ON "member_invoice_profile" USING btree ("member_id") WHERE "member_invoice_profile"."is_default";--> statement-breakpoint
CREATE INDEX "member_invoice_profile_member_idx" ON "member_invoice_profile" USING btree ("member_id","created_at");