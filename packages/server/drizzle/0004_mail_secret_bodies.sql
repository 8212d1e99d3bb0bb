ALTER TABLE "mail_outbox" ADD COLUMN "holds_secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "holds_secret" = true WHERE "body" LIKE '%/mypage/passwordsetting/%';--> statement-breakpoint
UPDATE "mail_outbox" SET "body" = '（パスワード再設定用のURLを含むため、送信後に本文を消去しました）' WHERE "holds_secret" AND "status" <> 'pending';
