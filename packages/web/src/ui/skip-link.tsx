/** 「本文へ移動」: the first focusable element of every layout; jumps to `#main` (WCAG 2.4.1). */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <a href={`#${target}`} className="m-skip-link">
      本文へ移動
    </a>
  );
}

/** Id of the main landmark that SkipLink targets. */
export const MAIN_ID = 'main';
