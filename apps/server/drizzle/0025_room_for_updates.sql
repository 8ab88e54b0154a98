-- Room on each page for the next version of a row (docs/decisions/117-gives-and-reads-at-scale.md):
-- a give or a purchase updates every wallet and rollup row it touches; with free space on the
-- row's own page PostgreSQL writes the new version there and adds no index entry (a HOT update),
-- and prunes the old one on a later visit. Full pages made 87% of a 1,000-student give's updates
-- move rows and write every index again. Applies to pages written from now on.
ALTER TABLE "wallets" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "monthly_rollup" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "daily_rollup" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "giver_rollup" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "giver_student_monthly" SET (fillfactor = 70);
