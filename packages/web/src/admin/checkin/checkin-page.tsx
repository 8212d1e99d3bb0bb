import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateJa } from '@manabi/shared/domain/dates';
import {
  CHECKIN_LOGIN_ID_LENGTH,
  type CheckinBody,
  type CheckinCourse,
  type CheckinManualForm,
  type CheckinResult,
  checkinManualFormSchema,
} from '@manabi/shared/schemas/checkin';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { cx } from '../../ui/cx';
import { FieldRegistryProvider } from '../../ui/field-parts';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { TextInput } from '../../ui/text-input';
import { todaySessionsQuery, useCheckIn } from './api/checkin';
import { CAMERA_PROBLEM_TEXT, type CameraProblem } from './camera-problems';
import { MissingList } from './missing-list';

/** The decoder (about 400 KB) comes only once a course is chosen and the camera is wanted. */
const QrScanner = lazy(() => import('./qr-scanner').then((m) => ({ default: m.QrScanner })));

/**
 * A code still in front of the camera is read again and again: it is sent once, and again only after it
 * has been out of view this long (then the answer is 「すでに出席済みです」, which is true).
 */
const SAME_CODE_MS = 3000;

/**
 * /admin/checkin 受付（出席の記録）: choose one of today's courses, then scan each student's
 * check-in QR code with the tablet's or phone's camera — or type the 学生番号 — and 出席 is recorded for
 * today's session; below, who is expected and not here yet. Both authorities (authority 2: its
 * university's courses, as the server decides).
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const today = useQuery(todaySessionsQuery());
  if (!today.data) return <FullPageSpinner />;

  const courseId = Number(params.get('course'));
  const no = Number(params.get('no'));
  const chosen = today.data.data_list.find((s) => s.course_id === courseId && s.session_no === no);
  return (
    <div className="space-y-8">
      <PageTitle>受付（出席の記録）</PageTitle>
      {chosen ? (
        <Reception
          // a new course starts with a clean panel and a fresh camera
          key={`${chosen.course_id}-${chosen.session_no}`}
          session={chosen}
          onChooseAgain={() => setParams({})}
        />
      ) : (
        <CoursePicker
          today={today.data.today}
          sessions={today.data.data_list}
          wasChosen={params.has('course')}
          onChoose={(s) => setParams({ course: String(s.course_id), no: String(s.session_no) })}
        />
      )}
    </div>
  );
}

const timeText = (s: CheckinCourse) => `${s.start}〜${s.end}`;
const placeText = (s: CheckinCourse) => [s.venue, s.room].filter(Boolean).join(' ');

function CoursePicker({
  today,
  sessions,
  wasChosen,
  onChoose,
}: {
  today: string;
  sessions: CheckinCourse[];
  wasChosen: boolean;
  onChoose: (session: CheckinCourse) => void;
}) {
  return (
    <section aria-labelledby="pick-title" className="space-y-4">
      <h2 id="pick-title" className="text-std-22B-150">
        受付をする講座を選んでください（{formatDateJa(today)}）
      </h2>
      {wasChosen && (
        <p className="text-std-16B-170 text-error">
          選んだ講座は、今日の授業日の一覧にありません。もう一度選んでください。
        </p>
      )}
      {sessions.length === 0 ? (
        <p>今日の授業日がある講座はありません。授業日は、講座管理の講座の登録・変更画面で設定します。</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {sessions.map((s) => (
            <li
              key={`${s.course_id}-${s.session_no}`}
              className="flex flex-col gap-2 rounded-12 border-2 border-line bg-canvas p-4"
            >
              <h3 className="text-std-20B-150 wrap-anywhere">{s.course_name}</h3>
              <p>
                第{s.session_no}回　{timeText(s)}
                {placeText(s) && `　${placeText(s)}`}
              </p>
              <p className="text-std-16B-170">
                出席 {s.checked_in} / {s.expected} 人
              </p>
              <Button
                className="self-start"
                aria-label={`${s.course_name}（第${s.session_no}回）の受付を始める`}
                onPress={() => onChoose(s)}
              >
                受付を始める
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p>
        <TextLink to={paths.admin.top()}>トップへ戻る</TextLink>
      </p>
    </section>
  );
}

/** What the panel shows: the last answer, with when it came (so a repeat is seen and heard as new). */
type Outcome =
  | { kind: 'ok' | 'already'; result: CheckinResult; at: Date }
  | { kind: 'refused'; message: string; at: Date };

