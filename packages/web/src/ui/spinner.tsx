import { cx } from './cx';

/**
 * A spinning ring. Decorative unless `label` is given (then announced as a status).
 */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  if (!label) return <span className={cx('m-spinner', className)} aria-hidden="true" />;
  return (
    <span role="status" className={cx('inline-flex items-center gap-2', className)}>
      <span className="m-spinner" aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
