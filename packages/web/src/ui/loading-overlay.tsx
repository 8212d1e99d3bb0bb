import { cx } from './cx';

export interface LoadingOverlayProps {
  isVisible: boolean;
  /** Announced and shown text; default 「検索中...」 (SPEC §2 course list). */
  label?: string;
  className?: string;
}

/**
 * Covers its positioned parent (`relative`) while loading, keeping the previous content visible below a
 * veil. The live region is always in the DOM so screen readers announce the label when it appears.
 */
export function LoadingOverlay({ isVisible, label = '検索中...', className }: LoadingOverlayProps) {
  return (
    <div role="status" className={cx(isVisible ? 'absolute inset-0 z-10' : 'sr-only', className)}>
      {isVisible && (
        <div className="flex h-full min-h-24 items-start justify-center bg-canvas/70 pt-8">
          <span className="inline-flex items-center gap-3 rounded-8 border-2 border-line bg-canvas px-6 py-3 text-std-17B-170 text-ink shadow-2">
            <span className="m-spinner" aria-hidden="true" />
            {label}
          </span>
        </div>
      )}
    </div>
  );
}
