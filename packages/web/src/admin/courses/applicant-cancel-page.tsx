import { MSG } from '@manabi/shared/validation/messages';
import { useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { isFullApplicant, useApplicantDetail, useCancelApplicant } from './api/applicants';

/**
 * /admin/course/detail/applicant/cancel/{id}/{userId} (SPEC §2): cancel confirmation, then completion
 * linking to the course detail. Authority 2 is sent to /admin/404 (the server refuses with 403 as well).
 * A course that forbids cancelling shows the caution and no button; a 422/409 answer is shown here.
 */
export function Component() {
  const user = useSessionUser();
  if (user.authority !== 1) return <Navigate to={paths.admin.notFound()} replace />;
  return <ApplicantCancel />;
}

function ApplicantCancel() {
  const { id, userId } = useParams();
  const courseId = Number(id);
  const studentId = Number(userId);
  const detail = useApplicantDetail(courseId, studentId);
  const cancel = useCancelApplicant();
  const messageRef = useRef<HTMLDivElement>(null);
  const applicant = detail.data && isFullApplicant(detail.data) ? detail.data : undefined;
  const { isSuccess, error } = cancel;

  // the outcome of the press is where the keyboard goes next
  useEffect(() => {
    if (isSuccess || error) messageRef.current?.focus();
  }, [isSuccess, error]);

  if (!applicant && !isSuccess) return <FullPageSpinner />;
  const detailPath = paths.admin.courseApplicant(courseId, studentId);

  if (isSuccess || !applicant) {
    return (
      <div className="space-y-8">
        <PageTitle>申込の取消し</PageTitle>
        <Alert variant="success" title="キャンセル完了" ref={messageRef} focusable>
          <p>申込をキャンセルしました。</p>
        </Alert>
        <ul className="flex flex-col gap-3 sm:flex-row sm:gap-8">
          <li>
            <TextLink to={paths.admin.courseDetail(courseId, 1)}>講座詳細へ戻る</TextLink>
          </li>
          <li>
            <TextLink to={detailPath}>申込者詳細へ</TextLink>
          </li>
        </ul>
      </div>
    );
  }

  const errorMessage = error
    ? isApiError(error) && error.status === 409
      ? MSG.stale
      : error.message
    : undefined;
  return (
    <div className="space-y-8">
      <PageTitle>申込の取消し</PageTitle>
      <p className="text-std-20B-150 text-ink">{applicant.course_name}</p>
      <ConfirmList
        items={[
          { label: '学籍番号', value: applicant.login_id },
          { label: '氏名', value: applicant.name },
        ]}
      />
      {errorMessage && (
        <Alert variant="error" ref={messageRef} focusable>
          <p>{errorMessage}</p>
        </Alert>
      )}
      {applicant.cannot_cancel ? (
        <Alert variant="warning" announce={false}>
          <p>この講座はキャンセルできない設定です。</p>
        </Alert>
      ) : applicant.is_cancel ? (
        <Alert variant="info" announce={false}>
          <p>この申込はすでにキャンセルされています。</p>
        </Alert>
      ) : (
        <>
          <Alert variant="warning" announce={false}>
            <p>この申込をキャンセルします。よろしいですか。</p>
          </Alert>
          <p>
            <Button
              isPending={cancel.isPending}
              pendingLabel="キャンセル中..."
              onPress={() =>
                cancel.mutate({ course_id: courseId, user_id: studentId, updated_at: applicant.updated_at })
              }
            >
              キャンセルする
            </Button>
          </p>
        </>
      )}
      <p>
        <TextLink to={detailPath}>戻る</TextLink>
      </p>
    </div>
  );
}
