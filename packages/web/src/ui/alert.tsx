import type { ReactNode, Ref } from 'react';
import { cx } from './cx';

export type AlertVariant = 'info' | 'success' | 'warning' | 'error';

const LABEL: Record<AlertVariant, string> = {
  info: 'お知らせ',
  success: '完了',
  warning: '注意',
  error: 'エラー',
};

export interface AlertProps {
  variant?: AlertVariant;
  /** Bold first line; defaults to nothing (the variant word is always read first). */
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /**
   * Announce it: errors default to role=alert, others to role=status. Pass false for static notes
   * that are present when the page loads.
   */
  announce?: boolean;
  /** Focusable (tabIndex -1) so a form can move focus here. */
  focusable?: boolean;
  /** 'lg': a message the page is about (a step the reader must take), in larger type than a note's */
  size?: 'md' | 'lg';
  ref?: Ref<HTMLDivElement>;
}

/**
 * A message box (info / success / warning / error). The meaning never rests on colour alone: the box
 * starts with the word お知らせ / 完了 / 注意 / エラー.
 */
export function Alert({
  variant = 'info',
  title,
  children,
  className,
  announce = true,
  focusable,
  size = 'md',
  ref,
}: AlertProps) {
  const role = announce ? (variant === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div
      ref={ref}
      role={role}
      tabIndex={focusable ? -1 : undefined}
      className={cx(
        'rounded-8 border-2 border-l-8 px-4 py-3 text-ink',
        size === 'lg' ? 'text-std-18N-160' : 'text-std-16N-170',
        variant === 'info' && 'border-info-line bg-info-tint',
        variant === 'success' && 'border-success-line bg-success-tint',
        variant === 'warning' && 'border-warning-line bg-warning-tint',
        variant === 'error' && 'border-error-line bg-error-tint',
        className,
      )}
    >
      <p className={size === 'lg' ? 'text-std-20B-150' : 'text-std-16B-170'}>
        <span className={cx(variant === 'error' && 'text-error')}>【{LABEL[variant]}】</span>
        {title}
      </p>
      {children && <div className={size === 'lg' ? 'mt-2 space-y-2' : 'mt-1 space-y-1'}>{children}</div>}
    </div>
  );
}
