-- Every payment received has its receipt (decision 085): a row written without a number (the demo's, or any
-- written by hand) takes the sequence's next, as the app gives one when the office leaves it blank; the
-- rows already without one are numbered in the order they were written; a payment received with no number
-- is refused from now on. A refund has none.
ALTER TABLE "payments" ALTER COLUMN "receipt_no" SET DEFAULT 'R-' || lpad(nextval('payment_receipt_seq')::text, 6, '0');--> statement-breakpoint
UPDATE "payments" p SET "receipt_no" = n.no
  FROM (SELECT o.id, 'R-' || lpad(nextval('payment_receipt_seq')::text, 6, '0') AS no
        FROM (SELECT id FROM "payments" WHERE "kind" = '1' AND "receipt_no" IS NULL ORDER BY id) o) n
  WHERE p.id = n.id;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_for_received" CHECK ("payments"."kind" = '2' OR "payments"."receipt_no" IS NOT NULL);
