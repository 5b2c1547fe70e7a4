CREATE TABLE "member_contact" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_contact_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"user_type" text NOT NULL,
	"contact_name" varchar(32) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"email" varchar(100),
	"qq" varchar(11),
	"wechat" varchar(20),
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_contact_user_type_ck" CHECK ("member_contact"."user_type" IN ('purchasing', 'engineering', 'finance')),
	CONSTRAINT "member_contact_mobile_ck" CHECK ("member_contact"."mobile" ~ '^1[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "company_directory" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_directory_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_directory_name_uq" UNIQUE("name"),
	CONSTRAINT "company_directory_credit_code_uq" UNIQUE("credit_code"),
	CONSTRAINT "company_directory_credit_code_ck" CHECK ("company_directory"."credit_code" ~ '^[0-9A-HJ-NPQRTUWXY]{18}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_contact_main_uq" ON "member_contact" USING btree ("member_id","user_type") WHERE "member_contact"."is_main";--> statement-breakpoint
CREATE INDEX "member_contact_member_idx" ON "member_contact" USING btree ("member_id","user_type","id");--> statement-breakpoint
CREATE INDEX "company_directory_name_grams_idx" ON "company_directory" USING gin (member_search_grams("name"));