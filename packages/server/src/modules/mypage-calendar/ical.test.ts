/**
 * The iCalendar writer (RFC 5545): every file it writes is read back by a real parser (ical.js), so a rule
 * kept only on paper — folding, escaping, the time zone — fails here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, type IcalEvent, writeCalendar } from './ical';
import { readIcs as parseIcs } from './read-ics';

const NOW = new Date('2026-11-20T03:04:05.678Z');

const event = (over: Partial<IcalEvent> = {}): IcalEvent => ({
  uid: 'course-7-session-2@manabi.example.jp',
  day: '2026-12-02',
  start: '13:00',
  end: '14:30',
  summary: '俳句入門（第2回）',
  location: '第1研修室 / 市民センター / 東京都港区芝公園1-1-1',
  description:
    '講座の詳しい内容はマイページでご覧ください。\nhttps://manabi.example.jp/mypage/course/detail/7',
  url: 'https://manabi.example.jp/mypage/course/detail/7',
  ...over,
});

/** Each line of the file as octets (CRLF-separated), decoded strictly: a split character throws. */
function linesOf(text: string): string[] {
  const bytes = Buffer.from(text, 'utf8');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      const line = bytes.subarray(start, i);
      expect(line.length, `line ${lines.length + 1} is ${line.length} octets`).toBeLessThanOrEqual(75);
      lines.push(decoder.decode(line));
      start = i + 2;
    }
  }
  expect(start, 'the file ends with CRLF').toBe(bytes.length);
  return lines;
}

describe('the calendar object', () => {
  it('has the calendar properties, a VTIMEZONE for Asia/Tokyo and CRLF lines only', () => {
    const text = writeCalendar({ name: 'まなび 受講予定', events: [event()], now: NOW, refreshHours: 6 });
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = linesOf(text);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    const { calendar } = parseIcs(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Manabi//Class days//JA');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('まなび 受講予定');
    const tz = calendar.getFirstSubcomponent('vtimezone');
    expect(tz?.getFirstPropertyValue('tzid')).toBe('Asia/Tokyo');
    const standard = tz?.getAllSubcomponents();
    expect(standard?.map((c) => c.name)).toEqual(['standard']);
    expect(String(standard?.[0]?.getFirstPropertyValue('tzoffsetto'))).toBe('+09:00');
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H');
  });

  it('writes each class at its Tokyo time, with its UID, DTSTAMP in UTC, the Japanese title intact', () => {
    const text = writeCalendar({
      name: '俳句入門',
      events: [event(), event({ uid: 'course-7-session-3@manabi.example.jp', day: '2026-12-09' })],
      now: NOW,
    });
    expect(text).toContain('DTSTART;TZID=Asia/Tokyo:20261202T130000\r\n');
    expect(text).toContain('DTSTAMP:20261120T030405Z\r\n');
    const { events } = parseIcs(text);
    expect(events).toHaveLength(2);
    const [first, second] = events;
    expect(first?.uid).toBe('course-7-session-2@manabi.example.jp');
    expect(first?.summary).toBe('俳句入門（第2回）');
    expect(first?.location).toBe('第1研修室 / 市民センター / 東京都港区芝公園1-1-1');
    expect(first?.description).toBe(event().description);
    expect(first?.startDate.zone?.tzid).toBe('Asia/Tokyo');
    // 13:00 and 14:30 in Tokyo are 04:00 and 05:30 UTC
    expect(first?.startDate.toJSDate().toISOString()).toBe('2026-12-02T04:00:00.000Z');
    expect(first?.endDate.toJSDate().toISOString()).toBe('2026-12-02T05:30:00.000Z');
    expect(second?.startDate.toJSDate().toISOString()).toBe('2026-12-09T04:00:00.000Z');
  });

  it('is the same text for the same input (nothing depends on the clock but `now`)', () => {
    const a = writeCalendar({ name: 'x', events: [event()], now: NOW });
    const b = writeCalendar({ name: 'x', events: [event()], now: NOW });
    expect(a).toBe(b);
  });

  it('a calendar without classes is still a valid calendar', () => {
    const { events, calendar } = parseIcs(writeCalendar({ name: '空', events: [], now: NOW }));
    expect(events).toEqual([]);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('空');
  });
});

describe('TEXT escaping', () => {
  it('escapes backslash, semicolon, comma and line breaks, and drops control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('x\u0000y\u001bz\tw')).toBe('xyz\tw');
  });

  it('any title comes back as written (control characters aside)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', ',', ';', '\\', ':', '"', '\n', '俳', '句', '🌸', ' ', '（'),
        }),
        (title) => {
          const { events } = parseIcs(
            writeCalendar({ name: title, events: [event({ summary: title })], now: NOW }),
          );
          expect(events[0]?.summary).toBe(title);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('folding', () => {
  it('breaks at 75 octets without splitting a character, and a reader unfolds it back', () => {
    const long = '市民のための日本の歴史と文化をめぐる連続講座・やさしい古文書の読み方入門編'.repeat(3);
    const text = writeCalendar({
      name: long,
      events: [event({ summary: long, location: long, description: `${long}\n${long}` })],
      now: NOW,
    });
    const lines = linesOf(text); // each ≤ 75 octets, each valid UTF-8 on its own
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(6);
    const { events, calendar } = parseIcs(text);
    expect(events[0]?.summary).toBe(long);
    expect(events[0]?.location).toBe(long);
    expect(events[0]?.description).toBe(`${long}\n${long}`);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(long);
  });

  it('any mix of 1- to 4-octet characters folds into lines of at most 75 octets that join back', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'é', 'あ', '𠮷', '🌸'), maxLength: 300 }),
        (value) => {
          const lines = linesOf(`${foldLine(`SUMMARY:${value}`)}\r\n`);
          for (const l of lines.slice(1)) expect(l.startsWith(' ')).toBe(true);
          expect(lines.map((l, i) => (i > 0 ? l.slice(1) : l)).join('')).toBe(`SUMMARY:${value}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a line of exactly 75 octets is not folded; 76 is', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    // 25 three-octet characters = 75 octets; one more goes to the next line whole
    expect(foldLine('あ'.repeat(26))).toBe(`${'あ'.repeat(25)}\r\n あ`);
  });
});
