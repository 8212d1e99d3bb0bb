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
  /** The tab in the route: '1' the record itself, '2' the list that belongs to it. */
  tab: '1' | '2';
  tabs: [DetailTab, DetailTab];
  /** Tab 1: the record (read-only). */
  detail: ReactNode;
  /** The change button under the record, when this admin may change it. */
  edit?: { to: string; label: string };
  /** Tab 2. */
  list: ReactNode;
}

/** A record's detail screen in two routed tabs: the record with its change button, and its list. */
export function DetailTabs({ label, tab, tabs, detail, edit, list }: DetailTabsProps) {
  return (
    <Tabs
      label={label}
      selectedKey={tab}
      items={tabs.map((item, index) => ({ id: String(index + 1), ...item }))}
    >
      {tab === '1' ? (
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
