import { formatDateJa, formatDateTimeJa } from '@manabi/shared/domain/dates';
import { JOB_LABELS, type Worklist } from '@manabi/shared/schemas/worklist';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useRetryMail, worklistQuery } from './api/worklist';

type CourseCount = Worklist['waitlist']['courses'][number];
type ClassDay = Worklist['sessions'][number];
type FailedMail = NonNullable<Worklist['mail']>['mails'][number];

/** A course's applicant tab showing one lottery status (the list's own URL search, as 募集の状況 links it). */
const applicantsWith = (courseId: number, status: string) =>
  `${paths.admin.courseDetail(courseId, 2)}?lottery_status=${status}`;
/** The applicant tab's seats unpaid past their deadline (payment=overdue): the 未入金 card's own seats. */
const unpaidOf = (courseId: number) => `${paths.admin.courseDetail(courseId, 2)}?payment=overdue`;
/** The course list filtered to a state, every application period (control given, so no period defaults). */
const coursesIn = (state: string, control: '1' | '2') =>
  `${paths.admin.courseList()}?control=${control}&state=${state}`;

/**
 * 今日の仕事: the cards of the office's work list above the menu (decision 057). Each says a number, why it
 * matters, and links to the screen where the work is done; a card with nothing to do says so in one line.
 */
export function WorklistCards() {
  const list = useQuery(worklistQuery());
  return (
    <section aria-labelledby="worklist-title" className="space-y-4">
      <h2 id="worklist-title" className="text-std-24B-150">
        今日の仕事
      </h2>
      {!list.data ? (
        <Spinner label="今日の仕事を読み込んでいます" />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          <Cards w={list.data} />
        </ul>
      )}
    </section>
  );
}

function Cards({ w }: { w: Worklist }) {
  const dl = w.deadlines;
  return (
    <>
      {w.unapproved !== null && (
        <Card
          id="unapproved"
          title="承認待ちの学生"
          count={w.unapproved}
          unit="人"
          empty="承認待ちの学生はいません。"
          why="承認すると学生番号が決まり、講座に申し込めるようになります。"
        >
          <TextLink to={`${paths.admin.studentList()}?approval_status=0`}>未承認の学生を一覧で見る</TextLink>
        </Card>
      )}
      <Card
        id="draw"
        title="抽選を待っている講座"
        count={w.awaiting_draw.count}
        unit="講座"
        empty="抽選を待っている講座はありません。"
        why="申込期間が終わった抽選の講座です。申込者は締切後に結果が届くのを待っています。"
      >
        <CourseLinks courses={w.awaiting_draw.courses} unit="人が抽選待ち" status="1" />
        <TextLink to={coursesIn('awaiting_draw', '1')}>抽選待ちの講座を一覧で見る</TextLink>
        {w.awaiting_draw.private_count > 0 && (
          <TextLink to={coursesIn('awaiting_draw', '2')}>
            非公開の講座（{w.awaiting_draw.private_count}講座）を見る
          </TextLink>
        )}
      </Card>
      <Card
        id="deadline"
        title="確定の期限が近い当選者"
        count={dl.count}
        unit="人"
        empty="2日以内に確定の期限が来る当選者はいません。"
        why={`${formatDateTimeJa(dl.until)}までに期限が来て、まだ受講を確定していません。確定がないと辞退となり、席は補欠に回ります。`}
      >
        {dl.count > 0 && (
          <p className="text-std-17B-170">
            うち、結果のお知らせをまだ読んでいない人：{dl.unread}人（電話での確認をおすすめします）
          </p>
        )}
        <CourseLinks courses={dl.courses} unit="人" status="2" />
      </Card>
      <ContactCard contact={w.contact} />
      <Card
        id="waitlist"
        title="繰り上げを待つ補欠"
        count={w.waitlist.count}
        unit="人"
        empty="空いた席を待っている補欠はいません。"
        why="席が空いていますが、自動の繰り上げが止まっている講座です。申込者一覧から繰り上げてください。"
      >
        <CourseLinks courses={w.waitlist.courses} unit="人が補欠" status="5" />
      </Card>
      <Card
        id="unpaid"
        title="未入金・期限切れ"
        count={w.unpaid.count}
        unit="人"
        empty="お支払いの期限を過ぎて未入金の当選者はいません。"
        why="お支払いの期限を過ぎても入金が確認できない当選者です（自動で辞退扱いにしない講座）。申込者一覧で確認し、辞退の手続きをするか、入金を待つかを決めてください。"
      >
        <CourseLinks courses={w.unpaid.courses} unit="人が未入金" to={unpaidOf} />
      </Card>
      <Card
        id="classes"
        title="今日と明日の授業"
        count={w.sessions.length}
        unit="件"
        empty="今日と明日の授業はありません。"
        why="出席は、受付で記録した人数 / 出席を予定している人数です。"
      >
        <ul className="space-y-3">
          {w.sessions.map((s) => (
            <ClassItem key={`${s.course_id}-${s.session_no}`} s={s} isToday={s.day === w.today} />
          ))}
        </ul>
      </Card>
      {w.mail && <MailCard mail={w.mail} />}
      {w.jobs && <JobsCard jobs={w.jobs} />}
    </>
  );
}

