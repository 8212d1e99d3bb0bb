import type { MypageCourseDetail } from '@manabi/shared/api';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { sessionWhenJa } from '@manabi/shared/domain/sessions';
import { classPlace } from '@manabi/shared/domain/venue';
import { courseApplicationFormSchema } from '@manabi/shared/schemas/mypage-course';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useController, useFormState } from 'react-hook-form';
import { Navigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { TextLink } from '../../ui/button';
import { CheckboxItem } from '../../ui/choice-fields';
import { ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { type SchemaInput, StepForm, type StepFormApi } from '../../ui/step-form';
import { courseIdParam } from '../route-params';
import { courseDetailQuery, useApplyCourse } from './api/courses';
import { applicationPeriodText, materialCostText, orDash, tuitionText } from './course-parts';

type Input = SchemaInput<typeof courseApplicationFormSchema>;
type Values = ReturnType<typeof courseApplicationFormSchema.parse>;

/**
 * /mypage/course/applicant/{id} (SPEC §2 course/applicant, §4 course application): the confirmation as
 * StepForm's input step (the agreement, 申込を確定), then the completion as a state of the same route.
 * SPEC §4's redirect rule is ambiguous; resolved as: only a student who can apply now (is_disp_applybtn)
 * reaches the form, anyone else goes to /mypage/notfound.
 */
export function Component() {
  const id = courseIdParam(useParams().id);
  const detail = useQuery({ ...courseDetailQuery(id ?? 0), enabled: id !== null });
  // the detail is read again once applied (or refused): from then on it no longer decides the redirect
  const [isSubmitted, setIsSubmitted] = useState(false);
  // once the server refused (e.g. already applied), stay here and show why instead of redirecting
  const [submitError, setSubmitError] = useState<string | null>(null);

  if (id === null) return <Navigate to={paths.mypage.notFound()} replace />;
  const course = detail.data;
  if (!course) return <FullPageSpinner />;
  if (!course.is_disp_applybtn && !isSubmitted) {
    return <Navigate to={paths.mypage.notFound()} replace />;
  }
  return (
    <ApplyForm
      course={course}
      submitError={submitError}
      onSubmitted={() => setIsSubmitted(true)}
      onRefused={(message) => {
        setSubmitError(message);
        void detail.refetch();
      }}
    />
  );
}

const NO_CANCEL_WARNING =
  'この講座は、申込期間の終了後はキャンセルできません。やむを得ず欠席する場合は、講座の開始前に大学の事務局へメールでご連絡ください。大学と連携した講座は、申込期間の終了後に受講料のお支払いが必要となり、お支払い後の返金はできません。';

/** The server's reasons for refusing the application (SPEC §4), or null for an error to be routed. */
function refusalOf(error: unknown): string | null {
  if (!isApiError(error) || !(error.status === 400 || error.status === 409 || error.status === 422)) {
    return null;
  }
  const messages = error.errList.map((e) => e.msg).filter(Boolean);
  return messages.length > 0 ? messages.join('\n') : error.message;
}

function ApplyForm({
  course,
  submitError,
  onSubmitted,
  onRefused,
}: {
  course: MypageCourseDetail;
  submitError: string | null;
  onSubmitted: () => void;
  onRefused: (message: string) => void;
}) {
  const apply = useApplyCourse();
  const queryClient = useQueryClient();
  const [isDone, setIsDone] = useState(false);
  const { titleRef, errorRef } = useApplyFocus(isDone, submitError);
  // detail.cancel: cancelling stays possible after the period, so no agreement is asked for
  const needsAgreement = !course.cancel;
  // after a refusal the refreshed detail usually no longer offers the button: only the course remains
  const isOpen = isDone || course.is_disp_applybtn || submitError === null;

  return (
    <div className="space-y-8">
      <PageTitle ref={titleRef}>{isDone ? '講座の申込が完了しました' : '講座の申込内容の確認'}</PageTitle>
      {submitError !== null && !isDone && (
        <Alert ref={errorRef} variant="error" title="申込できませんでした" focusable>
          <p className="whitespace-pre-line">{submitError}</p>
        </Alert>
      )}
      {course.is_disp_applybtn && !isDone && (
        <Alert variant="warning" announce={false}>
          <p>申込はまだ完了していません。内容をご確認のうえ、「申込を確定」を押してください。</p>
        </Alert>
      )}
      {isOpen ? (
        <StepForm<Values, MypageCourseDetail | null, Input>
          schema={courseApplicationFormSchema}
          defaultValues={{ is_dont_canncel: false }}
          skipConfirm
          showSteps={false}
          headings={{ input: '申し込む講座', complete: '申込状況の確認' }}
          submitLabel="申込を確定"
          pendingLabel="申込中..."
          canSubmit={needsAgreement ? (values) => values.is_dont_canncel === true : undefined}
          submitHint="注意事項に同意すると、「申込を確定」を押せるようになります。"
          onSubmit={async (values) => {
            onSubmitted();
            await apply.mutateAsync({ detail: course, agreed: needsAgreement && values.is_dont_canncel });
            // the course as it now stands for the student: the completion says what the application became
            // (a first-come seat, a lottery entry or a place in line), read once more from the server
            return queryClient
              .fetchQuery({ ...courseDetailQuery(course.id), staleTime: 0 })
              .catch(() => null);
          }}
          onSubmitError={(error) => {
            const refusal = refusalOf(error);
            if (refusal !== null) onRefused(refusal);
            return refusal !== null;
          }}
          onStepChange={(step) => setIsDone(step === 'complete')}
          renderInput={(form) => (
            <>
              <CourseSummary course={course} />
              {needsAgreement && <NoCancelAgreement form={form} />}
            </>
          )}
          renderConfirm={() => null}
          renderComplete={(applied) => <ApplyComplete course={applied} />}
        />
      ) : (
        <section aria-labelledby="apply-course-heading" className="space-y-4">
          <h2 id="apply-course-heading" className="text-std-20B-150">
            申し込む講座
          </h2>
          <CourseSummary course={course} />
        </section>
      )}
      {!isDone && <ApplyBackLinks courseId={course.id} wasRefused={submitError !== null} />}
    </div>
  );
}

/**
 * Where focus goes: the page title once applied, since it is what says the application went through (a
 * screen reader reads 「講座の申込が完了しました」 at once; this parent effect runs after StepForm's, which
 * focused its step heading 「申込状況の確認」 in the same commit); the refusal's alert when refused.
 */
function useApplyFocus(isDone: boolean, submitError: string | null) {
  const errorRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (isDone) titleRef.current?.focus({ preventScroll: true });
  }, [isDone]);

  useEffect(() => {
    if (submitError === null) return;
    window.scrollTo({ top: 0 });
    errorRef.current?.focus();
  }, [submitError]);

  return { titleRef, errorRef };
}

