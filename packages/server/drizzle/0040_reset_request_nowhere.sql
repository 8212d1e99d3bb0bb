-- A reset request that names no student who may reset (an unknown 学生番号, a wrong address, the hourly
-- allowance used up) writes its row as a real request does, with no student: its token was never sent, so it
-- leads nowhere. Both kinds then do the same work and take the same time (decision 091). A process of the
-- release before reads such a row as nobody's link (it finds links through their student) and writes none.
ALTER TABLE "password_reset_tokens" ALTER COLUMN "student_id" DROP NOT NULL;
