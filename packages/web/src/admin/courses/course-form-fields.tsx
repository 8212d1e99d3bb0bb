import type { CourseForm, courseFormSchema } from '@manabi/shared/schemas/course';
import type { z } from 'zod';
import { CheckboxGroup, RadioGroup } from '../../ui/choice-fields';
import type { Option } from '../../ui/code-options';
import type { StepFormApi } from '../../ui/step-form';
import { DateTimeInput, TextArea, TextInput } from '../../ui/text-input';
import { ClassDayWarning, SessionsField } from './sessions-field';

type CourseFormApi = StepFormApi<CourseForm, z.output<typeof courseFormSchema>>;

export const CANCEL_OPTIONS: Option[] = [
  { value: '1', label: '可' },
  { value: '0', label: '不可' },
];
export const REMIND_OPTIONS: Option[] = [
  { value: '1', label: '送る' },
  { value: '0', label: '送らない' },
];
export const LOTTERY_OPTIONS: Option[] = [
  { value: '1', label: 'あり' },
  { value: '0', label: 'なし' },
];

/** The course form's input step, in the order the office reads a course's paper: outline, days, terms, publication. */
export function CourseFields({ form, categoryOptions }: { form: CourseFormApi; categoryOptions: Option[] }) {
  return (
    <>
      <CourseOutlineFields form={form} />
      <CourseDayFields form={form} />
      <CourseTermsFields form={form} />
      <CoursePublicationFields form={form} categoryOptions={categoryOptions} />
    </>
  );
}

/** What the course is, who runs it, when it takes applications and how many it takes. */
function CourseOutlineFields({ form }: { form: CourseFormApi }) {
  return (
    <>
      <TextInput
        control={form.control}
        name="course_id"
        label="講座ID"
        maxLength={10}
        width="sm"
        description="事務局で使う講座の番号です（半角英数字、10文字まで）。ほかの講座と同じ番号は使えません。"
      />
      <TextInput
        control={form.control}
        name="course_name"
        label="講座名"
        isRequired
        maxLength={100}
        width="lg"
      />
      <TextArea
        control={form.control}
        name="content"
        label="内容"
        rows={6}
        maxLength={10000}
        description="HTMLタグは取り除かれ、文字だけが登録されます。"
      />
      <TextInput control={form.control} name="organ" label="実施団体" isRequired maxLength={100} width="lg" />
      <TextInput
        control={form.control}
        name="univ_id"
        label="大学ID"
        maxLength={30}
        width="sm"
        description="大学の講座のときに入力します（例：U01）。市の講座は空欄にします。"
      />
      <DateTimeInput control={form.control} name="period_f" label="申込期間（開始）" isRequired />
      <DateTimeInput control={form.control} name="period_t" label="申込期間（終了）" isRequired />
      <TextInput
        control={form.control}
        name="period"
        label="開催日時"
        maxLength={100}
        width="lg"
        description="例：毎週水曜 13:00〜14:30"
      />
      <HeadcountField form={form} name="capacity" label="定員" />
      <HeadcountField form={form} name="minimum" label="最少人数" />
      <TextInput
        control={form.control}
        name="all_times"
        label="回数"
        isRequired
        inputMode="numeric"
        maxLength={2}
        width="xs"
        description="1から15までの数字で入力します。"
      />
    </>
  );
}

/** The class days and the reminder sent the day before each. */
function CourseDayFields({ form }: { form: CourseFormApi }) {
  return (
    <>
      <SessionsField form={form} />
      <ClassDayWarning form={form} />
      <RadioGroup
        control={form.control}
        name="remind"
        label="前日のお知らせ"
        options={REMIND_OPTIONS}
        description="授業日の前日に、受講が決まった方へマイページのお知らせとメールで日時・場所・持ち物を知らせます。"
      />
      <TextInput
        control={form.control}
        name="bring"
        label="持ち物"
        maxLength={200}
        width="lg"
        description="前日のお知らせに書かれます（例：筆記用具、上履き）。"
      />
    </>
  );
}

/** Fees, place, cancellation and credits. */
function CourseTermsFields({ form }: { form: CourseFormApi }) {
  return (
    <>
      <YenField form={form} name="tuition_fee" label="受講料" />
      <YenField form={form} name="tuition_fee1" label="受講料（補助）" />
      <YenField form={form} name="material_cost" label="教材費" />
      <TextInput control={form.control} name="venue" label="会場" maxLength={100} width="lg" />
      <TextInput control={form.control} name="street_address" label="所在地" maxLength={200} width="lg" />
      <RadioGroup
        control={form.control}
        name="cancel"
        label="キャンセル"
        isRequired
        options={CANCEL_OPTIONS}
      />
      <TextInput
        control={form.control}
        name="unit"
        label="単位"
        isRequired
        inputMode="numeric"
        maxLength={5}
        width="xs"
        description="1回の出席で取得できる単位数です。"
      />
    </>
  );
}

/** Categories, how the course is shown and applied for, and whether it is drawn. */
function CoursePublicationFields({
  form,
  categoryOptions,
}: {
  form: CourseFormApi;
  categoryOptions: Option[];
}) {
  return (
    <>
      <CheckboxGroup control={form.control} name="category" label="カテゴリ" options={categoryOptions} />
      <UrlField form={form} name="image" label="画像URL" />
      <RadioGroup control={form.control} name="status" label="公開状態" isRequired options="CD007" />
      <TextInput control={form.control} name="attendee" label="対象" maxLength={200} width="lg" />
      <TextInput control={form.control} name="keyword" label="キーワード" maxLength={100} width="lg" />
      <UrlField form={form} name="permalink" label="公開ページURL" />
      <TextArea control={form.control} name="how_to_apply" label="申込方法" rows={4} maxLength={2000} />
      <UrlField form={form} name="apply_url" label="申込URL" />
      <TextInput
        control={form.control}
        name="apply_url_text"
        label="申込URLの表示文字"
        maxLength={100}
        width="lg"
        description="空欄のときはURLをそのまま表示します。"
      />
      <RadioGroup
        control={form.control}
        name="is_lottery"
        label="抽選"
        isRequired
        options={LOTTERY_OPTIONS}
      />
    </>
  );
}

/** A number of people (定員, 最少人数). */
function HeadcountField({
  form,
  name,
  label,
}: {
  form: CourseFormApi;
  name: 'capacity' | 'minimum';
  label: string;
}) {
  return (
    <TextInput
      control={form.control}
      name={name}
      label={label}
      inputMode="numeric"
      maxLength={5}
      width="xs"
    />
  );
}

/** An amount in yen (受講料, its subsidised rate, 教材費). */
function YenField({
  form,
  name,
  label,
}: {
  form: CourseFormApi;
  name: 'tuition_fee' | 'tuition_fee1' | 'material_cost';
  label: string;
}) {
  return (
    <TextInput
      control={form.control}
      name={name}
      label={label}
      inputMode="numeric"
      maxLength={9}
      width="sm"
      description="円単位の数字で入力します。"
    />
  );
}

/** A web address (the picture, the public page, where to apply). */
function UrlField({
  form,
  name,
  label,
}: {
  form: CourseFormApi;
  name: 'image' | 'permalink' | 'apply_url';
  label: string;
}) {
  return <TextInput control={form.control} name={name} label={label} type="url" maxLength={500} width="lg" />;
}
