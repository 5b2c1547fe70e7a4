-- Written by hand from here on: drizzle-kit's two statements (the index replaced), after the
-- line that lets them run in one transaction with 0017 (decision 0058). drizzle applies every
-- pending migration in one transaction; 0017 moves existing balances and offline payments into
-- the ledger, which leaves the deferred balance checks of those rows pending, and PostgreSQL
-- refuses an index on a table with pending trigger events. So those checks run here (the
-- mode taking effect at once checks the rows written so far), then are deferred again.
SET CONSTRAINTS ledger_txn_balanced, ledger_entry_balanced IMMEDIATE;--> statement-breakpoint
SET CONSTRAINTS ledger_txn_balanced, ledger_entry_balanced DEFERRED;--> statement-breakpoint
DROP INDEX "ledger_txn_member_idx";--> statement-breakpoint
CREATE INDEX "ledger_txn_member_log_idx" ON "ledger_txn" USING btree ("member_id","created_at","id","kind");