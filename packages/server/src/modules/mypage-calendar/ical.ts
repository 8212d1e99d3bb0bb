/**
 * A small iCalendar writer (RFC 5545) for the students' calendar (decision 028): only what a
 * class day needs — a calendar of timed events in Asia/Tokyo. Written here rather than taken from a library:
 * the output is a few dozen lines of fixed shape, and every rule it must keep is below, tested by parsing
 * the result with ical.js.
 */
import { TIME_ZONE } from '@manabi/shared/domain/dates';

const CRLF = '\r\n';
/** RFC 5545 §3.1: a line is at most 75 octets, the line break excluded. */
const LINE_OCTETS = 75;

/** One class: its local day and times are Asia/Tokyo wall-clock values. */
export interface IcalEvent {
  uid: string;
  /** 'YYYY-MM-DD' */
  day: string;
  /** 'HH:MM' */
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
  /** an https?:// address shown as the event's link */
  url: string;
}

export interface IcalCalendar {
  /** the calendar's name in the phone's list (X-WR-CALNAME) */
  name: string;
  events: readonly IcalEvent[];
  /** DTSTAMP of every event: when this copy was made (tests pass a fixed one) */
  now: Date;
  /** a subscribed feed: how often a client should read it again (RFC 7986 REFRESH-INTERVAL) */
  refreshHours?: number;
}

/**
 * TEXT (§3.3.11): backslash, semicolon and comma escaped, a line break as \n. Control characters other
 * than the tab are not allowed in TEXT and cannot mean anything in a title or a place: they are dropped.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/[\\;,]/g, (c) => `\\${c}`)
      .replace(/\n/g, '\\n')
  );
}

/** Octets of one code point in UTF-8 (a lone surrogate is written as U+FFFD, three octets). */
const utf8Octets = (ch: string): number => {
  const cp = ch.codePointAt(0) ?? 0;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
};

/**
 * Folds a content line (§3.1): at most 75 octets a line, a continuation line starting with one space (which
 * counts). The break falls between characters, never inside a character's UTF-8 octets, so a Japanese title
 * comes back whole when a reader unfolds it.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  let limit = LINE_OCTETS;
  for (const ch of line) {
    const n = utf8Octets(ch);
    if (octets + n > limit) {
      lines.push(current);
      current = '';
      octets = 0;
      limit = LINE_OCTETS - 1; // the leading space of the continuation
    }
    current += ch;
    octets += n;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** UTC DATE-TIME form (§3.3.5 form #2): 20261202T040000Z. */
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '');
/** Local DATE-TIME (form #3, with TZID): '2026-12-02', '13:00' → 20261202T130000. */
const localStamp = (day: string, time: string) => `${day.replaceAll('-', '')}T${time.replace(':', '')}00`;

/**
 * Asia/Tokyo as a VTIMEZONE: +0900 all year, no daylight saving since 1951, so one STANDARD rule that
 * starts before any class is exact.
 */
const TOKYO = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0900',
  'TZOFFSETTO:+0900',
  'TZNAME:JST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function eventLines(e: IcalEvent, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${TIME_ZONE}:${localStamp(e.day, e.start)}`,
    `DTEND;TZID=${TIME_ZONE}:${localStamp(e.day, e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    // URI values are not TEXT: written as they are (our own addresses, no line breaks)
    ...(e.url ? [`URL:${e.url}`] : []),
    'END:VEVENT',
  ];
}

/** The whole VCALENDAR object: CRLF line ends, every line folded. */
export function writeCalendar(cal: IcalCalendar): string {
  const stamp = utcStamp(cal.now);
  const refresh = cal.refreshHours
    ? [`REFRESH-INTERVAL;VALUE=DURATION:PT${cal.refreshHours}H`, `X-PUBLISHED-TTL:PT${cal.refreshHours}H`]
    : [];
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Manabi//Class days//JA',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    ...refresh,
    ...TOKYO,
    ...cal.events.flatMap((e) => eventLines(e, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
