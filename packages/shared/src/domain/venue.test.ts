import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeName } from '../validation/normalize';
import { classPlace, roomBeyondVenue } from './venue';

describe('where a class is held, said once', () => {
  it('leaves out a room the venue already names, whatever its width and spacing', () => {
    // the demo's 朝の健康体操: 「まなびプラザ 1階 多目的室 1階 多目的室」 on the schedule
    expect(classPlace('まなびプラザ 1階 多目的室', '1階 多目的室')).toBe('まなびプラザ 1階 多目的室');
    expect(classPlace('まなびプラザ 1階 多目的室', '1階　多目的室')).toBe('まなびプラザ 1階 多目的室');
    expect(classPlace('まなびプラザ１階多目的室', '1階 多目的室')).toBe('まなびプラザ１階多目的室');
    expect(roomBeyondVenue('まなびプラザ 1階 多目的室', '1階 多目的室')).toBe('');
  });

  it('keeps a room that says more than the venue, and a room that names the venue alone', () => {
    expect(classPlace('まなびプラザ', '1階 多目的室')).toBe('まなびプラザ 1階 多目的室');
    expect(classPlace('まなびプラザ', 'まなびプラザ 2階 和室')).toBe('まなびプラザ 2階 和室');
    expect(classPlace('まなびプラザ 1階 多目的室', '2階 和室')).toBe('まなびプラザ 1階 多目的室 2階 和室');
    expect(roomBeyondVenue('まなびプラザ 1階 多目的室', ' 2階 和室 ')).toBe('2階 和室');
  });

  it('says what there is when one of them is empty', () => {
    expect(classPlace('', '201')).toBe('201');
    expect(classPlace('市民センター', '')).toBe('市民センター');
    expect(classPlace(' ', ' ')).toBe('');
  });

  it('names the venue and the room, and never one of them twice', () => {
    const piece = fc.constantFrom('まなびプラザ', '1階', '多目的室', '2階', '和室', '第1研修室', ' ', '　');
    const name = fc.array(piece, { maxLength: 4 }).map((p) => p.join(''));
    fc.assert(
      fc.property(name, name, (venue, room) => {
        const place = classPlace(venue, room);
        const k = normalizeName;
        // both are named
        expect(k(place)).toContain(k(venue));
        expect(k(place)).toContain(k(room));
        // once: when one names the other, the place is the longer one alone
        if (k(venue).includes(k(room))) expect(place).toBe(venue.trim());
        else if (k(room).includes(k(venue))) expect(place).toBe(room.trim());
        else expect(place).toBe(`${venue.trim()} ${room.trim()}`);
      }),
    );
  });
});
