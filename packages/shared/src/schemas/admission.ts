/**
 * My-page admission application (SPEC §3 Admission, §4 two-step forms, §5 "Admission", §7
 * POST /api/mypage/admission/). One schema for the form and the server: the form adds the agreement.
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import {
  confirmField,
  dateYmd,
  differentFrom,
  digitsOnly,
  mailAddress,
  phoneJp,
  postcode,
  sameAs,
  text,
} from '../validation/rules';
import { BUILDING_MAX, EMERGENCY_MAX, EMERGENCY_PHONE_MAX, STREET_MAX } from './student';

/** SPEC §5: each name part at most 14 characters (combined they fit students.name, 30). */
export const ADMISSION_NAME_PART_MAX = 14;
/** SPEC §3: the programme is for Tokyo residents; the prefecture is fixed. */
export const ADMISSION_PREF = '東京都';

/** SPEC §2: the information session shown on the admission screen. */
export const ADMISSION_INFO_SESSION = {
  date: '10月27日',
  time: '13:30',
  explanation: '20〜30分',
  lecture: '約1時間',
} as const;

/** is_attendance (SPEC §3: attend default / absent). */
export const ATTENDANCE_OPTIONS = [
  { value: '1', label: '出席する' },
  { value: '0', label: '欠席する' },
] as const;

export const AGREEMENT_MSG = '内容に同意のうえ、チェックを入れてください';

/**
 * The name as stored in students.name: family and given name joined by one half-width space, as the demo
 * admissions and the admin forms hold it (「山田 花子」); name_key drops the space anyway.
 */
export const joinNameParts = (last: string, first: string): string => [last, first].filter(Boolean).join(' ');

/** The fields of SPEC §3 Admission with §5's rules (object-level rules in {@link admissionRules}). */
export const admissionFieldsSchema = z.object({
  name_l: text({ required: true, max: ADMISSION_NAME_PART_MAX }),
  name_f: text({ required: true, max: ADMISSION_NAME_PART_MAX }),
  name_kana_l: text({ max: ADMISSION_NAME_PART_MAX }),
  name_kana_f: text({ max: ADMISSION_NAME_PART_MAX }),
  postcode: postcode(),
  // fixed (SPEC §3): whatever arrives, Tokyo is stored
  pref: z
    .string({ error: MSG.invalidValue })
    .prefault('')
    .transform((): string => ADMISSION_PREF),
  street_name1: text({ required: true, max: STREET_MAX }),
  street_name2: digitsOnly({ max: STREET_MAX }),
  address: text({ required: true, max: STREET_MAX }),
  street_name3: text({ max: BUILDING_MAX }),
  birthday: dateYmd({ required: true }),
  gender: z.enum(['', '1', '2'], { error: MSG.invalidChoice }).prefault(''),
  phone1: phoneJp({ required: true }),
  phone2: phoneJp(),
  mail1: mailAddress({ required: true }),
  mail1_confirm: confirmField(),
  mail2: mailAddress({ required: false }),
  mail2_confirm: confirmField(),
  emergency_contacts_name: text({ max: EMERGENCY_MAX }),
  emergency_contacts_emereletion: text({ max: EMERGENCY_MAX }),
  emergency_contacts_phone: text({ max: EMERGENCY_PHONE_MAX }),
  is_attendance: z.enum(['0', '1'], { error: MSG.invalidChoice }).prefault('1'),
});

/** SPEC §5: phone2 differs from phone1; mail confirmations match; mail2 differs from mail1. */
export function admissionRules(
  value: Record<'phone1' | 'phone2' | 'mail1' | 'mail1_confirm' | 'mail2' | 'mail2_confirm', unknown>,
  ctx: z.RefinementCtx,
): void {
  differentFrom('phone2', 'phone1', '電話番号2')(value, ctx);
  sameAs('mail1_confirm', 'mail1', 'メールアドレス1')(value, ctx);
  sameAs('mail2_confirm', 'mail2', 'メールアドレス2')(value, ctx);
  differentFrom('mail2', 'mail1', 'メールアドレス2')(value, ctx);
}

/** POST /api/mypage/admission/ */
export const admissionBodySchema = admissionFieldsSchema.superRefine(admissionRules);
export type AdmissionInput = z.output<typeof admissionBodySchema>;

/** A required agreement checkbox (SPEC §4: inquiry and admission). */
export const agreement = () =>
  z
    .boolean({ error: AGREEMENT_MSG })
    .prefault(false)
    .refine((v) => v, { error: AGREEMENT_MSG });

/** /mypage/admission: the body plus the agreement checkbox. */
export const admissionFormSchema = admissionFieldsSchema
  .extend({ agreement: agreement() })
  .superRefine(admissionRules);
export type AdmissionForm = z.output<typeof admissionFormSchema>;
