CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" integer,
	"staff_user_name" varchar(64),
	"staff_real_name" varchar(64),
	"action" varchar(64) NOT NULL,
	"object_type" varchar(32) NOT NULL,
	"object_id" varchar(64),
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_account" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_name" varchar(32) NOT NULL,
	"real_name" varchar(32) NOT NULL,
	"roles" text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text,
	"totp_enabled" boolean DEFAULT false NOT NULL,
	"totp_last_step" bigint,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_account_user_name_unique" UNIQUE("user_name"),
	CONSTRAINT "staff_account_roles_check" CHECK (cardinality("staff_account"."roles") > 0)
);
--> statement-breakpoint
CREATE TABLE "staff_session" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"csrf_token" varchar(64) NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_manager" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "member_mobile_apply" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "staff_session" ADD CONSTRAINT "staff_session_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "staff_session_staff_idx" ON "staff_session" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "member_mobile_prefix_idx" ON "member" USING btree ("mobile" text_pattern_ops);--> statement-breakpoint
-- Written by hand (drizzle-kit does not generate functions): the letters and letter pairs of a
-- text, lower-cased, for the GIN index staff search uses. pg_trgm makes no trigrams of Chinese
-- under the C locale the embedded cluster runs (initdb --no-locale); pairs of characters do.
CREATE OR REPLACE FUNCTION member_search_grams(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}')
  FROM (
    SELECT substr(lower(value), i, 1) AS g FROM generate_series(1, char_length(value)) AS i
    UNION ALL
    SELECT substr(lower(value), i, 2) FROM generate_series(1, char_length(value) - 1) AS i
  ) AS grams
  WHERE g !~ '\s'
$$;
--> statement-breakpoint
CREATE INDEX "member_search_grams_idx" ON "member" USING gin (member_search_grams((coalesce("real_name", '') || ' ' || coalesce("user_name", '') || ' ' || coalesce("company_name", ''))));--> statement-breakpoint
CREATE INDEX "member_mobile_apply_status_idx" ON "member_mobile_apply" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "account_manager" ADD CONSTRAINT "account_manager_staff_id_unique" UNIQUE("staff_id");