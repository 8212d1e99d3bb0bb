import { Spinner } from './spinner';

/** Centered spinner with text for a whole page (session check, route loading). */
export function FullPageSpinner({ label = '読み込み中...' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-8 text-std-17N-170 text-ink">
      <Spinner label={label} />
    </div>
  );
}
