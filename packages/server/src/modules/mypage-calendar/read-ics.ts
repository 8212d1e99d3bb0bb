/**
 * Tests only: a .ics as a calendar application reads it (ical.js, a devDependency), with the file's own
 * VTIMEZONE registered so TZID=Asia/Tokyo times resolve.
 */
import ICAL from 'ical.js';

export function readIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)),
  };
}
