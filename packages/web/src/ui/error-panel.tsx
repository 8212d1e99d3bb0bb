import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

export interface ErrorPanelProps {
  title: string;
  /** Paragraphs explaining what happened and what to do. */
  children: ReactNode;
  /** Links or buttons (e.g. back to the top page). */
  actions?: ReactNode;
}

/** Body of the 404 and system-error pages of both areas (SPEC §8 error pages). */
export function ErrorPanel({ title, children, actions }: ErrorPanelProps) {
  return (
    <div className="space-y-6">
      <PageTitle>{title}</PageTitle>
      <div className="space-y-3 text-std-17N-170 text-ink">{children}</div>
      {actions && <div className="flex flex-wrap items-center gap-4">{actions}</div>}
    </div>
  );
}
