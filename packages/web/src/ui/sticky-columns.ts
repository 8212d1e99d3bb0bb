import { type RefObject, useLayoutEffect } from 'react';

/**
 * Measures a wide table's sticky first columns (they stay in view while the table scrolls sideways, e.g.
 * the 15-session attendance grid) and writes, on the scroll region, `--sticky-left-N` (where column N
 * sticks) and `--sticky-width` (all of them; the region's scroll-padding, so a control that gets keyboard
 * focus is scrolled out from under them). Re-measures when a header cell changes size.
 */
export function useStickyColumns(
  regionRef: RefObject<HTMLElement | null>,
  count: number,
  columnsKey: string,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: columnsKey stands for the header cells
  useLayoutEffect(() => {
    const region = regionRef.current;
    const headerRow = region?.querySelector('thead tr');
    if (!region || !headerRow || count === 0) return;
    const cells = [...headerRow.children].slice(0, count);
    const measure = () => {
      let left = 0;
      cells.forEach((cell, index) => {
        region.style.setProperty(`--sticky-left-${index}`, `${left}px`);
        // on a phone only the row's header column sticks (stickyCell): the others scroll and take no room
        if (getComputedStyle(cell).position === 'sticky') left += cell.getBoundingClientRect().width;
      });
      region.style.setProperty('--sticky-width', `${left}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const cell of cells) observer.observe(cell);
    // crossing the phone width changes which columns stick, not always their size
    const phone = window.matchMedia(PHONE_QUERY);
    phone.addEventListener('change', measure);
    return () => {
      observer.disconnect();
      phone.removeEventListener('change', measure);
    };
  }, [regionRef, count, columnsKey]);
}

/** Below Tailwind's `sm` (40rem): a phone, where only the row's header column sticks. */
const PHONE_QUERY = '(width < 40rem)';

/**
 * Classes and style of a sticky cell: opaque (`background` of the row, or of the header) and above the
 * scrolled cells. On a phone only column `phoneIndex` sticks (the row's header: who or what the row is): at
 * 375 px a tick, a number and a name together would leave too little room for the rest, and a button could
 * not be scrolled out from under them.
 */
export function stickyCell(index: number, count: number, background: string, phoneIndex: number) {
  if (index >= count) return { className: undefined, style: undefined };
  const onPhone = index === phoneIndex;
  const last = index === count - 1;
  // a line where the scrolled columns slide under: after the last sticky column; on a phone after the one
  // (whole class names: Tailwind finds only those written out)
  const edge =
    onPhone && last
      ? 'shadow-[inset_-2px_0_0_var(--color-line)]'
      : onPhone
        ? 'max-sm:shadow-[inset_-2px_0_0_var(--color-line)]'
        : last
          ? 'sm:shadow-[inset_-2px_0_0_var(--color-line)]'
          : '';
  return {
    className: [onPhone ? 'sticky' : 'static sm:sticky', 'z-[1]', background, edge].join(' '),
    style: { left: `var(--sticky-left-${index}, 0px)` },
  };
}
