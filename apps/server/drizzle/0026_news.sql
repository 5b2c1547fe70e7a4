CREATE TABLE "news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(100) NOT NULL,
	"summary" varchar(300) NOT NULL,
	"content" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"state" text NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_state_ck" CHECK ("news"."state" IN ('draft', 'published')),
	CONSTRAINT "news_published_at_ck" CHECK ("news"."state" = 'draft' OR "news"."published_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "news_published_list_idx" ON "news" USING btree ("is_pinned" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "news"."state" = 'published';