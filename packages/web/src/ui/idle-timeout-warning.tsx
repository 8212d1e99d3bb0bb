import { useEffect, useState } from 'react';
import type { IdleTimeoutState } from '../lib/idle';
import { Button } from './button';
import { Modal } from './modal';

/** Text for the screen-reader announcement at a few moments only (not every second). */
function announcement(seconds: number): string | null {
  if (seconds === 60 || seconds === 30 || seconds === 10)
    return `あと${seconds}秒で自動的にログアウトします。`;
  return null;
}

/**
 * The alert dialog of {@link IdleTimeoutDialog} (idle-timeout-dialog.tsx loads this module on its own):
 * 「まもなく自動的にログアウトします」 with a live countdown and 「ログインを続ける」 / 「ログアウトする」.
 */
export function IdleTimeoutWarning({ isWarning, secondsLeft, isBusy, extend, logoutNow }: IdleTimeoutState) {
  const [spoken, setSpoken] = useState('');

  useEffect(() => {
    if (!isWarning) {
      setSpoken('');
      return;
    }
    const text = announcement(secondsLeft);
    if (text) setSpoken(text);
  }, [isWarning, secondsLeft]);

  const minutes = Math.floor(secondsLeft / 60);
  const seconds = secondsLeft % 60;
  const visible = minutes > 0 ? `${minutes}分${String(seconds).padStart(2, '0')}秒` : `${seconds}秒`;

  return (
    <Modal
      isOpen={isWarning}
      onOpenChange={(open) => {
        if (!open) void extend();
      }}
      title="まもなく自動的にログアウトします"
      role="alertdialog"
      size="sm"
      hideCloseButton
      isCloseDisabled={isBusy}
      footer={
        <>
          <Button variant="secondary" onPress={() => void logoutNow()} isDisabled={isBusy}>
            ログアウトする
          </Button>
          <Button onPress={() => void extend()} isPending={isBusy} autoFocus>
            ログインを続ける
          </Button>
        </>
      }
    >
      <p>
        一定時間操作がないため、あと
        <strong className="mx-1 text-std-24B-150" aria-hidden="true">
          {visible}
        </strong>
        <span className="sr-only">{secondsLeft}秒</span>
        で自動的にログアウトします。
      </p>
      <p>
        続けて利用する場合は「ログインを続ける」ボタンを押してください。入力中の内容は、そのまま残ります。
      </p>
      <p className="sr-only" aria-live="assertive" aria-atomic="true">
        {spoken}
      </p>
    </Modal>
  );
}
