import type { Student } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import { ageAtFiscalYearEnd } from '@manabi/shared/domain/age';
import { formatDateJa, todayTokyo } from '@manabi/shared/domain/dates';
import { type StudentCaution, studentCautions } from '@manabi/shared/domain/student';
import {
  EMERGENCY_MAX,
  EMERGENCY_PHONE_MAX,
  GENDER_OPTIONS,
  STUDENT_NAME_MAX,
  STUDENT_REMARKS_MAX,
} from '@manabi/shared/schemas/student';
import type { ReactNode } from 'react';
import { type Control, type UseFormReturn, useWatch } from 'react-hook-form';
import { formatPhoneJp } from '../../lib/phone';
import { AddressFields } from '../../ui/address-fields';
import { Alert } from '../../ui/alert';
import { RadioGroup, Select } from '../../ui/choice-fields';
import { type Option, optionLabel } from '../../ui/code-options';
import type { ConfirmItem } from '../../ui/confirm-list';
import { FieldGroup } from '../../ui/field-group';
import { DateInput, TextArea, TextInput } from '../../ui/text-input';

/**
 * The fields every admin student form shares (/admin/student/detail/{mode}/{userId} and
 * /admin/student/approval/{userId}): SPEC §3 Student with §5's labels and rules. The two forms' schemas
 * differ in their other fields, so these components take a control typed by the shared names only.
 */
export type StudentCommonValues = Record<
  | 'name'
  | 'name_kana'
  | 'postcode'
  | 'pref'
  | 'street_name1'
  | 'street_name2'
  | 'address'
  | 'street_name3'
  | 'birthday'
  | 'gender'
  | 'phone_1'
  | 'phone_2'
  | 'mail_1'
  | 'mail_1_confirm'
  | 'mail_2'
  | 'mail_2_confirm'
  | 'emergency_name'
  | 'emergency_emereletion'
  | 'emergency_phone'
  | 'filing_date'
  | 'is_email'
  | 'is_attendance'
  | 'student_type'
  | 'remarks',
  string
>;

type CommonForm = UseFormReturn<StudentCommonValues, unknown, StudentCommonValues>;

/** A form whose values include the common fields, seen as a form of those fields only. */
export const asCommonForm = (form: unknown) => form as CommonForm;

export const FLAG_OPTIONS = {
  is_graduation: [
    { value: '0', label: '在籍中' },
    { value: '1', label: '卒業' },
  ],
  is_rejection: [
    { value: '0', label: 'ログインできる' },
    { value: '1', label: 'ログインを停止する' },
  ],
  is_email: [
    { value: '1', label: '配信する' },
    { value: '0', label: '配信しない' },
  ],
  is_attendance: [
    { value: '1', label: '出席' },
    { value: '0', label: '欠席' },
  ],
} as const satisfies Record<string, readonly Option[]>;

const GENDERS: readonly Option[] = GENDER_OPTIONS;

/** Non-blocking cautions (SPEC §5) of one field, shown right under it. */
function Cautions({ items }: { items: StudentCaution[] }) {
  if (items.length === 0) return null;
  return (
    <Alert variant="warning">
      {items.map((c) => (
        <p key={c.field}>{c.message}</p>
      ))}
    </Alert>
  );
}

/** The cautions of the current birthday and town (they follow what is typed). */
export function useStudentCautions(control: Control<StudentCommonValues>): StudentCaution[] {
  const [birthday, street] = useWatch({ control, name: ['birthday', 'street_name1'] });
  return studentCautions({ birthday: birthday ?? '', street_name1: street ?? '' }, todayTokyo());
}

