/** ZodError → SPEC's `err_list` ({ name, msg }), the one validation answer of server and client. */
import type { z } from 'zod';
import type { ErrItem } from '../schemas/common';

/** One message per field (the first, as the form shows it); `name` is the dotted path, '' for the whole body. */
export function toErrList(error: z.ZodError): ErrItem[] {
  const seen = new Set<string>();
  const list: ErrItem[] = [];
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.');
    if (seen.has(name)) continue;
    seen.add(name);
    list.push({ name, msg: issue.message });
  }
  return list;
}
