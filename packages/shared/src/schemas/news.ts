/** My-page notices (SPEC §5: my-page keyword 100, dates 10; SPEC §9: 8 a page). */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import { dateYmd, positiveInt, recordId, text } from '../validation/rules';

export const NEWS_KEYWORD_MAX = 100;
export const NEWS_PAGE_SIZE = 8;

export const newsListQuerySchema = z.object({
  /**
   * 1 = notices to everyone, 2 = notices to this student (SPEC §2's news/1, news/2); absent or '' = every
   * notice addressed to the student (SPEC §7's call sends only keyword and dates)
   */
  type: z.enum(['', '1', '2'], { error: MSG.invalidValue }).prefault(''),
  keyword: text({ max: NEWS_KEYWORD_MAX }),
  date_from: dateYmd(),
  date_to: dateYmd(),
  page: positiveInt({ maxDigits: 6 }).transform((v) => v || '1'),
});

export const newsDetailQuerySchema = z.object({ id: recordId() });

export const addReadBodySchema = z.object({ notice_id: recordId() });
