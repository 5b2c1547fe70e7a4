CREATE TABLE "member_contact_count" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "member_contact_count_range_ck" CHECK ("member_contact_count"."count" >= 0 AND "member_contact_count"."count" <= 30)
);
