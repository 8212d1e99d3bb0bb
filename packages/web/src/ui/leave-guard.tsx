import { type ReactNode, useEffect } from 'react';
import { useBlocker } from '../lib/app-router';
import { Button } from './button';
import { LazyModal } from './lazy-modal';

/**
 * Where the app itself sends the visitor (a login after the session ended, an error page): never held up,
 * or a student whose session is gone would be asked to stay on a page that can no longer save.
 */
const ALWAYS_ALLOWED = /^\/(?:error|(?:mypage|admin)\/(?:login|error|apierror|notfound|404))\/?$/;

/**
 * Warns before a half-filled form's input is thrown away, while `when` holds (the form has changes and was
 * not just saved): a reload, closing the tab or leaving the site asks the browser's own question
 * (beforeunload); a move inside the app (a link, the menu, 戻る) is held by the router's blocker and asks
 * 「入力した内容は保存されていません…」 in a dialog, whose 「このページに残る」 is the safe choice.
 * Returns the dialog: render it anywhere in the form's page.
 */
export function useLeaveGuard(when: boolean): ReactNode {
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show their question only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      nextLocation.pathname !== currentLocation.pathname &&
      !ALWAYS_ALLOWED.test(nextLocation.pathname),
  );
  const isAsking = blocker.state === 'blocked';

  return (
    <LazyModal
      isOpen={isAsking}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="入力した内容は保存されていません"
      role="alertdialog"
      size="sm"
      footer={
        <div className="flex flex-wrap justify-end gap-4">
          <Button variant="secondary" onPress={() => blocker.proceed?.()}>
            入力をやめて移動する
          </Button>
          <Button autoFocus onPress={() => blocker.reset?.()}>
            このページに残る
          </Button>
        </div>
      }
    >
      <p className="text-std-17N-170">
        このページを離れると、入力した内容は消えます。入力を続けるときは「このページに残る」を押してください。
      </p>
    </LazyModal>
  );
}

/** {@link useLeaveGuard} as an element, for a component that guards only some of its uses (StepForm). */
export function LeaveGuard({ when }: { when: boolean }) {
  return useLeaveGuard(when);
}
