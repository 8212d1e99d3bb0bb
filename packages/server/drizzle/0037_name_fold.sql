-- Every name search folds 異体字 as the duplicate scoring does (decision 088): students.name_fold is
-- manabi_name_fold(name) (migration 0027, the SQL twin of foldName), stored, with the bigram index the
-- contains-searches read (decisions 020, 036). The searches read it instead of name_search, whose index goes;
-- the column stays, read by the release before this one while it still serves.
ALTER TABLE "students" ADD COLUMN "name_fold" text GENERATED ALWAYS AS (manabi_name_fold("name")) STORED;--> statement-breakpoint
CREATE INDEX "students_name_fold_bigram_idx" ON "students" USING gin (manabi_bigrams("name_fold"));--> statement-breakpoint
DROP INDEX "students_name_search_bigram_idx";
