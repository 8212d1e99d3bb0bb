import { type ReactNode, useId, useState } from 'react';
import { Button } from './button';
import { FieldRegistryProvider } from './field-parts';

export interface SearchPanelProps {
  /** Heading of the panel (h2), e.g. 「検索条件」. */
  title?: string;
  /** Whether the panel can be folded (SPEC §2 course list: the toggle text flips). Default true. */
  collapsible?: boolean;
  defaultOpen?: boolean;
  /** The search form (its fields register their labels for the error summary). */
  children: ReactNode;
}

export interface SearchPanelActionsProps {
  /** Empties the form's conditions (the caller resets its form, and the URL where it keeps them). */
  onClear: () => void;
  /** A search is on its way: 「検索」 shows 「検索中...」 and waits. */
  isSearching?: boolean;
}

/** The search form's footer: 「検索」 submits the form around it, 「条件をクリア」 empties it. */
export function SearchPanelActions({ onClear, isSearching }: SearchPanelActionsProps) {
  return (
    <div className="flex flex-wrap gap-4">
      <Button type="submit" isPending={isSearching} pendingLabel="検索中...">
        検索
      </Button>
      <Button variant="tertiary" onPress={onClear}>
        条件をクリア
      </Button>
    </div>
  );
}

/**
 * The framed search form of a list screen: an h2 and, when collapsible, 「検索条件を閉じる」/「検索条件を開く」
 * (aria-expanded, aria-controls) folding the form away without unmounting it, so its values stay.
 */
export function SearchPanel({
  title = '検索条件',
  collapsible = true,
  defaultOpen = true,
  children,
}: SearchPanelProps) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const bodyId = `${id}-body`;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4 rounded-8 border border-line p-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-std-20B-150">
          {title}
        </h2>
        {collapsible && (
          <Button
            variant="tertiary"
            aria-expanded={isOpen}
            aria-controls={bodyId}
            onPress={() => setIsOpen((open) => !open)}
          >
            {isOpen ? '検索条件を閉じる' : '検索条件を開く'}
          </Button>
        )}
      </div>
      <div id={bodyId} hidden={!isOpen}>
        <FieldRegistryProvider>{children}</FieldRegistryProvider>
      </div>
    </section>
  );
}
