/**
 * Where a class is held, said once. A course names its venue (「まなびプラザ 1階 多目的室」) and each dated
 * class its room, which the office often fills with the same room (「1階 多目的室」): joined as they are, a
 * student reads 「まなびプラザ 1階 多目的室 1階 多目的室」. The one rule for the schedule, the next class, the
 * course detail and the calendar file.
 */
import { normalizeName } from '../validation/normalize';

/** Width, spaces and compatibility forms do not make two names of a place differ. */
const key = (s: string) => normalizeName(s);

/**
 * The class's room as far as it adds to the venue: '' when there is no room or the venue already names it
 * (「1階 多目的室」 in 「まなびプラザ 1階 多目的室」), else the room as the office wrote it.
 */
export function roomBeyondVenue(venue: string, room: string): string {
  const r = room.trim();
  if (r === '' || key(venue).includes(key(r))) return '';
  return r;
}

/**
 * The venue and the room as one name: each part once. A room that names the venue itself (「まなびプラザ
 * 1階 多目的室」 for the venue 「まなびプラザ」) stands alone; otherwise the venue, then the room it does not
 * already name. '' when the course says nothing of either.
 */
export function classPlace(venue: string, room: string): string {
  const v = venue.trim();
  const r = room.trim();
  if (v !== '' && r !== '' && key(r).includes(key(v))) return r;
  return [v, roomBeyondVenue(v, r)].filter((part) => part !== '').join(' ');
}
