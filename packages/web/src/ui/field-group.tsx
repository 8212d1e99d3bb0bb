import type { ReactNode } from 'react';

/** A group of form fields with a visible heading (fieldset + legend, so each field is heard with it). */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mx-0 min-w-0 space-y-6 border-0 border-t-2 border-line p-0 pt-4">
      <legend className="float-left mb-2 w-full text-std-20B-150 text-ink">{legend}</legend>
      <div className="clear-both space-y-6">{children}</div>
    </fieldset>
  );
}
