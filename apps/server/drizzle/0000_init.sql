CREATE TABLE "member" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mobile" varchar(11) NOT NULL,
	"user_name" varchar(64),
	"real_name" varchar(64),
	"company_name" varchar(128),
	"member_type" text DEFAULT 'personal' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text DEFAULT 'self' NOT NULL,
	"password_hash" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"grade" text DEFAULT 'normal' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"agreement_version" varchar(32),
	"agreement_signed_at" timestamp with time zone,
	"account_manager_id" integer,
	"registered_from" varchar(64),
	"bd_vid" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_mobile_unique" UNIQUE("mobile")
);
--> statement-breakpoint
CREATE TABLE "member_agreement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_agreement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"version" varchar(32) NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" varchar(64),
	CONSTRAINT "member_agreement_member_version_uq" UNIQUE("member_id","version")
);
--> statement-breakpoint
CREATE TABLE "account_manager" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_manager_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"real_name" varchar(32) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"qq" varchar(20) NOT NULL,
	"pic" varchar(255) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_manager_mobile_unique" UNIQUE("mobile")
);
--> statement-breakpoint
CREATE TABLE "announcement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"link_url" varchar(512),
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" varchar(32) NOT NULL,
	"first_href" text NOT NULL,
	"bd_vid" varchar(256),
	"from" varchar(64),
	"user_agent" varchar(1024),
	"ip" varchar(64),
	"member_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "visit_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "ephemeral_store" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mobile" varchar(11) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"params" jsonb NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_account_manager_id_account_manager_id_fk" FOREIGN KEY ("account_manager_id") REFERENCES "public"."account_manager"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_agreement" ADD CONSTRAINT "member_agreement_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_user_name_lower_idx" ON "member" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "member_account_manager_idx" ON "member" USING btree ("account_manager_id");--> statement-breakpoint
CREATE INDEX "announcement_type_starts_idx" ON "announcement" USING btree ("type","starts_at");--> statement-breakpoint
CREATE INDEX "ephemeral_store_expires_idx" ON "ephemeral_store" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_mobile_idx" ON "sms_outbox" USING btree ("mobile","id");