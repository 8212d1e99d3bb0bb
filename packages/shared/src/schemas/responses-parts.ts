import { z } from 'zod';

/** The pieces the answers of responses*.ts share: ids, dates, times, the 0/1 flags and a page's counts. */

export const id = z.number().int();
export const ymd = z.string().describe('YYYY-MM-DD');
export const iso = z.string().describe('ISO 8601 (UTC)');
export const flag = z.enum(['0', '1']);
export const serverPage = { total: z.number().int(), page: z.number().int(), size: z.number().int() };
