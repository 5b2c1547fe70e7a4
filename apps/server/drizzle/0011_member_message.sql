CREATE TABLE "member_message" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"category" text NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" varchar(2000) NOT NULL,
	"link" varchar(300),
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "member_message_category_ck" CHECK ("member_message"."category" IN ('order', 'eq', 'finance', 'system')),
	CONSTRAINT "member_message_title_ck" CHECK (btrim("member_message"."title") <> ''),
	CONSTRAINT "member_message_link_ck" CHECK ("member_message"."link" IS NULL OR "member_message"."link" LIKE '/%'),
	CONSTRAINT "member_message_read_ck" CHECK ("member_message"."is_read" = ("member_message"."read_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "member_message_member_idx" ON "member_message" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "member_message_category_idx" ON "member_message" USING btree ("member_id","category","created_at","id");--> statement-breakpoint
CREATE INDEX "member_message_unread_idx" ON "member_message" USING btree ("member_id","category") WHERE NOT "member_message"."is_read";