/** Name, address (with the postcode lookup), birthday, gender, contacts, emergency contact. */
export function StudentPersonFields({ form }: { form: CommonForm }) {
  const { control } = form;
  const cautions = useStudentCautions(control);
  const of = (field: StudentCaution['field']) => cautions.filter((c) => c.field === field);
  return (
    <>
      <FieldGroup legend="氏名・生年月日">
        <TextInput
          control={control}
          name="name"
          label="氏名"
          isRequired
          maxLength={STUDENT_NAME_MAX}
          width="md"
        />
        <TextInput
          control={control}
          name="name_kana"
          label="氏名カナ"
          maxLength={STUDENT_NAME_MAX}
          width="md"
          description="全角カタカナで入力します。"
        />
        <DateInput control={control} name="birthday" label="生年月日" isRequired />
        <Cautions items={of('birthday')} />
        <Select
          control={control}
          name="gender"
          label="性別"
          options={GENDERS}
          placeholder="未選択"
          width="sm"
        />
      </FieldGroup>

      <FieldGroup legend="住所">
        <AddressFields
          form={form}
          postcodeHint="7桁の数字を入力すると、都道府県と町名が入ります（例：105-0011）。入力済みの内容は変わりません。"
          townNote={<Cautions items={of('street_name1')} />}
        />
      </FieldGroup>

      <StudentContactFields control={control} />
    </>
  );
}

/** Phones, mail addresses (each typed twice) and the emergency contact. */
function StudentContactFields({ control }: { control: Control<StudentCommonValues> }) {
  return (
    <>
      <FieldGroup legend="連絡先">
        <TextInput
          control={control}
          name="phone_1"
          label="電話番号1"
          type="tel"
          isRequired
          autoComplete="tel"
          width="sm"
          onBlurFormat={formatPhoneJp}
        />
        <TextInput
          control={control}
          name="phone_2"
          label="電話番号2"
          type="tel"
          width="sm"
          onBlurFormat={formatPhoneJp}
          description="電話番号1と違う番号を入力します。"
        />
        <TextInput
          control={control}
          name="mail_1"
          label="メールアドレス1"
          type="email"
          maxLength={100}
          width="lg"
        />
        <TextInput
          control={control}
          name="mail_1_confirm"
          label="メールアドレス1（確認）"
          type="email"
          maxLength={100}
          width="lg"
          description="確認のため、もう一度入力します。"
        />
        <TextInput
          control={control}
          name="mail_2"
          label="メールアドレス2"
          type="email"
          maxLength={100}
          width="lg"
        />
        <TextInput
          control={control}
          name="mail_2_confirm"
          label="メールアドレス2（確認）"
          type="email"
          maxLength={100}
          width="lg"
          description="確認のため、もう一度入力します。"
        />
      </FieldGroup>

      <FieldGroup legend="緊急連絡先">
        <TextInput
          control={control}
          name="emergency_name"
          label="緊急連絡先の氏名"
          maxLength={EMERGENCY_MAX}
          width="md"
        />
        <TextInput
          control={control}
          name="emergency_emereletion"
          label="緊急連絡先の続柄"
          maxLength={EMERGENCY_MAX}
          width="sm"
        />
        <TextInput
          control={control}
          name="emergency_phone"
          label="緊急連絡先の電話番号"
          type="tel"
          maxLength={EMERGENCY_PHONE_MAX}
          width="sm"
          onBlurFormat={formatPhoneJp}
        />
      </FieldGroup>
    </>
  );
}

const genderOf = (g: string): '' | '1' | '2' => (g === '1' || g === '2' ? g : '');

/** The common fields of a stored student, as a form holds them (each mail address filled in twice). */
export function commonValues(s: Student) {
  return {
    name: s.name,
    name_kana: s.name_kana,
    postcode: s.postcode,
    pref: s.pref,
    street_name1: s.street_name1,
    street_name2: s.street_name2,
    address: s.address,
    street_name3: s.street_name3,
    birthday: s.birthday ?? '',
    gender: genderOf(s.gender),
    phone_1: s.phone_1,
    phone_2: s.phone_2,
    mail_1: s.mail_1,
    mail_1_confirm: s.mail_1,
    mail_2: s.mail_2,
    mail_2_confirm: s.mail_2,
    emergency_name: s.emergency_name,
    emergency_emereletion: s.emergency_emereletion,
    emergency_phone: s.emergency_phone,
    filing_date: s.filing_date ?? '',
    is_email: s.is_email,
    is_attendance: s.is_attendance,
    student_type: s.student_type,
    remarks: s.remarks,
  };
}

type PasswordForm = UseFormReturn<Record<'password' | 'password2', string>, unknown, unknown>;

/** A form whose values include password and password2, seen as a form of those two only. */
export const asPasswordForm = (form: unknown) => form as PasswordForm;

