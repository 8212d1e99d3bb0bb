import type { ReactNode } from 'react';
import { cx } from './cx';

/** One row of a ConfirmList. */
export interface ConfirmItem {
  label: ReactNode;
  /** The value as shown; null, undefined and '' show 「（未入力）」. Strings keep their line breaks. */
  value: ReactNode;
  /** Key when the label is not a string. */
  key?: string;
}

/**
 * Read-only label/value rows (a `<dl>`) for confirm steps and detail pages. Stacks on narrow screens.
 */
export function ConfirmList({ items, className }: { items: ConfirmItem[]; className?: string }) {
  return (
    <dl className={cx('divide-y divide-line-subtle border-y border-line-subtle', className)}>
      {items.map((item, index) => {
        const empty = item.value === null || item.value === undefined || item.value === '';
        return (
          <div
            key={item.key ?? (typeof item.label === 'string' ? item.label : index)}
            className="grid gap-1 py-3 sm:grid-cols-[minmax(10rem,16rem)_1fr] sm:gap-4"
          >
            <dt className="text-std-16B-170 text-ink">{item.label}</dt>
            <dd className={cx('whitespace-pre-wrap text-std-16N-170', empty ? 'text-ink-muted' : 'text-ink')}>
              {empty ? '（未入力）' : item.value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
