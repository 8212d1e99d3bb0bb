import { type RefObject, useEffect, useRef } from 'react';
import { SESSION_HEADER_ATTR, scrollLeftFor } from './applicant-table';

/**
 * Opens the applicant table scrolled sideways to session `no`'s column (today's class, else the next one:
 * currentSessionNo), so that its 出席 is in view beside the sticky 更新・学生番号・氏名 (decision 086). Once per
 * course: after that the office scrolls where it likes, and a reload of the rows (a save, a search, a page)
 * leaves the table where it is.
 */
export function useOpenAtSession(
  containerRef: RefObject<HTMLElement | null>,
  courseId: number,
  no: number | null,
  hasRows: boolean,
): void {
  const openedFor = useRef<number | null>(null);
  useEffect(() => {
    if (no === null || !hasRows || openedFor.current === courseId) return;
    const header = containerRef.current?.querySelector(`[${SESSION_HEADER_ATTR}="${no}"]`);
    const cell = header?.closest('th');
    const region = cell?.closest('section');
    if (!cell || !region) return;
    openedFor.current = courseId;
    // the sticky columns' width: the region's --sticky-width, which the table measures before this runs
    const sticky = Number.parseFloat(getComputedStyle(region).getPropertyValue('--sticky-width')) || 0;
    region.scrollLeft = scrollLeftFor(
      cell.getBoundingClientRect().left,
      // where the scrolled content starts: inside the region's border
      region.getBoundingClientRect().left + region.clientLeft,
      region.scrollLeft,
      sticky,
    );
  }, [containerRef, courseId, no, hasRows]);
}
