import type { ReactNode } from 'react';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';

/** What the forms that change one's own data (連絡先, パスワード, 住所) share: the way out and the end. */

/** The last step of a change to one's own data: what happened, and the way back to 利用者情報. */
export function UserDone({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="space-y-6">
      <Alert variant="success" title={title}>
        {children}
      </Alert>
      <p>
        <TextLink to={paths.mypage.user()}>利用者情報へ戻る</TextLink>
      </p>
    </div>
  );
}

/** 「キャンセル」 beside a change form's first button: back to 利用者情報, nothing sent. */
export function CancelToUser() {
  return (
    <ButtonLink to={paths.mypage.user()} variant="secondary">
      キャンセル
    </ButtonLink>
  );
}
