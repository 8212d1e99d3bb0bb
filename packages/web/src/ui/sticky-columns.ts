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
        left += cell.getBoundingClientRect().width;
      });
      region.style.setProperty('--sticky-width', `${left}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const cell of cells) observer.observe(cell);
    return () => observer.disconnect();
  }, [regionRef, count, columnsKey]);
}

/** Classes and style of a sticky cell: opaque (`background` of the row, or of the header) and above the scrolled cells. */
export function stickyCell(index: number, count: number, background: string) {
  if (index >= count) return { className: undefined, style: undefined };
  return {
    className: [
      'sticky z-[1]',
      background,
      // a line where the scrolled columns slide under
      index === count - 1 ? 'shadow-[inset_-2px_0_0_var(--color-line)]' : '',
    ].join(' '),
    style: { left: `var(--sticky-left-${index}, 0px)` },
  };
}
