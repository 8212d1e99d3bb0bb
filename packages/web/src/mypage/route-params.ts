/** The course id of a `:id` route param, or null when it is not a positive whole number. */
export function courseIdParam(raw: string | undefined): number | null {
  if (!raw || !/^[0-9]{1,12}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
