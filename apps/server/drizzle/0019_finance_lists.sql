CREATE INDEX "order_payment_paid_idx" ON "order_payment" USING btree ("paid_at","order_id") WHERE "order_payment"."attempt_id" IS NULL;--> statement-breakpoint
CREATE INDEX "order_payment_member_idx" ON "order_payment" USING btree ("member_id","paid_at") WHERE "order_payment"."attempt_id" IS NULL;--> statement-breakpoint
CREATE INDEX "payment_attempt_created_idx" ON "payment_attempt" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_refund_created_idx" ON "payment_refund" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_refund_member_idx" ON "payment_refund" USING btree ("member_id","created_at");