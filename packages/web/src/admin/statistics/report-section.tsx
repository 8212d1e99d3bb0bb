import type { ReactNode } from 'react';

/**
 * One topic of the report: a section with its h2, starting a new page when printed (styles.css,
 * `.m-report-section`).
 */
export function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="m-report-section space-y-6">
      <h2 id={`${id}-heading`} className="border-b-4 border-primary pb-1 text-std-24B-150">
        {title}
      </h2>
      {children}
    </section>
  );
}
