import { addDays, dayJa } from '@manabi/shared/domain/sessions';
import { classPlace } from '@manabi/shared/domain/venue';
import type { MypageScheduleItem } from '@manabi/shared/schemas/responses';

/** The classes of one day, in the order the server gave them (time, then course). */
export interface ScheduleDay {
  day: string;
  items: MypageScheduleItem[];
}

/** Consecutive classes of the same day together (the list comes sorted by day and time). */
export function groupByDay(items: readonly MypageScheduleItem[]): ScheduleDay[] {
  const days: ScheduleDay[] = [];
  for (const item of items) {
    const last = days.at(-1);
    if (last?.day === item.day) last.items.push(item);
    else days.push({ day: item.day, items: [item] });
  }
  return days;
}

/**
 * 「市民センター 第1研修室（港区芝公園1-1-1）」, the room left out when the venue already names it; '' when the
 * course says nothing of the place.
 */
export function placeText(item: Pick<MypageScheduleItem, 'venue' | 'room' | 'street_address'>): string {
  const where = classPlace(item.venue, item.room);
  if (!item.street_address) return where;
  return where ? `${where}（${item.street_address}）` : item.street_address;
}

/** 「12月2日（水）」, with the year when it is not this year's (Tokyo). */
export const dayText = (day: string, today: string) => dayJa(day, today.slice(0, 4));

/** 「今日」 or 「明日」 when the class is that near (Tokyo), said in words; '' for any other day. */
export function nearDayWord(day: string, today: string): '今日' | '明日' | '' {
  if (day === today) return '今日';
  if (day === addDays(today, 1)) return '明日';
  return '';
}
