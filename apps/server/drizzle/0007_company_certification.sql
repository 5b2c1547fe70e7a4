CREATE TABLE "member_company_apply" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_company_apply_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"company_name" varchar(128) NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"legal_person" varchar(32) NOT NULL,
	"contact_name" varchar(32) NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"license_key" varchar(512) NOT NULL,
	"letter_key" varchar(512) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" varchar(200),
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_company_apply_status_ck" CHECK ("member_company_apply"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "member_company_apply_reason_ck" CHECK (("member_company_apply"."status" = 'rejected') = ("member_company_apply"."reject_reason" IS NOT NULL)),
	CONSTRAINT "member_company_apply_decided_ck" CHECK (("member_company_apply"."status" = 'pending') = ("member_company_apply"."decided_at" IS NULL)),
	CONSTRAINT "member_company_apply_code_ck" CHECK ("member_company_apply"."credit_code" ~ '^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$')
);
--> statement-breakpoint
CREATE TABLE "virtual_account" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "virtual_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"bank_name" varchar(64) NOT NULL,
	"account_name" varchar(128) NOT NULL,
	"account_no" varchar(32) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "virtual_account_no_uq" UNIQUE("account_no"),
	CONSTRAINT "virtual_account_no_ck" CHECK ("virtual_account"."account_no" ~ '^[0-9]{8,32}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_company_apply_member_uq" ON "member_company_apply" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_company_apply_certified_code_uq" ON "member_company_apply" USING btree ("credit_code") WHERE "member_company_apply"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "member_company_apply_status_idx" ON "member_company_apply" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "virtual_account_member_idx" ON "virtual_account" USING btree ("member_id","id");