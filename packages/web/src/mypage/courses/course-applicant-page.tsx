import type { MypageCourseDetail } from '@manabi/shared/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { handleApiError, isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { Alert, Button, CheckboxItem, ConfirmList, FullPageSpinner, PageTitle, TextLink } from '../../ui';
import { applyCourse, COURSES_KEY, courseDetailQuery } from './api/courses';
import { applicationPeriodText, courseIdParam, orDash, tuitionText } from './course-parts';

/**
 * /mypage/course/applicant/{id} (SPEC §2 course/applicant, §4 course application): confirm, then the
 * completion as a state of the same route. SPEC §4's redirect rule is ambiguous; resolved as: only a
 * student who can apply now (is_disp_applybtn) reaches the form, anyone else goes to /mypage/notfound.
 */
export function Component() {
  const id = courseIdParam(useParams().id);
  const detail = useQuery({ ...courseDetailQuery(id ?? 0), enabled: id !== null });
  const [step, setStep] = useState<'input' | 'complete'>('input');
  // once the server refused (e.g. already applied), stay here and show why instead of redirecting
  const [submitError, setSubmitError] = useState<string | null>(null);

  if (id === null) return <Navigate to={paths.mypage.notFound()} replace />;
  if (step === 'complete') return <ApplyComplete />;
  const course = detail.data;
  if (!course) return <FullPageSpinner />;
  if (!course.is_disp_applybtn && submitError === null) {
    return <Navigate to={paths.mypage.notFound()} replace />;
  }
  return (
    <ApplyConfirm
      course={course}
      submitError={submitError}
      onError={(message) => {
        setSubmitError(message);
        void detail.refetch();
      }}
      onDone={() => setStep('complete')}
    />
  );
}

const NO_CANCEL_WARNING =
  'この講座は、申込期間の終了後はキャンセルできません。やむを得ず欠席する場合は、講座の開始前に大学の事務局へメールでご連絡ください。大学と連携した講座は、申込期間の終了後に受講料のお支払いが必要となり、お支払い後の返金はできません。';

function ApplyConfirm({
  course,
  submitError,
  onError,
  onDone,
}: {
  course: MypageCourseDetail;
  submitError: string | null;
  onError: (message: string) => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorRef = useRef<HTMLDivElement>(null);
  const [agreed, setAgreed] = useState(false);
  // detail.cancel: cancelling stays possible after the period, so no agreement is asked for
  const needsAgreement = !course.cancel;

  const apply = useMutation({
    mutationFn: () => applyCourse(course, needsAgreement && agreed),
    // this screen shows the refusals itself; anything else is routed as SPEC §8 below
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: COURSES_KEY });
      onDone();
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 400 || error.status === 409 || error.status === 422)) {
        const messages = error.errList.map((e) => e.msg).filter(Boolean);
        onError(messages.length > 0 ? messages.join('\n') : error.message);
        return;
      }
      handleApiError('mypage', error, navigate);
    },
  });

  useEffect(() => {
    if (submitError === null) return;
    window.scrollTo({ top: 0 });
    errorRef.current?.focus();
  }, [submitError]);

  const canSubmit = course.is_disp_applybtn && (!needsAgreement || agreed);

  return (
    <div className="space-y-8">
      <PageTitle>講座の申込内容の確認</PageTitle>
      {submitError !== null && (
        <Alert ref={errorRef} variant="error" title="申込できませんでした" focusable>
          <p className="whitespace-pre-line">{submitError}</p>
        </Alert>
      )}
      {course.is_disp_applybtn && (
        <Alert variant="warning" announce={false}>
          <p>申込はまだ完了していません。内容をご確認のうえ、「申込を確定」を押してください。</p>
        </Alert>
      )}
      <section aria-labelledby="apply-course-heading" className="space-y-4">
        <h2 id="apply-course-heading" className="text-std-20B-150">
          申し込む講座
        </h2>
        <ConfirmList
          items={[
            { label: '講座名', value: course.course_name },
            { label: '実施機関', value: orDash(course.organ) },
            { label: '開催日', value: orDash(course.period) },
            {
              label: '申込期間',
              value: orDash(applicationPeriodText(course.period_f, course.period_t)),
            },
            { label: '受講料', value: tuitionText(course.tuition_fee) },
          ]}
        />
      </section>

      {course.is_disp_applybtn && (
        <>
          {needsAgreement && (
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
                name="is_dont_canncel"
                isSelected={agreed}
                onChange={setAgreed}
                isDisabled={apply.isPending}
                aria-describedby="apply-notice-text"
              >
                上記の注意事項を確認し、同意します
              </CheckboxItem>
            </section>
          )}
          <div className="space-y-2">
            {!canSubmit && (
              <p id="apply-submit-hint" className="text-std-16N-170 text-ink">
                注意事項に同意すると、「申込を確定」を押せるようになります。
              </p>
            )}
            <Button
              size="lg"
              isDisabled={!canSubmit}
              isPending={apply.isPending}
              pendingLabel="申込中..."
              aria-describedby={!canSubmit ? 'apply-submit-hint' : undefined}
              onPress={() => apply.mutate()}
            >
              申込を確定
            </Button>
          </div>
        </>
      )}
      <ul className="space-y-2">
        {submitError !== null && (
          <li>
            <TextLink to={paths.mypage.courseDetail(course.id)}>講座の詳細に戻る</TextLink>
          </li>
        )}
        <li>
          <TextLink to={paths.mypage.courseSearch('accepting')}>講座一覧に戻る</TextLink>
        </li>
      </ul>
    </div>
  );
}

function ApplyComplete() {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    titleRef.current?.focus();
  }, []);
  return (
    <div className="space-y-8">
      <PageTitle ref={titleRef}>講座の申込が完了しました</PageTitle>
      <p>申込の状況（抽選の結果など）は、「申込状況」の画面でご確認いただけます。</p>
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
