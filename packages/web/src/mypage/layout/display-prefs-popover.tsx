import type { ReactNode, RefObject } from 'react';
import { Dialog, Heading, Popover } from 'react-aria-components';
import { Button } from '../../ui/button';
import { PrefsChoices } from './display-prefs-choices';

/**
 * The popover of the phone's 「表示設定」 (display-prefs.tsx loads this module when the button is first
 * touched): a dialog titled 表示設定 (or 設定) with the two choices and 閉じる, placed under the button; a
 * logged-in student's also has the greeting before them and ログアウト after them.
 */
export function DisplayPrefsPopover({
  id,
  title,
  before,
  after,
  triggerRef,
  isOpen,
  onOpenChange,
}: {
  id: string;
  title: string;
  before?: ReactNode;
  after?: ReactNode;
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom end"
      offset={8}
      className="w-[calc(100vw-1.5rem)] max-w-[24rem] overflow-y-auto rounded-8 border-2 border-line bg-canvas text-ink shadow-3"
    >
      <Dialog id={id} className="space-y-3 p-4 outline-none">
        <Heading slot="title" className="text-std-18B-160">
          {title}
        </Heading>
        {before}
        <PrefsChoices className="space-y-2" />
        {after}
        <Button variant="secondary" onPress={() => onOpenChange(false)} className="w-full">
          閉じる
        </Button>
      </Dialog>
    </Popover>
  );
}
