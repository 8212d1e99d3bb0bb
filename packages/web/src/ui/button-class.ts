import { cx } from './cx';

/* The looks of buttons and links, apart from the components (ui/button.tsx, react-aria's Button): the
 * error screen, which the entry holds, draws them on plain elements. */

export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'danger';
export type ButtonSize = 'md' | 'lg';

/** Classes of a button-looking element (also for links that look like buttons). Min height 48px. */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-8 border-2 text-center no-underline cursor-pointer select-none',
    'transition-colors',
    size === 'lg' ? 'min-h-16 px-8 py-3 text-std-20B-150' : 'min-h-12 px-6 py-2 text-std-16B-170',
    variant === 'primary' &&
      'border-primary bg-primary text-on-primary hover:border-primary-hover hover:bg-primary-hover hover:text-on-primary',
    variant === 'secondary' &&
      'border-link bg-secondary-bg text-link hover:bg-secondary-hover hover:text-link',
    variant === 'tertiary' &&
      'border-transparent bg-transparent text-link underline underline-offset-4 hover:bg-secondary-hover hover:text-link',
    variant === 'danger' &&
      'border-danger bg-danger text-on-danger hover:border-danger-hover hover:bg-danger-hover hover:text-on-danger',
    // disabled / pending (react-aria data attributes; aria-disabled for links)
    'data-[disabled]:cursor-not-allowed data-[disabled]:border-line-subtle data-[disabled]:bg-field-disabled data-[disabled]:text-ink-muted data-[disabled]:no-underline',
    'aria-disabled:cursor-not-allowed aria-disabled:border-line-subtle aria-disabled:bg-field-disabled aria-disabled:text-ink-muted',
    extra,
  );
}

/** With the large font, a link or control standing on its own is at least 48 px high (60 px: 3rem of 20 px). */
export const LARGE_TARGET = 'large:inline-flex large:min-h-12 large:items-center';