/** The way back before the application is done: to the course after a refusal, and to the list. */
function ApplyBackLinks({ courseId, wasRefused }: { courseId: number; wasRefused: boolean }) {
  return (
    <ul className="space-y-2">
      {wasRefused && (
        <li>
          <TextLink to={paths.mypage.courseDetail(courseId)}>講座の詳細に戻る</TextLink>
        </li>
      )}
      <li>
        <TextLink to={paths.mypage.courseSearch('accepting')}>講座一覧に戻る</TextLink>
      </li>
    </ul>
  );
}

function CourseSummary({ course }: { course: MypageCourseDetail }) {
  return (
    <ConfirmList
      items={[
        { label: '講座名', value: course.course_name },
        { label: '実施機関', value: orDash(course.organ) },
        { label: '開催日', value: orDash(course.period) },
        { label: '申込期間', value: orDash(applicationPeriodText(course.period_f, course.period_t)) },
        { label: '受講料', value: tuitionText(course.tuition_fee) },
        // what the student pays besides the 受講料, before she commits (the detail page says it too)
        { label: '教材費', value: materialCostText(course.material_cost) },
      ]}
    />
  );
}

/** The no-cancel warning and its agreement (SPEC §2): 申込を確定 waits for the tick. */
function NoCancelAgreement({ form }: { form: StepFormApi<Input, Values> }) {
  const { field } = useController({ control: form.control, name: 'is_dont_canncel' });
  const { isSubmitting } = useFormState({ control: form.control });
  return (
    <section
      aria-labelledby="apply-notice-heading"
      className="space-y-4 rounded-8 border-2 border-warning-line bg-warning-tint p-4"
    >
      <h2 id="apply-notice-heading" className="text-std-20B-150 text-ink">
        【注意】キャンセルについて
      </h2>
      <p id="apply-notice-text" className="text-std-17N-170 text-ink">
        {NO_CANCEL_WARNING}
      </p>
      <CheckboxItem
        id="apply-agree"
        name={field.name}
        isSelected={field.value === true}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        isDisabled={isSubmitting}
        aria-describedby="apply-notice-text"
      >
        上記の注意事項を確認し、同意します
      </CheckboxItem>
    </section>
  );
}

/**
 * What the application became, in the student's words: a first-come seat is 「受講が決まりました」; a lottery
 * entry is received, its result after the period's end; a full course's entry waits in line. Then the first
 * class (day and time) when the course has class days.
 */
function ApplyComplete({ course }: { course: MypageCourseDetail | null }) {
  const first = course?.sessions.reduce<MypageCourseDetail['sessions'][number] | undefined>(
    (a, s) => (!a || s.day < a.day || (s.day === a.day && s.start < a.start) ? s : a),
    undefined,
  );
  const lead =
    course?.lottery_status === '2'
      ? '受講が決まりました。'
      : course?.lottery_status === '5'
        ? '定員に達していたため、順番待ち（補欠）として申込を受け付けました。'
        : '申込を受け付けました。';
  // 抽選待ち: when the result comes; 補欠: the place in line (the one sentence of shared/domain/intake.ts)
  const next = course?.lottery_status === '1' || course?.lottery_status === '5' ? course.next_step : '';
  return (
    <div className="space-y-8">
      <div className="space-y-2 rounded-8 border-2 border-primary bg-surface p-4" data-testid="apply-result">
        <p className="text-std-20B-150 text-ink">{lead}</p>
        {next && <p className="text-std-17N-170 text-ink">{next}</p>}
        {first && (
          <p className="text-std-17N-170 text-ink">
            {course?.lottery_status === '2' ? '初回の授業' : '初回の授業（予定）'}：
            {sessionWhenJa(first, todayTokyo().slice(0, 4))}
            {course && classPlace(course.venue, first.room) && `　${classPlace(course.venue, first.room)}`}
          </p>
        )}
      </div>
      <p>
        申込の状況{course?.is_lottery ? '（抽選の結果など）' : ''}は、「申込状況」の画面でご確認いただけます。
      </p>
      <ul className="space-y-2">
        <li>
          <TextLink to={paths.mypage.courseApplied()}>申込状況を見る</TextLink>
        </li>
        <li>
          <TextLink to={paths.mypage.courseSearch('accepting')}>受付中の講座一覧へ</TextLink>
        </li>
      </ul>
    </div>
  );
}
