ALTER TABLE "member" ADD COLUMN "qq" varchar(16);--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "contact_phone" varchar(32);--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "certified_at" timestamp with time zone;