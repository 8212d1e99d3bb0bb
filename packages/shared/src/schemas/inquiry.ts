/**
 * My-page inquiry (SPEC §3 Inquiry, §4 two-step forms, §5 "Inquiry", §7 POST /api/mypage/inquiry/).
 * One schema for the form and the server: the form adds the agreement.
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import { confirmField, mailAddress, phoneNoHyphen, postcode, sameAs, text } from '../validation/rules';
import { agreement } from './admission';

export const INQUIRY_DETAIL_MAX = 1000;
export const INQUIRY_NAME_MAX = 30;
export const INQUIRY_ADDRESS_MAX = 200;

/** is_required_answer (SPEC §3: 'no answer needed' is the default). */
export const ANSWER_OPTIONS = [
  { value: '0', label: '回答不要' },
  { value: '1', label: '回答を希望する' },
] as const;

/** content: the five choices of SPEC §3, the first the default (stored as inquiries.content 1–5). */
export const INQUIRY_CONTENT_OPTIONS = [
  { value: '1', label: '登録している学生番号・メールアドレスを知りたい' },
  { value: '2', label: '掲載されているイベントについて' },
  { value: '3', label: '団体・イベントを掲載したい' },
  { value: '4', label: 'ウェブサイト・窓口について' },
  { value: '5', label: 'その他の質問・相談' },
] as const;

/** age (SPEC §3): bands, stored as inquiries.age_band 1–5; '' = not given. */
export const AGE_BAND_OPTIONS = [
  { value: '1', label: '50代未満' },
  { value: '2', label: '50代' },
  { value: '3', label: '60代' },
  { value: '4', label: '70代' },
  { value: '5', label: '80代以上' },
] as const;

/** The 47 prefectures (SPEC §3 Inquiry pref), in the usual north-to-south order. */
export const PREFECTURES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
] as const;

const values = (options: readonly { value: string }[]) =>
  options.map((o) => o.value) as [string, ...string[]];

export const inquiryFieldsSchema = z.object({
  is_required_answer: z.enum(['0', '1'], { error: MSG.invalidChoice }).prefault('0'),
  content: z.enum(values(INQUIRY_CONTENT_OPTIONS), { error: MSG.invalidChoice }).prefault('1'),
  detail: text({ required: true, max: INQUIRY_DETAIL_MAX, multiline: true }),
  name: text({ required: true, max: INQUIRY_NAME_MAX }),
  name_kana: text({ max: INQUIRY_NAME_MAX }),
  age: z.enum(['', ...values(AGE_BAND_OPTIONS)], { error: MSG.invalidChoice }).prefault(''),
  mail: mailAddress({ required: true }),
  mail_confirm: confirmField(),
  phone: phoneNoHyphen(),
  postcode: postcode(),
  pref: z.enum(['', ...PREFECTURES], { error: MSG.invalidChoice }).prefault(''),
  address: text({ max: INQUIRY_ADDRESS_MAX }),
});

const inquiryRules = (value: { mail: unknown; mail_confirm: unknown }, ctx: z.RefinementCtx) =>
  sameAs('mail_confirm', 'mail', 'メールアドレス')(value, ctx);

/** POST /api/mypage/inquiry/ */
export const inquiryBodySchema = inquiryFieldsSchema.superRefine(inquiryRules);
export type InquiryInput = z.output<typeof inquiryBodySchema>;

/** /mypage/inquiry: the body plus the agreement checkbox. */
export const inquiryFormSchema = inquiryFieldsSchema
  .extend({ agreement: agreement() })
  .superRefine(inquiryRules);
export type InquiryForm = z.output<typeof inquiryFormSchema>;
