import type { Key, ReactNode } from 'react';
import { Tabs as AriaTabs, Tab, TabList, TabPanel } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { cx } from './cx';

/** One tab. With `href` the tab is a route: choosing it navigates there. */
export interface TabItem {
  id: string;
  label: ReactNode;
  href?: string;
}

export interface TabsProps {
  /** Names the tab list (e.g. 「講座詳細の表示切替」). */
  label: string;
  items: TabItem[];
  /** The current tab (controlled). For routed tabs, derive it from the route. */
  selectedKey: string;
  /**
   * Called when another tab is chosen. Default: navigate to the item's `href`.
   * Routed tabs activate on Enter/Space only (arrows just move focus), so arrowing does not load pages.
   */
  onSelectionChange?: (id: string) => void;
  /** Content of the selected tab. */
  children: ReactNode;
  className?: string;
}

/**
 * Tabs (react-aria Tabs: arrow keys between tabs, Home/End, one tab stop). Only the selected panel is
 * rendered, which suits tabs that are separate routes (SPEC §2: course detail type 1/2,
 * applied/attended) as well as local tabs.
 */
export function Tabs({ label, items, selectedKey, onSelectionChange, children, className }: TabsProps) {
  const navigate = useNavigate();
  const isRouted = items.some((item) => item.href);
  const select = (key: Key) => {
    const id = String(key);
    if (id === selectedKey) return;
    if (onSelectionChange) onSelectionChange(id);
    else {
      const href = items.find((item) => item.id === id)?.href;
      if (href) navigate(href);
    }
  };
  return (
    <AriaTabs
      // routed tabs: one tab set per route, so the list and its single panel are rebuilt together and
      // aria-controls always names the panel on the page (axe aria-valid-attr-value)
      key={isRouted ? selectedKey : undefined}
      selectedKey={selectedKey}
      onSelectionChange={select}
      keyboardActivation={isRouted ? 'manual' : 'automatic'}
      className={cx('flex flex-col', className)}
    >
      <TabList aria-label={label} className="flex flex-wrap gap-1 border-b-4 border-primary">
        {items.map((item) => (
          <Tab
            key={item.id}
            id={item.id}
            className={cx(
              // narrower on a phone, so two tabs of six characters share a line even with the large font
              'flex min-h-12 cursor-pointer items-center rounded-t-8 border-2 border-b-0 px-5 py-2 text-std-17B-170 max-sm:px-3',
              'border-line bg-canvas text-link underline underline-offset-4 hover:bg-highlight',
              'data-[selected]:border-primary data-[selected]:bg-primary data-[selected]:text-on-primary data-[selected]:no-underline',
            )}
          >
            {item.label}
          </Tab>
        ))}
      </TabList>
      <TabPanel id={selectedKey} className="pt-6">
        {children}
      </TabPanel>
    </AriaTabs>
  );
}
