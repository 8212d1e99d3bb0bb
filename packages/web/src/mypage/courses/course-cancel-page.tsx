import type { CourseCancelView } from '@manabi/shared/api';
import { MYPAGE_COURSE_MSG } from '@manabi/shared/schemas/mypage-course';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { Button, ButtonLink, TextLink } from '../../ui/button';
import { ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { COURSES_KEY, NEWS_KEY } from '../query-keys';
import { courseIdParam } from '../route-params';
import { cancelCourse, cancelViewQuery } from './api/courses';
import { orDash, yenText } from './course-parts';

const STALE_MESSAGE = '申込の内容がほかの操作で変更されました。内容をもう一度ご確認ください。';

/**
 * /mypage/course/cancel/:id (SPEC §2 course/cancel, §4 Cancel): the application's course and the
 * student's contacts, 戻る and 受講をキャンセルする → completion (a state of this route). A course that can
 * no longer be cancelled goes to notfound (SPEC §4); a missing application answers 404, routed by the client.
 * An application cancelled meanwhile (in another tab) is said so, with the way to 申込状況.
 */
export function Component() {
  const id = courseIdParam(useParams().id);
  const fromApplied = (useLocation().state as { prev?: unknown } | null)?.prev === 2;
  const [isDone, setIsDone] = useState(false);
  const [gone, setGone] = useState<string | null>(null);
  // once cancelled (here or elsewhere), the view is gone on the server: stop fetching it so no 404 is routed
  const view = useQuery({ ...cancelViewQuery(id ?? 0), enabled: id !== null && !isDone && gone === null });
  const { cancel, message, messageRef } = useCancelCourse(() => setIsDone(true), setGone, view.refetch);

  if (id === null) return <Navigate to={paths.mypage.notFound()} replace />;
  if (isDone) return <CancelDone />;
  if (gone !== null) return <CancelGone message={gone} />;

  const data = view.data;
  if (!data) return <FullPageSpinner />;
  if (!data.is_cancelable) return <Navigate to={paths.mypage.notFound()} replace />;

  return (
    <div className="space-y-8">
      <PageTitle>申込のキャンセル</PageTitle>
      {message && (
        <Alert ref={messageRef} variant="error" title={message} focusable className="outline-offset-4" />
      )}
      <p className="text-std-16N-170 text-ink">
        次の講座の申込をキャンセルします。よろしければ「受講をキャンセルする」を押してください。
      </p>
      <ConfirmList
        items={[
          { label: '講座名', value: data.course_name },
          { label: '学生番号', value: data.login_id },
          { label: '氏名', value: data.name },
          { label: '電話番号1', value: orDash(data.phone1) },
          { label: '電話番号2', value: orDash(data.phone2) },
          { label: 'メールアドレス1', value: orDash(data.mail1) },
          { label: 'メールアドレス2', value: orDash(data.mail2) },
        ]}
      />
      {data.net_paid > 0 && (
        <section aria-labelledby="refund-title" className="space-y-2 rounded-8 border-2 border-line p-4">
          <h2 id="refund-title" className="text-std-18B-160 text-ink">
            お支払い済みの受講料の返金
          </h2>
          <p className="text-std-17N-170 text-ink">入金済みの額：{yenText(data.net_paid)}</p>
          <p className="text-std-17B-170 text-ink">
            {data.refund_due > 0
              ? `いまキャンセルすると、${yenText(data.refund_due)}を返金します。返金の手続きは事務局からご連絡します。`
              : 'いまキャンセルすると、返金はありません。'}
          </p>
          {data.refund_rule && <p className="text-std-16N-170 text-ink">{data.refund_rule}</p>}
        </section>
      )}
      <div className="flex flex-wrap gap-4">
        <ButtonLink
          to={fromApplied ? paths.mypage.courseApplied() : paths.mypage.courseDetail(id)}
          variant="secondary"
        >
          戻る
        </ButtonLink>
        <Button
          onPress={() => cancel.mutate(data)}
          isPending={cancel.isPending || view.isFetching}
          pendingLabel={cancel.isPending ? 'キャンセル中...' : undefined}
        >
          受講をキャンセルする
        </Button>
      </div>
    </div>
  );
}

/**
 * 受講をキャンセルする: on success the course lists, the detail and the notices are read again; a 409 that
 * says the application is cancelled already (another tab did it) ends the screen with that message; any other
 * 409 says the application changed meanwhile and reads the view again; a 422 shows the server's reason. The
 * message takes focus when it appears.
 */
function useCancelCourse(
  onDone: () => void,
  onGone: (message: string) => void,
  refetchView: () => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  // the lists and detail change; the cancel view only becomes stale (refetching it would 404 here)
  const readAgain = () =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: COURSES_KEY,
        predicate: (query) => query.queryKey[2] !== 'cancel',
      }),
      queryClient.invalidateQueries({ queryKey: [...COURSES_KEY, 'cancel'], refetchType: 'none' }),
      queryClient.invalidateQueries({ queryKey: NEWS_KEY }),
    ]);

  const cancel = useMutation({
    mutationFn: (current: CourseCancelView) => cancelCourse(current),
    onMutate: () => setMessage(null),
    onSuccess: async () => {
      onDone();
      await readAgain();
    },
    onError: async (error) => {
      if (!isApiError(error)) return;
      if (error.status === 409 && error.message === MYPAGE_COURSE_MSG.alreadyCancelled) {
        onGone(error.message);
        await readAgain();
      } else if (error.status === 409) {
        setMessage(STALE_MESSAGE);
        void refetchView();
      } else if (error.status === 422) {
        setMessage(error.errList[0]?.msg ?? error.message);
      }
    },
  });

  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  return { cancel, message, messageRef };
}

/**
 * Cancelled already, from another tab or by the office: what happened and where to go, in place of the
 * form (there is nothing left to cancel). Its message takes focus, as the completion's heading does.
 */
function CancelGone({ message }: { message: string }) {
  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    messageRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="space-y-8">
      <PageTitle>申込のキャンセル</PageTitle>
      <Alert ref={messageRef} variant="warning" title={message} focusable className="outline-offset-4">
        <p>
          別の画面での操作か事務局の手続きで、キャンセルが済んでいます。いまの申込みの状況は「申込状況」でご確認ください。
        </p>
      </Alert>
      <p>
        <TextLink to={paths.mypage.courseApplied()}>申込状況へ</TextLink>
      </p>
    </div>
  );
}

/** The completion, a state of this route: its heading takes focus at the top of the page. */
function CancelDone() {
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    doneRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="space-y-8">
      <PageTitle>申込のキャンセル</PageTitle>
      <h2 ref={doneRef} tabIndex={-1} className="text-std-22B-150 text-ink outline-offset-4">
        講座のキャンセルが完了しました
      </h2>
      <p>
        <TextLink to={paths.mypage.courseApplied()}>申込状況へ</TextLink>
      </p>
    </div>
  );
}