/**
 * The contact list's people by reason, each to the list showing that reason, and how many people the list holds
 * (one row each, whatever her reasons: decisions 065, 087).
 */
function ContactCard({ contact }: { contact: Worklist['contact'] }) {
  const reasons = [
    { reason: 'deadline', count: contact.deadline, text: '確定の期限が近く、結果を見ていない当選者' },
    { reason: 'mail', count: contact.mail, text: 'メールが届かない学生' },
    { reason: 'letter', count: contact.letter, text: 'メールを受け取らず、郵送が必要な学生' },
  ].filter((r): r is { reason: string; count: number; text: string } => r.count !== null && r.count > 0);
  return (
    <Card
      id="contact"
      title="連絡が必要な学生"
      count={contact.people}
      unit="人"
      empty="いま電話や郵送で連絡が必要な学生はいません。"
      why="画面やメールでは結果が届いていない学生です。電話や郵送で確実にお伝えしてください。"
    >
      <ul className="space-y-1">
        {reasons.map((r) => (
          <li key={r.reason}>
            <TextLink to={`${paths.admin.contactList()}?reason=${r.reason}`}>{r.text}</TextLink>（{r.count}
            人）
          </li>
        ))}
      </ul>
      <TextLink to={paths.admin.contactList()}>連絡が必要な学生を一覧で見る</TextLink>
    </Card>
  );
}

function Card({
  id,
  title,
  count,
  unit,
  why,
  empty,
  note,
  children,
}: {
  id: string;
  title: string;
  count: number;
  unit: string;
  why: string;
  empty: string;
  /** shown whatever the number, e.g. the answer to an action the card took (which may have made it 0) */
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-12 border-2 border-line bg-canvas p-4 sm:p-6">
      <h3 id={`worklist-${id}`} className="text-std-22B-150">
        {title}
      </h3>
      {count === 0 ? (
        <p className="text-std-18N-160">{empty}</p>
      ) : (
        <>
          <p className="text-std-36B-140">
            {count}
            <span className="text-std-20B-150">{unit}</span>
          </p>
          <p className="text-std-17N-170">{why}</p>
          <div className="flex flex-col items-start gap-2">{children}</div>
        </>
      )}
      {note}
    </li>
  );
}

/** The courses a card names, each to its applicant tab showing the status the card counts (or to `to`). */
function CourseLinks({
  courses,
  unit,
  status,
  to = (id) => applicantsWith(id, status ?? ''),
}: {
  courses: CourseCount[];
  unit: string;
  status?: string;
  /** where a course leads, when not its applicants of `status` */
  to?: (courseId: number) => string;
}) {
  if (courses.length === 0) return null;
  return (
    <ul className="space-y-1">
      {courses.map((c) => (
        <li key={c.course_id} className="wrap-anywhere">
          <TextLink to={to(c.course_id)}>{c.course_name}</TextLink>（{c.count}
          {unit}）
        </li>
      ))}
    </ul>
  );
}

