import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts a 422's refusals on the form's fields; a name the form does not have goes on `fallback`, the field the
 * refusal is about in the person's eyes. Answers the first field so the caller can move the focus there.
 */
export function placeFieldErrors<T extends FieldValues, F extends Path<T>>(
  setError: UseFormSetError<T>,
  errList: readonly { name: string; msg: string }[],
  fields: readonly F[],
  fallback: F,
): F | null {
  let first: F | null = null;
  for (const item of errList) {
    const name = fields.find((f) => f === item.name) ?? fallback;
    setError(name, { type: 'server', message: item.msg });
    first ??= name;
  }
  return first;
}