/** The password typed twice (the student's my-page password, set by the office). */
export function PasswordFields({
  form,
  isRequired,
  description,
}: {
  form: PasswordForm;
  isRequired: boolean;
  description: string;
}) {
  return (
    <>
      <TextInput
        control={form.control}
        name="password"
        label="パスワード"
        type="password"
        isRequired={isRequired}
        autoComplete="new-password"
        width="sm"
        description={description}
      />
      <TextInput
        control={form.control}
        name="password2"
        label="パスワード（確認）"
        type="password"
        isRequired={isRequired}
        autoComplete="new-password"
        width="sm"
        description="確認のため、もう一度入力します。"
      />
    </>
  );
}

/** Filing date, student type, mail delivery, briefing attendance (both forms). */
export function StudentOfficeFields({ form, children }: { form: CommonForm; children?: ReactNode }) {
  const { control } = form;
  return (
    <FieldGroup legend="事務局の記入欄">
      <DateInput control={control} name="filing_date" label="申込日" isRequired />
      <Select control={control} name="student_type" label="学生種別" isRequired options="CD009" width="sm" />
      <RadioGroup
        control={control}
        name="is_email"
        label="メール配信"
        isRequired
        options={FLAG_OPTIONS.is_email}
      />
      <RadioGroup
        control={control}
        name="is_attendance"
        label="説明会出席"
        isRequired
        options={FLAG_OPTIONS.is_attendance}
      />
      {children}
    </FieldGroup>
  );
}

/** 備考 (≤500); `isRequired` on the approval form when rejecting. */
export function RemarksField({
  form,
  isRequired,
  description,
}: {
  form: CommonForm;
  isRequired?: boolean;
  description?: string;
}) {
  return (
    <TextArea
      control={form.control}
      name="remarks"
      label="備考"
      isRequired={isRequired}
      rows={4}
      maxLength={STUDENT_REMARKS_MAX}
      description={description ?? `${STUDENT_REMARKS_MAX}文字まで入力できます。`}
    />
  );
}

const dateText = (v: string) => (v ? formatDateJa(v) : '');

/** The confirm step's rows of the common fields (parsed values), with the cautions of §5 under them. */
export function personConfirmItems(v: StudentCommonValues): ConfirmItem[] {
  const age = v.birthday ? ageAtFiscalYearEnd(v.birthday, todayTokyo()) : null;
  return [
    { label: '氏名', value: v.name },
    { label: '氏名カナ', value: v.name_kana },
    {
      label: '生年月日',
      value: v.birthday ? `${dateText(v.birthday)}${age === null ? '' : `（年度末 ${age}歳）`}` : '',
    },
    { label: '性別', value: optionLabel(GENDERS, v.gender) },
    { label: '郵便番号', value: v.postcode },
    { label: '都道府県', value: v.pref },
    { label: '町名', value: v.street_name1 },
    { label: '丁目', value: v.street_name2 },
    { label: '番地', value: v.address },
    { label: '建物名', value: v.street_name3 },
    { label: '電話番号1', value: v.phone_1 },
    { label: '電話番号2', value: v.phone_2 },
    { label: 'メールアドレス1', value: v.mail_1 },
    { label: 'メールアドレス2', value: v.mail_2 },
    { label: '緊急連絡先の氏名', value: v.emergency_name },
    { label: '緊急連絡先の続柄', value: v.emergency_emereletion },
    { label: '緊急連絡先の電話番号', value: v.emergency_phone },
  ];
}

export function officeConfirmItems(v: StudentCommonValues): ConfirmItem[] {
  return [
    { label: '申込日', value: dateText(v.filing_date) },
    { label: '学生種別', value: codeText('CD009', v.student_type) },
    { label: 'メール配信', value: optionLabel(FLAG_OPTIONS.is_email, v.is_email) },
    { label: '説明会出席', value: optionLabel(FLAG_OPTIONS.is_attendance, v.is_attendance) },
  ];
}

/** The confirm step's cautions (not blocking: the admin may register anyway). */
export function ConfirmCautions({ values }: { values: StudentCommonValues }) {
  const items = studentCautions(values, todayTokyo());
  if (items.length === 0) return null;
  return (
    <Alert variant="warning" title="確認してください（このまま登録もできます）">
      {items.map((c) => (
        <p key={c.field}>{c.message}</p>
      ))}
    </Alert>
  );
}
