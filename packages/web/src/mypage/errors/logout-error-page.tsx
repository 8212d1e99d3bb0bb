import { MSG } from '@manabi/shared/validation/messages';
import { useEffect, useState } from 'react';
import { paths } from '../../lib/paths';
import { logout, storedUser } from '../../lib/session';
import { ButtonLink } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';
import { Spinner } from '../../ui/spinner';

/** /mypage/error (SPEC §2): logs out whichever session exists, then offers the way back to login. */
export function Component() {
  const [isDone, setIsDone] = useState(false);
  useEffect(() => {
    let active = true;
    void Promise.all([logout('mypage'), logout('admin')]).then(() => {
      storedUser.clear();
      if (active) setIsDone(true);
    });
    return () => {
      active = false;
    };
  }, []);
  return (
    <ErrorPanel
      title="エラーが発生しました"
      actions={
        isDone ? (
          <ButtonLink to={paths.mypage.login()}>ログイン画面へ</ButtonLink>
        ) : (
          <Spinner label="ログアウトしています..." />
        )
      }
    >
      <p>{MSG.internal}</p>
      <p>安全のため、ログアウトしました。お手数ですが、もう一度ログインしてください。</p>
    </ErrorPanel>
  );
}
