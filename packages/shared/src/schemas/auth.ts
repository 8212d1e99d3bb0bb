/** Login bodies (SPEC §5 Admin login, Student login). Passwords are taken as typed: never trimmed. */
import { z } from 'zod';
import { asciiMax, maxLen, required, text } from '../validation/rules';

export const ADMIN_LOGIN_ID_MAX = 10;
export const ADMIN_LOGIN_PASSWORD_MAX = 20;
export const MYPAGE_LOGIN_ID_MAX = 8;
export const MYPAGE_LOGIN_PASSWORD_MAX = 20;

export const adminLoginBodySchema = z.object({
  login_id: required().pipe(maxLen(ADMIN_LOGIN_ID_MAX)),
  password: text({ required: true, max: ADMIN_LOGIN_PASSWORD_MAX, trim: false }),
});
export type AdminLoginBody = z.infer<typeof adminLoginBodySchema>;

export const mypageLoginBodySchema = z.object({
  login_id: asciiMax(MYPAGE_LOGIN_ID_MAX, { required: true }),
  password: asciiMax(MYPAGE_LOGIN_PASSWORD_MAX, { required: true, trim: false }),
});
export type MypageLoginBody = z.infer<typeof mypageLoginBodySchema>;
