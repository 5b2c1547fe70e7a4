CREATE TABLE "invoice_mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to_address" varchar(100) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"text" text NOT NULL,
	"attachment_name" varchar(100) NOT NULL,
	"attachment_url" text NOT NULL,
	"request_id" integer,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"order_no" varchar(20) NOT NULL,
	"order_kind" text NOT NULL,
	"invoice_type" text NOT NULL,
	"title_type" varchar(10) NOT NULL,
	"title" varchar(100) NOT NULL,
	"tax_number" varchar(18),
	"paid_fen" integer NOT NULL,
	"excluded_fen" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	"request_id" integer,
	CONSTRAINT "bill_amounts_ck" CHECK ("bill"."paid_fen" >= 0 AND "bill"."excluded_fen" >= 0 AND "bill"."amount_fen" = "bill"."paid_fen" - "bill"."excluded_fen"
        AND "bill"."refunded_fen" = CASE WHEN "bill"."refunded_at" IS NULL THEN 0 ELSE "bill"."amount_fen" END),
	CONSTRAINT "bill_type_ck" CHECK ("bill"."invoice_type" IN ('normal', 'special'))
);
--> statement-breakpoint
CREATE TABLE "invoice_request" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"invoice_type" text NOT NULL,
	"profile_id" integer NOT NULL,
	"profile" jsonb NOT NULL,
	"total_fen" integer NOT NULL,
	"bill_count" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" varchar(200),
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"invoice_no" varchar(20),
	"pdf_key" varchar(200),
	"pdf_source" varchar(10),
	"red_letter_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_request_status_ck" CHECK ("invoice_request"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "invoice_request_reason_ck" CHECK (("invoice_request"."status" = 'rejected') = ("invoice_request"."reject_reason" IS NOT NULL)),
	CONSTRAINT "invoice_request_decided_ck" CHECK (("invoice_request"."status" = 'pending') = ("invoice_request"."decided_at" IS NULL)),
	CONSTRAINT "invoice_request_issued_ck" CHECK (("invoice_request"."status" = 'approved') = ("invoice_request"."invoice_no" IS NOT NULL AND "invoice_request"."pdf_key" IS NOT NULL AND "invoice_request"."pdf_source" IN ('upload', 'generated'))),
	CONSTRAINT "invoice_request_total_ck" CHECK ("invoice_request"."total_fen" > 0 AND "invoice_request"."bill_count" > 0),
	CONSTRAINT "invoice_request_red_letter_ck" CHECK ("invoice_request"."red_letter_at" IS NULL OR "invoice_request"."status" = 'approved')
);
--> statement-breakpoint
CREATE TABLE "invoice_request_bill" (
	"request_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	CONSTRAINT "invoice_request_bill_request_id_order_id_pk" PRIMARY KEY("request_id","order_id"),
	CONSTRAINT "invoice_request_bill_amount_ck" CHECK ("invoice_request_bill"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "bill" ADD CONSTRAINT "bill_request_id_invoice_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."invoice_request"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_request_bill" ADD CONSTRAINT "invoice_request_bill_request_id_invoice_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."invoice_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_request_bill" ADD CONSTRAINT "invoice_request_bill_order_id_bill_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."bill"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_mail_outbox_request_idx" ON "invoice_mail_outbox" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "bill_member_paid_idx" ON "bill" USING btree ("member_id","paid_at","order_id");--> statement-breakpoint
CREATE INDEX "bill_member_open_idx" ON "bill" USING btree ("member_id","invoice_type","paid_at","order_id") WHERE "bill"."request_id" IS NULL AND "bill"."refunded_at" IS NULL AND "bill"."amount_fen" > 0;--> statement-breakpoint
CREATE INDEX "bill_request_idx" ON "bill" USING btree ("request_id") WHERE "bill"."request_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_request_member_idx" ON "invoice_request" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_request_status_idx" ON "invoice_request" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "invoice_request_red_letter_idx" ON "invoice_request" USING btree ("red_letter_at") WHERE "invoice_request"."red_letter_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_request_bill_order_idx" ON "invoice_request_bill" USING btree ("order_id");--> statement-breakpoint
-- Hand-written (decision 0067): bills follow payments in the payment's own statement. An order
-- placed with an invoice becomes a bill when its payment row is written (what may be invoiced:
-- the total less the gift balance and the coupon); a refund of the payment refunds the bill,
-- and a request already issued with it is flagged for a red-letter invoice (红字发票).
CREATE FUNCTION bill_follow_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT id, member_id, order_no, kind, invoice, invoice_profile INTO o
      FROM orders WHERE id = NEW.order_id;
    IF NOT FOUND OR o.invoice = 'none' OR o.invoice_profile IS NULL THEN
      RETURN NEW;
    END IF;
    INSERT INTO bill (order_id, member_id, order_no, order_kind, invoice_type, title_type, title,
                      tax_number, paid_fen, excluded_fen, amount_fen, refunded_fen, paid_at,
                      refunded_at)
    VALUES (o.id, o.member_id, o.order_no, o.kind,
            CASE WHEN o.invoice = 'vatSpecial' THEN 'special' ELSE 'normal' END,
            coalesce(o.invoice_profile->>'titleType', 'company'),
            o.invoice_profile->>'title', o.invoice_profile->>'taxNumber',
            NEW.total_fen, NEW.gift_fen + NEW.coupon_fen,
            NEW.total_fen - NEW.gift_fen - NEW.coupon_fen,
            CASE WHEN NEW.refunded_at IS NULL THEN 0 ELSE NEW.total_fen - NEW.gift_fen - NEW.coupon_fen END,
            NEW.paid_at, NEW.refunded_at)
    ON CONFLICT (order_id) DO NOTHING;
  ELSIF NEW.refunded_at IS NOT NULL AND OLD.refunded_at IS NULL THEN
    UPDATE bill SET refunded_at = NEW.refunded_at, refunded_fen = amount_fen
      WHERE order_id = NEW.order_id AND refunded_at IS NULL;
    UPDATE invoice_request r SET red_letter_at = NEW.refunded_at
      FROM bill b
      WHERE b.order_id = NEW.order_id AND r.id = b.request_id
        AND r.status = 'approved' AND r.red_letter_at IS NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bill_follow_payment AFTER INSERT OR UPDATE OF refunded_at ON order_payment
  FOR EACH ROW EXECUTE FUNCTION bill_follow_payment();
--> statement-breakpoint
-- The orders paid before this migration.
INSERT INTO bill (order_id, member_id, order_no, order_kind, invoice_type, title_type, title,
                  tax_number, paid_fen, excluded_fen, amount_fen, refunded_fen, paid_at, refunded_at)
SELECT o.id, o.member_id, o.order_no, o.kind,
       CASE WHEN o.invoice = 'vatSpecial' THEN 'special' ELSE 'normal' END,
       coalesce(o.invoice_profile->>'titleType', 'company'),
       o.invoice_profile->>'title', o.invoice_profile->>'taxNumber',
       p.total_fen, p.gift_fen + p.coupon_fen, p.total_fen - p.gift_fen - p.coupon_fen,
       CASE WHEN p.refunded_at IS NULL THEN 0 ELSE p.total_fen - p.gift_fen - p.coupon_fen END,
       p.paid_at, p.refunded_at
FROM order_payment p JOIN orders o ON o.id = p.order_id
WHERE o.invoice <> 'none' AND o.invoice_profile IS NOT NULL;
