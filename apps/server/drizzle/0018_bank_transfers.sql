CREATE TABLE "bank_transfer" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_transfer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_no" varchar(32) NOT NULL,
	"bank_reference" varchar(64) NOT NULL,
	"amount" integer NOT NULL,
	"payer_name" varchar(100),
	"payer_account" varchar(40),
	"value_date" date NOT NULL,
	"note" varchar(200),
	"source" text NOT NULL,
	"state" text NOT NULL,
	"unmatched_reason" varchar(100),
	"member_id" integer,
	"matched_by" text,
	"assigned_by" integer,
	"assign_reason" varchar(200),
	"request_id" varchar(36),
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "bank_transfer_amount_ck" CHECK ("bank_transfer"."amount" > 0 AND "bank_transfer"."amount" <= 1000000000),
	CONSTRAINT "bank_transfer_source_ck" CHECK ("bank_transfer"."source" IN ('manual', 'import')),
	CONSTRAINT "bank_transfer_state_ck" CHECK (CASE "bank_transfer"."state"
        WHEN 'credited' THEN "bank_transfer"."member_id" IS NOT NULL AND "bank_transfer"."matched_by" IS NOT NULL
          AND "bank_transfer"."credited_at" IS NOT NULL AND "bank_transfer"."unmatched_reason" IS NULL
        WHEN 'unmatched' THEN "bank_transfer"."member_id" IS NULL AND "bank_transfer"."matched_by" IS NULL
          AND "bank_transfer"."credited_at" IS NULL AND "bank_transfer"."assigned_by" IS NULL
        ELSE false
      END),
	CONSTRAINT "bank_transfer_assign_ck" CHECK (("bank_transfer"."matched_by" = 'staff') = ("bank_transfer"."assigned_by" IS NOT NULL AND "bank_transfer"."assign_reason" IS NOT NULL)),
	CONSTRAINT "bank_transfer_reference_ck" CHECK ("bank_transfer"."bank_reference" ~ '^[A-Z0-9-]{4,64}$'),
	CONSTRAINT "bank_transfer_account_ck" CHECK ("bank_transfer"."account_no" ~ '^[0-9]{8,32}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfer_line_uq" ON "bank_transfer" USING btree ("account_no","bank_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfer_request_uq" ON "bank_transfer" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "bank_transfer_list_idx" ON "bank_transfer" USING btree ("value_date","id");--> statement-breakpoint
CREATE INDEX "bank_transfer_state_idx" ON "bank_transfer" USING btree ("state","value_date","id");--> statement-breakpoint
CREATE INDEX "bank_transfer_member_idx" ON "bank_transfer" USING btree ("member_id","value_date","id");--> statement-breakpoint
CREATE INDEX "bank_transfer_reference_idx" ON "bank_transfer" USING btree ("bank_reference");--> statement-breakpoint
-- Written by hand from here on (drizzle-kit generates no functions or triggers); keep it when
-- the migration is renumbered. Decision 0055: what the database itself holds of transfers.
--
-- A recorded line is what the bank said: its facts never change and it is never deleted. An
-- unmatched line may be credited (and its reason for waiting may change); a credited one never
-- changes again.
CREATE FUNCTION bank_transfer_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
    RAISE EXCEPTION 'bank transfers are never deleted';
  END IF;
  IF OLD.state = 'credited' THEN
    RAISE EXCEPTION 'bank transfer % is credited: it never changes', OLD.id;
  END IF;
  IF (NEW.account_no, NEW.bank_reference, NEW.amount, NEW.value_date, NEW.payer_name,
      NEW.payer_account, NEW.note, NEW.source, NEW.request_id, NEW.created_by, NEW.created_at)
     IS DISTINCT FROM
     (OLD.account_no, OLD.bank_reference, OLD.amount, OLD.value_date, OLD.payer_name,
      OLD.payer_account, OLD.note, OLD.source, OLD.request_id, OLD.created_by, OLD.created_at) THEN
    RAISE EXCEPTION 'bank transfer % keeps what the bank said', OLD.id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_transfer_guard BEFORE UPDATE OR DELETE ON bank_transfer
  FOR EACH ROW EXECUTE FUNCTION bank_transfer_guard();
--> statement-breakpoint
CREATE TRIGGER bank_transfer_no_truncate BEFORE TRUNCATE ON bank_transfer
  FOR EACH STATEMENT EXECUTE FUNCTION bank_transfer_guard();
--> statement-breakpoint
-- Credited exactly when the books say so, checked at commit both ways: a credited transfer has
-- its ledger transaction `bankTransfer:<id>` putting its amount into its member's balance
-- (ledger_txn.ref is unique: at most one), and such a transaction has its credited transfer.
CREATE FUNCTION bank_transfer_credited() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  transfer_id integer;
  t bank_transfer%ROWTYPE;
BEGIN
  IF TG_TABLE_NAME = 'bank_transfer' THEN
    transfer_id := NEW.id;
  ELSE
    transfer_id := substr(NEW.ref, length('bankTransfer:') + 1)::integer;
  END IF;
  SELECT * INTO t FROM bank_transfer WHERE id = transfer_id;
  IF TG_TABLE_NAME = 'bank_transfer' AND t.state IS DISTINCT FROM 'credited' THEN
    RETURN NULL;
  END IF;
  IF t.state IS DISTINCT FROM 'credited' OR NOT EXISTS (
    SELECT 1 FROM ledger_txn x
      JOIN ledger_entry e ON e.txn_id = x.id
      JOIN ledger_account a ON a.id = e.account_id
    WHERE x.ref = 'bankTransfer:' || t.id AND a.key = 'mb:' || t.member_id AND e.amount = t.amount
  ) THEN
    RAISE EXCEPTION 'bank transfer % and its ledger transaction disagree', transfer_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bank_transfer_credited AFTER INSERT OR UPDATE ON bank_transfer
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bank_transfer_credited();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_txn_bank_transfer AFTER INSERT ON ledger_txn
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.ref LIKE 'bankTransfer:%') EXECUTE FUNCTION bank_transfer_credited();
