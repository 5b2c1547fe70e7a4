CREATE TABLE "member_grade_level" (
	"level" text PRIMARY KEY NOT NULL,
	"rank" smallint NOT NULL,
	"threshold_fen" bigint NOT NULL,
	"discount_bp" integer NOT NULL,
	"free_shipping" boolean NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "member_grade_level_level_ck" CHECK ("member_grade_level"."level" IN ('normal', 'bronze', 'silver', 'gold', 'diamond')),
	CONSTRAINT "member_grade_level_rank_ck" CHECK ("member_grade_level"."rank" BETWEEN 0 AND 4),
	CONSTRAINT "member_grade_level_threshold_ck" CHECK ("member_grade_level"."threshold_fen" >= 0 AND ("member_grade_level"."rank" <> 0 OR "member_grade_level"."threshold_fen" = 0)),
	CONSTRAINT "member_grade_level_discount_ck" CHECK ("member_grade_level"."discount_bp" BETWEEN 0 AND 5000)
);
--> statement-breakpoint
CREATE TABLE "member_paid_month" (
	"member_id" integer NOT NULL,
	"month" date NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_paid_month_member_id_month_pk" PRIMARY KEY("member_id","month"),
	CONSTRAINT "member_paid_month_amounts_ck" CHECK ("member_paid_month"."paid_fen" >= 0 AND "member_paid_month"."refunded_fen" >= 0 AND "member_paid_month"."refunded_fen" <= "member_paid_month"."paid_fen"),
	CONSTRAINT "member_paid_month_first_day_ck" CHECK (extract(day from "member_paid_month"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "member_perk" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "member_grade_level_rank_uq" ON "member_grade_level" USING btree ("rank");--> statement-breakpoint
ALTER TABLE "member" DROP COLUMN "grade";--> statement-breakpoint
-- Hand-written (decision 0071): the monthly paid sums follow payments in the payment's own
-- statement. A payment adds what the member paid (the total less the gift balance and the
-- coupon) to its month in China time; its refund takes the same amount off that same month.
CREATE FUNCTION member_paid_month_follow_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid bigint := NEW.total_fen - NEW.gift_fen - NEW.coupon_fen;
  m date := date_trunc('month', NEW.paid_at AT TIME ZONE 'Asia/Shanghai')::date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_paid_month (member_id, month, paid_fen, refunded_fen)
    VALUES (NEW.member_id, m, paid, CASE WHEN NEW.refunded_at IS NULL THEN 0 ELSE paid END)
    ON CONFLICT (member_id, month) DO UPDATE
      SET paid_fen = member_paid_month.paid_fen + EXCLUDED.paid_fen,
          refunded_fen = member_paid_month.refunded_fen + EXCLUDED.refunded_fen;
  ELSIF NEW.refunded_at IS NOT NULL AND OLD.refunded_at IS NULL THEN
    UPDATE member_paid_month SET refunded_fen = refunded_fen + paid
      WHERE member_id = NEW.member_id AND month = m;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_paid_month_follow_payment AFTER INSERT OR UPDATE OF refunded_at ON order_payment
  FOR EACH ROW EXECUTE FUNCTION member_paid_month_follow_payment();
--> statement-breakpoint
-- The payments made before this migration.
INSERT INTO member_paid_month (member_id, month, paid_fen, refunded_fen)
SELECT member_id, date_trunc('month', paid_at AT TIME ZONE 'Asia/Shanghai')::date,
       sum(total_fen - gift_fen - coupon_fen),
       sum(CASE WHEN refunded_at IS NULL THEN 0 ELSE total_fen - gift_fen - coupon_fen END)
FROM order_payment GROUP BY 1, 2;
--> statement-breakpoint
-- Thresholds strictly increase with the rank, checked at commit (an update writes all five).
CREATE FUNCTION member_grade_level_increasing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM (
      SELECT threshold_fen, lag(threshold_fen) OVER (ORDER BY rank) AS before
      FROM member_grade_level
    ) s WHERE s.before IS NOT NULL AND s.threshold_fen <= s.before
  ) THEN
    RAISE EXCEPTION 'member grade thresholds must strictly increase' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_grade_level_increasing AFTER INSERT OR UPDATE ON member_grade_level
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION member_grade_level_increasing();
--> statement-breakpoint
-- The defaults (decision 0071): ¥0, ¥5,000, ¥20,000, ¥100,000, ¥500,000; 0/1%/2%/3%/5% off
-- PCB; free shipping from 金牌.
INSERT INTO member_grade_level (level, rank, threshold_fen, discount_bp, free_shipping) VALUES
  ('normal', 0, 0, 0, false),
  ('bronze', 1, 500000, 100, false),
  ('silver', 2, 2000000, 200, false),
  ('gold', 3, 10000000, 300, true),
  ('diamond', 4, 50000000, 500, true);
