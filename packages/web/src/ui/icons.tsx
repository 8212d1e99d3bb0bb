/** Small decorative icons (aria-hidden: the text next to them carries the meaning). */

interface IconProps {
  className?: string;
}

/** One stroked path on a 24-unit grid, drawn in the text's colour. */
function StrokeIcon({ className, d, width }: { className: string; d: string; width: number }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none">
      <path d={d} stroke="currentColor" strokeWidth={width} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function NewWindowIcon({ className = 'inline-block size-[1em] align-[-0.125em]' }: IconProps) {
  return (
    <StrokeIcon
      className={className}
      d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
      width={2}
    />
  );
}

export function CloseIcon({ className = 'size-6' }: IconProps) {
  return <StrokeIcon className={className} d="M6 6l12 12M18 6L6 18" width={2.5} />;
}

export function ChevronDownIcon({ className = 'size-5' }: IconProps) {
  return <StrokeIcon className={className} d="M6 9l6 6 6-6" width={2.5} />;
}

export function CheckIcon({ className = 'size-5' }: IconProps) {
  return <StrokeIcon className={className} d="M4 12.5l5 5L20 6.5" width={3} />;
}

export function MenuIcon({ className = 'size-6' }: IconProps) {
  return <StrokeIcon className={className} d="M4 7h16M4 12h16M4 17h16" width={2.5} />;
}