function Reception({ session, onChooseAgain }: { session: CheckinCourse; onChooseAgain: () => void }) {
  const checkIn = useCheckIn();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const busy = useRef(false);
  const lastCode = useRef<{ text: string; seenAt: number } | null>(null);
  const { mutateAsync } = checkIn;

  const send = useCallback(
    async (body: CheckinBody): Promise<boolean> => {
      busy.current = true;
      try {
        const result = await mutateAsync(body);
        setOutcome({ kind: result.result, result, at: new Date() });
        return true;
      } catch (error) {
        // an ended session has been sent to the login page already
        if (isApiError(error) && error.status === 401) return false;
        const message = !isApiError(error)
          ? '記録できませんでした。もう一度お試しください。'
          : error.status === 0
            ? 'サーバーに接続できませんでした。通信の状態を確かめてから、もう一度読み取ってください。'
            : (error.errList[0]?.msg ?? error.message);
        setOutcome({ kind: 'refused', message, at: new Date() });
        return false;
      } finally {
        busy.current = false;
      }
    },
    [mutateAsync],
  );

  const onCode = useCallback(
    (text: string) => {
      const now = Date.now();
      const last = lastCode.current;
      if (last && last.text === text && now - last.seenAt < SAME_CODE_MS) {
        last.seenAt = now;
        return;
      }
      // one at a time: a code read while the last one is being recorded is read again a moment later
      if (busy.current) return;
      lastCode.current = { text, seenAt: now };
      void send({ course_id: session.course_id, code: text });
    },
    [send, session.course_id],
  );

  return (
    <div className="space-y-8">
      <section aria-labelledby="session-title" className="space-y-2">
        <h2 id="session-title" className="text-std-24B-150 wrap-anywhere">
          {session.course_name}
        </h2>
        <p className="text-std-18B-160">
          第{session.session_no}回　{timeText(session)}
          {placeText(session) && `　${placeText(session)}`}
        </p>
        {/* read again after every check-in (the page's list is refreshed) */}
        <p className="text-std-28B-150">
          出席 {session.checked_in} / {session.expected} 人
        </p>
        <Button variant="secondary" onPress={onChooseAgain}>
          講座を選び直す
        </Button>
      </section>

      <ResultPanel outcome={outcome} />

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="camera-title" className="space-y-3">
          <h2 id="camera-title" className="text-std-22B-150">
            QRコードの読み取り
          </h2>
          {problem ? (
            <Alert variant="warning" title="カメラを使えません">
              <p>{CAMERA_PROBLEM_TEXT[problem]}</p>
              <p>カメラなしでも、「学生番号で記録」から出席を記録できます。</p>
            </Alert>
          ) : (
            <Suspense fallback={<p>カメラを準備しています...</p>}>
              <QrScanner onCode={onCode} onProblem={setProblem} />
            </Suspense>
          )}
        </section>
        <ManualEntry courseId={session.course_id} send={send} isPending={checkIn.isPending} />
      </div>

      <MissingList courseId={session.course_id} sessionNo={session.session_no} />

      <p>
        <TextLink to={paths.admin.top()}>トップへ戻る</TextLink>
      </p>
    </div>
  );
}

/**
 * The answer, large and in colour with words that say it without the colour, in a live region (assertive:
 * the person at the desk must not miss a refusal). The time makes a second answer for the same student new.
 */
function ResultPanel({ outcome }: { outcome: Outcome | null }) {
  const time = outcome
    ? outcome.at.toLocaleTimeString('ja-JP', { timeZone: 'Asia/Tokyo', hour12: false })
    : '';
  return (
    <section aria-labelledby="result-title" className="space-y-2">
      <h2 id="result-title" className="text-std-22B-150">
        読み取りの結果
      </h2>
      <div
        aria-live="assertive"
        aria-atomic="true"
        className={cx(
          'min-h-40 rounded-12 border-4 border-l-8 p-6',
          !outcome && 'border-line-subtle bg-canvas',
          outcome?.kind === 'ok' && 'border-success-line bg-success-tint',
          outcome?.kind === 'already' && 'border-warning-line bg-warning-tint',
          outcome?.kind === 'refused' && 'border-error-line bg-error-tint',
        )}
      >
        {!outcome && (
          <p className="text-std-20B-150">学生証のQRコードを読み取るか、学生番号を入力してください。</p>
        )}
        {outcome && outcome.kind !== 'refused' && (
          <div className="space-y-2">
            <p className="text-std-36B-140 max-sm:text-std-28B-150">
              {outcome.kind === 'ok' ? '出席を記録しました' : 'すでに出席済みです'}
            </p>
            <p className="text-std-32B-150 wrap-anywhere max-sm:text-std-24B-150">
              {outcome.result.student.name}
            </p>
            <p className="text-std-24B-150 wrap-anywhere">{outcome.result.student.name_kana}</p>
            <p className="text-std-20B-150">
              第{outcome.result.session_no}回　学生番号 {outcome.result.student.login_id}　（{time}）
            </p>
          </div>
        )}
        {outcome?.kind === 'refused' && (
          <div className="space-y-2">
            <p className="text-std-36B-140 text-error max-sm:text-std-28B-150">記録できませんでした</p>
            <p className="text-std-22B-150">{outcome.message}</p>
            <p className="text-std-16N-170">（{time}）</p>
          </div>
        )}
      </div>
    </section>
  );
}

/** 学生番号で記録: when there is no camera, or a phone cannot show its code. */
function ManualEntry({
  courseId,
  send,
  isPending,
}: {
  courseId: number;
  send: (body: CheckinBody) => Promise<boolean>;
  isPending: boolean;
}) {
  const form = useForm<CheckinManualForm>({
    resolver: zodResolver(checkinManualFormSchema),
    defaultValues: { login_id: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    const isRecorded = await send({ course_id: courseId, login_id: String(values.login_id ?? '') });
    if (isRecorded) form.reset({ login_id: '' });
    form.setFocus('login_id');
  });
  return (
    <section aria-labelledby="manual-title" className="space-y-3">
      <h2 id="manual-title" className="text-std-22B-150">
        学生番号で記録
      </h2>
      <p>カメラが使えないときや、QRコードを表示できない方は、学生証の学生番号を入力してください。</p>
      <FieldRegistryProvider>
        <form noValidate onSubmit={submit} className="space-y-4">
          <TextInput
            control={form.control}
            name="login_id"
            label="学生番号"
            isRequired
            inputMode="numeric"
            autoComplete="off"
            maxLength={CHECKIN_LOGIN_ID_LENGTH}
            width="sm"
            description="学生証に書かれている8桁の番号です。"
          />
          <Button type="submit" isPending={isPending} pendingLabel="記録しています...">
            出席を記録する
          </Button>
        </form>
      </FieldRegistryProvider>
    </section>
  );
}
