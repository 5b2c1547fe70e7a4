CREATE TABLE "member_relation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_relation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"main_member_id" integer NOT NULL,
	"related_member_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "member_relation_pair_uq" UNIQUE("main_member_id","related_member_id"),
	CONSTRAINT "member_relation_not_self" CHECK ("member_relation"."main_member_id" <> "member_relation"."related_member_id")
);
--> statement-breakpoint
CREATE TABLE "wechat_binding" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_binding_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"app_id" varchar(64) NOT NULL,
	"openid" varchar(128) NOT NULL,
	"nick_name" varchar(64),
	"avatar" varchar(512),
	"bound_at" timestamp with time zone NOT NULL,
	"unbound_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "upload_object" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upload_object_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" varchar(512) NOT NULL,
	"member_id" integer NOT NULL,
	"dir_type" text NOT NULL,
	"max_bytes" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "upload_object_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "member_mobile_apply" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_mobile_apply_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"old_mobile" varchar(11) NOT NULL,
	"new_mobile" varchar(11) NOT NULL,
	"reason" varchar(500) NOT NULL,
	"id_document_key" varchar(512) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decision_note" varchar(500)
);
--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "payment_password_hash" text;--> statement-breakpoint
ALTER TABLE "member_relation" ADD CONSTRAINT "member_relation_main_member_id_member_id_fk" FOREIGN KEY ("main_member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_relation" ADD CONSTRAINT "member_relation_related_member_id_member_id_fk" FOREIGN KEY ("related_member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_relation_related_idx" ON "member_relation" USING btree ("related_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_binding_active_uq" ON "wechat_binding" USING btree ("app_id","openid") WHERE "wechat_binding"."unbound_at" IS NULL;--> statement-breakpoint
CREATE INDEX "wechat_binding_member_idx" ON "wechat_binding" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "upload_object_member_idx" ON "upload_object" USING btree ("member_id","dir_type");--> statement-breakpoint
CREATE UNIQUE INDEX "member_mobile_apply_pending_uq" ON "member_mobile_apply" USING btree ("member_id") WHERE "member_mobile_apply"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "member_mobile_apply_member_idx" ON "member_mobile_apply" USING btree ("member_id","created_at");