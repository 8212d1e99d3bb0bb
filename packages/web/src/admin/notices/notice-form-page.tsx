import type { Notice, NoticeWriteResult } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import {
  NOTICE_CONTENT_MAX,
  NOTICE_MAIL_TITLE_MAX,
  NOTICE_REMARKS_MAX,
  NOTICE_TITLE_MAX,
  NOTICE_URL_MAX,
  type NoticeForm,
  noticeFormSchema,
  PUBLISHED_TO,
} from '@manabi/shared/schemas/notice';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';
import { RadioGroup, Select } from '../../ui/choice-fields';
import { type Option, optionLabel } from '../../ui/code-options';
import { ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { StepForm, type StepFormApi } from '../../ui/step-form';
import { DateTimeInput, TextArea, TextInput } from '../../ui/text-input';
import { categoryListQuery } from '../category-list';
import { CoursePickerField } from '../course-picker';
import { FormModeRoute } from '../layout/form-mode';
import { useNoticeDetail, useSaveNotice } from './api/notices';
import { AudienceCount, audienceCountText } from './notice-audience';
import {
  ALL_APPLICANTS,
  confirmSentences,
  EMAIL_OPTIONS,
  formatLocalDateTimeJa,
  hiddenFieldResets,
  IMPORTANT_OPTIONS,
  type NoticeFormValues,
  noticeBody,
  noticeFormDefaults,
} from './notice-values';

type FormApi = StepFormApi<NoticeFormValues, NoticeForm>;

const COURSE_LABEL = '講座';

/**
 * /admin/notification/detail/{mode}/{noticeId} (SPEC §2 Notices, §4 notice form, §5): new (noticeId 0) or
 * update — input → confirm → register → completion. The target decides which fields show: 期生ID for a
 * generation, the course (chosen in the course-selection modal) and 抽選状況 for a course; the mail title
 * shows when mail is on. A missing notice goes to /admin/404; a stale update shows StepForm's 409 message.
 */
export function Component() {
  return (
    <FormModeRoute
      idParam="noticeId"
      create={() => <NoticeFormLoader />}
      update={(id) => <NoticeUpdateLoader noticeId={id} />}
    />
  );
}

function NoticeUpdateLoader({ noticeId }: { noticeId: number }) {
  const detail = useNoticeDetail(noticeId);
  if (!detail.data) return <FullPageSpinner />;
  // keyed by the record, not its updated_at: saving refreshes the row and the completion step must stay
  return <NoticeFormLoader key={noticeId} current={detail.data} />;
}

/** Waits for the categories (the Select's choices), then shows the form. */
function NoticeFormLoader({ current }: { current?: Notice }) {
  const categories = useQuery(categoryListQuery(''));
  if (!categories.data) return <FullPageSpinner />;
  const options: Option[] = categories.data.map((c) => ({ value: String(c.id), label: c.category_name }));
  // a notice may name a category that no longer exists in the list: keep it choosable
  if (current?.category_id && !options.some((o) => o.value === String(current.category_id))) {
    options.push({ value: String(current.category_id), label: current.category_name ?? '' });
  }
  return <NoticeStepForm current={current} categoryOptions={options} />;
}

function NoticeStepForm({ current, categoryOptions }: { current?: Notice; categoryOptions: Option[] }) {
  const save = useSaveNotice();
  const isUpdate = current !== undefined;
  const title = isUpdate ? 'お知らせの変更' : 'お知らせの新規作成';

  return (
    <div className="space-y-8">
      <PageTitle>{title}</PageTitle>
      {current && <p className="text-std-17N-170 text-ink">{current.title}</p>}
      <StepForm<NoticeForm, NoticeWriteResult, NoticeFormValues>
        schema={noticeFormSchema}
        defaultValues={noticeFormDefaults(current)}
        onSubmit={(values) => {
          const body = noticeBody(values);
          return save.mutateAsync(
            current ? { ...body, id: current.id, updated_at: current.updated_at } : body,
          );
        }}
        errorLabels={{ course_id: COURSE_LABEL }}
        renderInput={(form) => <NoticeFields form={form} categoryOptions={categoryOptions} />}
        inputActions={
          <ButtonLink
            to={current ? paths.admin.noticeDetail(current.id) : paths.admin.noticeList()}
            variant="tertiary"
          >
            {current ? 'お知らせ詳細へ戻る' : 'お知らせ一覧へ戻る'}
          </ButtonLink>
        }
        renderConfirm={(values) => (
          <div className="space-y-6">
            <Alert variant="info" title="配信先とメール" announce={false}>
              <AudienceCount values={values} noticeId={current?.id} />
              {confirmSentences(values, { isUpdate }).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </Alert>
            <ConfirmList items={confirmItems(values, categoryOptions)} />
          </div>
        )}
        renderComplete={(result) => (
          <div className="space-y-6">
            <Alert variant="success" title={isUpdate ? '更新完了' : '登録完了'}>
              <p>{isUpdate ? 'お知らせを更新しました' : 'お知らせを登録しました'}</p>
              <p className="text-std-20B-150">{audienceCountText(result)}</p>
              {isUpdate && <p>メールの人数は、今回の更新でメールを送った人数です。</p>}
            </Alert>
            <ul className="flex flex-col gap-3 sm:flex-row sm:gap-8">
              <li>
                <TextLink to={paths.admin.noticeDetail(result.id ?? current?.id ?? 0)}>
                  お知らせ詳細へ
                </TextLink>
              </li>
              <li>
                <TextLink to={paths.admin.noticeList()}>お知らせ一覧へ戻る</TextLink>
              </li>
            </ul>
          </div>
        )}
      />
    </div>
  );
}

/** Every field as the confirm step shows it (hidden targets' fields left out). */
function confirmItems(values: NoticeForm, categoryOptions: Option[]) {
  const target = values.published_to;
  return [
    { label: 'カテゴリ', value: optionLabel(categoryOptions, values.category_id) || 'なし' },
    { label: 'タイトル', value: values.title },
    { label: '本文', value: values.content },
    { label: '参考URL1', value: values.reference_url1 },
    { label: '参考URL2', value: values.reference_url2 },
    { label: '参考URL3', value: values.reference_url3 },
    { label: '備考', value: values.remarks },
    { label: '掲載開始日時', value: formatLocalDateTimeJa(values.period_from) || '指定なし' },
    { label: '掲載終了日時', value: formatLocalDateTimeJa(values.period_to) || '指定なし' },
    { label: '公開状態', value: codeText('CD007', values.is_control) },
    { label: '配信先', value: codeText('CD008', target) },
    ...(target === PUBLISHED_TO.GENERATION ? [{ label: '期生ID', value: values.generation_id }] : []),
    ...(target === PUBLISHED_TO.COURSE
      ? [
          { label: COURSE_LABEL, value: values.course_name },
          {
            label: '抽選状況',
            value: values.lottery_status ? codeText('CD003', values.lottery_status) : ALL_APPLICANTS,
          },
        ]
      : []),
    { label: 'メール', value: optionLabel(EMAIL_OPTIONS, values.is_email) },
    ...(values.is_email === '1' ? [{ label: 'メールの件名', value: values.email_title }] : []),
    { label: '重要度', value: optionLabel(IMPORTANT_OPTIONS, values.is_important) },
  ];
}

function NoticeFields({ form, categoryOptions }: { form: FormApi; categoryOptions: Option[] }) {
  const target = useWatch({ control: form.control, name: 'published_to' });
  const isEmail = useWatch({ control: form.control, name: 'is_email' });

  // hidden fields are cleared (never sent or validated as stale values); mail on starts from the default title
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the target or the mail choice changes
  useEffect(() => {
    const resets = hiddenFieldResets(form.getValues());
    for (const [name, value] of Object.entries(resets)) {
      form.setValue(name as keyof NoticeFormValues, value as string, { shouldValidate: false });
      form.clearErrors(name as keyof NoticeFormValues);
    }
  }, [target, isEmail]);

  return (
    <>
      <Select
        control={form.control}
        name="category_id"
        label="カテゴリ"
        options={categoryOptions}
        placeholder="なし"
      />
      <TextInput
        control={form.control}
        name="title"
        label="タイトル"
        isRequired
        maxLength={NOTICE_TITLE_MAX}
        width="full"
      />
      <TextArea
        control={form.control}
        name="content"
        label="本文"
        isRequired
        rows={8}
        maxLength={NOTICE_CONTENT_MAX}
        description="改行はそのまま表示されます。"
      />
      {(['reference_url1', 'reference_url2', 'reference_url3'] as const).map((name, index) => (
        <TextInput
          key={name}
          control={form.control}
          name={name}
          label={`参考URL${index + 1}`}
          type="url"
          inputMode="url"
          maxLength={NOTICE_URL_MAX}
          width="full"
          description={index === 0 ? 'http:// または https:// で始まるURLを入力します。' : undefined}
        />
      ))}
      <TextArea
        control={form.control}
        name="remarks"
        label="備考"
        rows={3}
        maxLength={NOTICE_REMARKS_MAX}
        description="事務局用のメモです。学生には表示されません。"
      />
      <fieldset className="mx-0 min-w-0 space-y-2 border-0 p-0">
        <legend className="text-std-17B-170 text-ink">掲載期間</legend>
        <p className="text-std-16N-170 text-ink-muted">空欄のときは期限なしです。</p>
        <div className="flex flex-wrap items-end gap-4">
          <DateTimeInput control={form.control} name="period_from" label="掲載開始日時" />
          <span aria-hidden="true" className="pb-3 text-ink">
            〜
          </span>
          <DateTimeInput control={form.control} name="period_to" label="掲載終了日時" />
        </div>
      </fieldset>
      <RadioGroup control={form.control} name="is_control" label="公開状態" isRequired options="CD007" />
      <NoticeAudienceFields form={form} target={target} />
      <RadioGroup control={form.control} name="is_email" label="メール" isRequired options={EMAIL_OPTIONS} />
      {isEmail === '1' && (
        <TextInput
          control={form.control}
          name="email_title"
          label="メールの件名"
          isRequired
          maxLength={NOTICE_MAIL_TITLE_MAX}
          width="full"
        />
      )}
      <RadioGroup
        control={form.control}
        name="is_important"
        label="重要度"
        isRequired
        options={IMPORTANT_OPTIONS}
        description="「重要」にすると、マイページで目立つように表示し、配信先一覧で既読とメールの届き方を確かめて、届いていない方へ郵送できます。"
      />
    </>
  );
}

/** 配信先 and what it asks for: 期生ID for a generation, the course and 抽選状況 for a course. */
function NoticeAudienceFields({ form, target }: { form: FormApi; target: string | undefined }) {
  return (
    <>
      <RadioGroup control={form.control} name="published_to" label="配信先" isRequired options="CD008" />
      {target === PUBLISHED_TO.GENERATION && (
        <TextInput
          control={form.control}
          name="generation_id"
          label="期生ID"
          isRequired
          inputMode="numeric"
          width="xs"
          description="入学した年月の数字4桁です（例：2404）。"
        />
      )}
      {target === PUBLISHED_TO.COURSE && (
        <>
          <CourseField form={form} />
          <Select
            control={form.control}
            name="lottery_status"
            label="抽選状況"
            options="CD003"
            placeholder={ALL_APPLICANTS}
            description="選んだ抽選状況の申込者だけに配信します（キャンセルした申込者には配信しません）。"
          />
        </>
      )}
    </>
  );
}

/**
 * The required course of a course target (course_id): chosen by name or code in the course picker, which
 * fills the course's id; its name shows on the confirm step.
 */
function CourseField({ form }: { form: FormApi }) {
  const courseName = useWatch({ control: form.control, name: 'course_name' });
  return (
    <CoursePickerField
      control={form.control}
      name="course_id"
      label={COURSE_LABEL}
      isRequired
      chosenLabel={courseName || undefined}
      onChosen={(course) => form.setValue('course_name', course ? course.course_name : '')}
    />
  );
}