function ClassItem({ s, isToday }: { s: ClassDay; isToday: boolean }) {
  return (
    <li className="wrap-anywhere">
      <p className="text-std-17B-170">
        {isToday ? '今日' : '明日'}　{s.start}〜{s.end}　{s.course_name}（第{s.session_no}回）
      </p>
      <p className="flex flex-wrap gap-x-4">
        <span>
          出席 {s.checked_in} / {s.expected} 人
        </span>
        {isToday ? (
          <TextLink to={`${paths.admin.checkin()}?course=${s.course_id}&no=${s.session_no}`}>
            受付を開く
          </TextLink>
        ) : (
          <TextLink to={applicantsWith(s.course_id, '2')}>当選者を見る</TextLink>
        )}
      </p>
    </li>
  );
}

const RETRY_REFUSED: Record<number, string> = {
  404: 'このメールは見つかりませんでした。',
  409: 'このメールはすでに再送の手配がされています。',
};

/**
 * The undelivered mail and its retry. The answer is said at the card, not at the mail: a mail put back in
 * line leaves the list (and the number) as soon as the list is read again.
 */
function MailCard({ mail }: { mail: NonNullable<Worklist['mail']> }) {
  const retry = useRetryMail();
  const refused = isApiError(retry.error)
    ? (retry.error.errList[0]?.msg ?? RETRY_REFUSED[retry.error.status] ?? '再送できませんでした。')
    : null;
  const note = retry.isSuccess ? (
    <Alert variant="success">再送の手配をしました。また届かなかったときは、この一覧に戻ります。</Alert>
  ) : refused ? (
    <Alert variant="error">{refused}</Alert>
  ) : null;
  return (
    <Card
      id="mail"
      title="届かなかったメール"
      count={mail.count}
      unit="通"
      empty="届かなかったメールはありません。"
      why="5回送っても届かなかったメールと、宛先のメールサーバーに受け取りを断られたメールです。理由を確かめ、直せるものは再送してください。"
      note={note}
    >
      <ul className="space-y-3">
        {mail.mails.map((m) => (
          <MailItem
            key={m.id}
            m={m}
            isSending={retry.isPending}
            onRetry={() => {
              retry.reset();
              retry.mutate(m.id);
            }}
          />
        ))}
      </ul>
      {mail.count > mail.mails.length && <p>新しいものから{mail.mails.length}通を表示しています。</p>}
    </Card>
  );
}

function MailItem({ m, isSending, onRetry }: { m: FailedMail; isSending: boolean; onRetry: () => void }) {
  return (
    <li className="space-y-1 wrap-anywhere">
      <p className="text-std-17B-170">{m.subject}</p>
      <p>作成：{formatDateJa(m.created_at)}</p>
      <p>理由：{m.reason || '（記録がありません）'}</p>
      {m.can_retry ? (
        <Button
          variant="secondary"
          isDisabled={isSending}
          aria-label={`「${m.subject}」を再送する`}
          onPress={onRetry}
        >
          再送する
        </Button>
      ) : (
        <p>パスワード再設定のメールは本文を消去したため、再送できません。</p>
      )}
    </li>
  );
}

/**
 * Background work whose last round failed. Nothing to press here: a job tries again by itself every round
 * and leaves the card when one goes well; the card says since when, and the reason to hand on.
 */
function JobsCard({ jobs }: { jobs: NonNullable<Worklist['jobs']> }) {
  return (
    <Card
      id="jobs"
      title="止まっている自動処理"
      count={jobs.length}
      unit="件"
      empty="自動処理はすべて動いています。"
      why="自動でやり直していますが、うまくいっていません。続くときは、理由をシステム担当者に伝えてください。"
    >
      <ul className="space-y-3">
        {jobs.map((j) => (
          <li key={j.job} className="space-y-1 wrap-anywhere">
            <p className="text-std-17B-170">{JOB_LABELS[j.job]}</p>
            <p>
              最後の失敗：{formatDateTimeJa(j.failed_at)}（{j.failures}回続けて）
            </p>
            <p>
              最後にうまくいった日時：
              {j.last_success_at ? formatDateTimeJa(j.last_success_at) : '記録がありません'}
            </p>
            <p>理由：{j.reason || '（記録がありません）'}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
