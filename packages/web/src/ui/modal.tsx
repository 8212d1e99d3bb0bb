import type { ReactNode } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { Button } from './button';
import { cx } from './cx';
import { CloseIcon } from './icons';

export interface ModalProps {
  isOpen: boolean;
  /** Called with false when the user closes it (close button, Escape, outside click when dismissable). */
  onOpenChange: (isOpen: boolean) => void;
  /** Dialog title (h2, names the dialog). */
  title: ReactNode;
  /** Content; a function receives `close`. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Buttons row at the bottom. */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  /** Clicking outside closes it (default false: older users click outside by accident). */
  isDismissable?: boolean;
  /** Blocks every way of closing (close button disabled, Escape ignored), e.g. while uploading. */
  isCloseDisabled?: boolean;
  /** Hide the × 閉じる button (then provide a way out in the footer). */
  hideCloseButton?: boolean;
  /** 'alertdialog' for urgent questions (idle timeout). */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/**
 * Modal dialog (react-aria ModalOverlay + Modal + Dialog): focus moves in and is trapped, Escape closes
 * (unless isCloseDisabled), focus returns to the opener, the page behind is hidden from screen readers.
 */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  children,
  footer,
  isDismissable = false,
  isCloseDisabled = false,
  hideCloseButton = false,
  role = 'dialog',
  size = 'md',
  className,
}: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && isCloseDisabled) return;
        onOpenChange(open);
      }}
      isDismissable={isDismissable && !isCloseDisabled}
      isKeyboardDismissDisabled={isCloseDisabled}
      // print-dialog: while a dialog is open, it is what prints (styles.css @media print)
      className="print-dialog fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-backdrop p-2 sm:p-6"
    >
      <AriaModal
        className={cx(
          'my-4 w-full sm:my-auto rounded-16 border-2 border-line bg-canvas text-ink shadow-8',
          size === 'sm' && 'max-w-[28rem]',
          size === 'md' && 'max-w-[40rem]',
          size === 'lg' && 'max-w-[60rem]',
          className,
        )}
      >
        <Dialog role={role} className="outline-none">
          {({ close }) => (
            <div className="flex flex-col">
              {/* the close button moves under a title it would squeeze (large font on a narrow phone) */}
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b-2 border-line-subtle px-4 py-3 sm:px-6">
                <Heading slot="title" className="pt-2 text-std-22B-150 text-ink max-sm:text-std-20B-150">
                  {title}
                </Heading>
                {!hideCloseButton && (
                  <Button
                    variant="tertiary"
                    onPress={close}
                    isDisabled={isCloseDisabled}
                    className="flex-none px-3"
                  >
                    <CloseIcon />
                    閉じる
                  </Button>
                )}
              </div>
              <div className="space-y-4 px-4 py-4 text-std-16N-170 sm:px-6">
                {typeof children === 'function' ? children(close) : children}
              </div>
              {footer && (
                <div className="flex flex-wrap items-center justify-end gap-4 border-t-2 border-line-subtle px-4 py-3 sm:px-6">
                  {typeof footer === 'function' ? footer(close) : footer}
                </div>
              )}
            </div>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
