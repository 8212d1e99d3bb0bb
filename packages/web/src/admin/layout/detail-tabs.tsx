import type { ReactNode } from 'react';
import { ButtonLink } from '../../ui/button';
import { Tabs } from '../../ui/tabs';

interface DetailTab {
  label: string;
  href: string;
}

export interface DetailTabsProps {
  /** Names the tab list (「…の表示切替」). */
  label: string;
  /** The tab in the route: '1' the record itself, '2' the list that belongs to it, '3' the `third`. */
  tab: '1' | '2' | '3';
  tabs: [DetailTab, DetailTab];
  /** A third tab (the record's 操作の記録, for authority 1), when this admin may see it. */
  third?: { tab: DetailTab; content: ReactNode };
  /** Tab 1: the record (read-only). */
  detail: ReactNode;
  /** The change button under the record, when this admin may change it. */
  edit?: { to: string; label: string };
  /** Tab 2. */
  list: ReactNode;
}

/**
 * A record's detail screen in routed tabs: the record with its change button, its list, and a third when
 * given. Asked for a third tab that is not given, it shows the record.
 */
export function DetailTabs({ label, tab, tabs, third, detail, edit, list }: DetailTabsProps) {
  const shown = tab === '3' && !third ? '1' : tab;
  return (
    <Tabs
      label={label}
      selectedKey={shown}
      items={[...tabs, ...(third ? [third.tab] : [])].map((item, index) => ({
        id: String(index + 1),
        ...item,
      }))}
    >
      {shown === '3' && third ? (
        third.content
      ) : shown === '1' ? (
        <div className="space-y-6">
          {detail}
          {edit && (
            <p>
              <ButtonLink to={edit.to}>{edit.label}</ButtonLink>
            </p>
          )}
        </div>
      ) : (
        list
      )}
    </Tabs>
  );
}
