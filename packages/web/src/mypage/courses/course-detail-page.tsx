import type { MypageCourseDetail } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { sessionWhenJa } from '@manabi/shared/domain/sessions';
import { roomBeyondVenue } from '@manabi/shared/domain/venue';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ButtonLink, buttonClass, TextLink } from '../../ui/button';
import { ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { NewWindowIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/page-title';
import { courseIdParam } from '../route-params';
import { SeatDecision, seatStatusLabel, seatStatusText } from '../seat-decision';
import { courseDetailQuery, courseIcsUrl } from './api/courses';
import {
  ApplyingBadge,
  applicationPeriodText,
  CourseImage,
  materialCostText,
  orDash,
  tuitionText,
  withUnit,
} from './course-parts';

/**
 * /mypage/course/detail/{id} (SPEC §2 course/detail): the course's facts and one action. Every flag
 * (in_period, is_cancelable, is_disp_applybtn…) is the server's; this screen only shows them.
 * A course that is not public, or an id that is not a number, is a 404 → /mypage/notfound (SPEC §8).
 */
export function Component() {
  const id = courseIdParam(useParams().id);
  const detail = useQuery({ ...courseDetailQuery(id ?? 0), enabled: id !== null });
  if (id === null) return <Navigate to={paths.mypage.notFound()} replace />;
  const course = detail.data;
  if (!course) return <FullPageSpinner />;
  const isApplied = course.applicant_id !== null;

  return (
    <article className="space-y-6">
      {course.categories.length > 0 && (
        <p className="text-std-16N-170 text-ink">
          <span className="sr-only">カテゴリ：</span>
          {course.categories.join('、')}
        </p>
      )}
      <PageTitle>{course.course_name}</PageTitle>
      {isApplied && (
        <p className="flex flex-wrap items-center gap-4 text-std-16N-170 text-ink">
          <ApplyingBadge />
          {course.lottery_status && (
            <span>
              {seatStatusLabel(course)}：{seatStatusText(course, codeText('CD003', course.lottery_status))}
            </span>
          )}
        </p>
      )}
      {isApplied && (
        <SeatDecision seat={{ ...course, course_id: course.id }} cancelable={course.is_cancelable} />
      )}
      <div className="max-w-xl">
        <CourseImage src={course.image} variant="detail" />
      </div>
      {course.content && (
        <div className="whitespace-pre-line wrap-anywhere text-std-17N-170 text-ink">{course.content}</div>
      )}
      <ConfirmList
        items={[
          { label: '開催日', value: orDash(course.period) },
          { label: '申込期間', value: orDash(applicationPeriodText(course.period_f, course.period_t)) },
          { label: '主催（実施機関）', value: orDash(course.organ) },
          { label: '定員', value: withUnit(course.capacity, '名') },
          { label: '回数', value: withUnit(course.all_times, '回') },
          { label: '受講料', value: tuitionText(course.tuition_fee) },
          { label: '会場', value: orDash(course.venue) },
          // only when the office names something: a 「－」 would read as 「nothing to bring」
          ...(course.bring ? [{ label: '持ち物', value: course.bring }] : []),
          { label: '単位', value: withUnit(course.unit, '単位') },
          { label: '教材費', value: materialCostText(course.material_cost) },
          // a course that asks payment before the first class says what a cancellation gives back
          ...(course.refund_rule ? [{ label: '返金', value: course.refund_rule }] : []),
          { label: 'キーワード', value: orDash(course.keyword) },
          { label: '申込方法', value: <HowToApply course={course} /> },
        ]}
      />
      {course.sessions.length > 0 && <ClassDays course={course} />}
      {course.permalink && (
        <p>
          <a
            href={course.permalink}
            target="_blank"
            rel="noopener noreferrer"
            className="text-link underline underline-offset-4 hover:text-link-hover"
          >
            {/* the new-window notice is visible text here, so the kit's screen-reader hint is not added */}
            講座の詳しい案内（新しいウィンドウで開きます）
            <NewWindowIcon />
          </a>
        </p>
      )}
      <CourseAction course={course} />
      <p>
        <TextLink to={paths.mypage.courseSearch('accepting')}>講座一覧に戻る</TextLink>
      </p>
    </article>
  );
}

/**
 * 授業日: each dated class — 第n回, day, time, and its room where the venue does not already name it — and the course's classes as a calendar file
 * (.ics, called 「カレンダー用ファイル」: the extension means nothing to most students) for a phone's or computer's calendar (any public course; the feed on 今後の予定 has the student's own).
 */
function ClassDays({ course }: { course: MypageCourseDetail }) {
  const thisYear = todayTokyo().slice(0, 4);
  return (
    <section aria-labelledby="class-days-heading" className="space-y-4">
      <h2 id="class-days-heading" className="text-std-22B-150 text-ink">
        授業日
      </h2>
      <ol className="divide-y divide-line-subtle border-y border-line-subtle">
        {course.sessions.map((s) => (
          <li key={s.no} className="flex flex-wrap gap-x-4 gap-y-1 py-2 text-std-17N-170 text-ink">
            <span className="text-std-17B-170">第{s.no}回</span>
            <span>{sessionWhenJa(s, thisYear)}</span>
            {/* the room only where it says more than the 会場 above (not 「1階 多目的室」 once more) */}
            {roomBeyondVenue(course.venue, s.room) && <span>{roomBeyondVenue(course.venue, s.room)}</span>}
          </li>
        ))}
      </ol>
      <div className="space-y-2">
        <a href={courseIcsUrl(course.id)} download className={buttonClass('secondary')}>
          予定をカレンダーに追加（カレンダー用ファイル）
        </a>
        <span className="block text-std-16N-170 text-ink">
          ダウンロードしたファイルを開くと、スマートフォンやパソコンのカレンダーに授業日を追加できます。
        </span>
      </div>
    </section>
  );
}

function HowToApply({ course }: { course: MypageCourseDetail }) {
  if (!course.how_to_apply && !course.apply_url) return '－';
  return (
    <span className="block space-y-2">
      {course.how_to_apply && <span className="block whitespace-pre-line">{course.how_to_apply}</span>}
      {course.apply_url && (
        <span className="block">
          <TextLink href={course.apply_url} newWindow>
            {course.apply_url_text || course.apply_url}
          </TextLink>
        </span>
      )}
    </span>
  );
}

/**
 * The bottom action, exactly as SPEC §2: applied or outside the period → the cancel link (only when
 * cancellable, with state prev=1 so the cancel screen's 戻る returns here); otherwise the apply link
 * when the server shows the apply button. A sentence says why when nothing can be done.
 */
function CourseAction({ course }: { course: MypageCourseDetail }) {
  const isApplied = course.applicant_id !== null;
  if (isApplied || !course.in_period) {
    return (
      <div className="space-y-4">
        {!isApplied && <p className="text-std-17N-170 text-ink">{outOfPeriodText(course)}</p>}
        {isApplied && !course.is_cancelable && !course.is_cancelable_pure && !course.in_period && (
          <p className="text-std-17N-170 text-ink">この講座は申込期間の終了後はキャンセルできません。</p>
        )}
        {course.is_cancelable && (
          <ButtonLink to={paths.mypage.courseCancel(course.id)} state={{ prev: 1 }} variant="secondary">
            申込をキャンセルする
          </ButtonLink>
        )}
      </div>
    );
  }
  if (course.is_disp_applybtn) {
    return (
      <div className="space-y-4">
        {course.is_full && (
          // a full first-come course with a waitlist (decision 015)
          <p className="text-std-17N-170 text-ink">
            定員に達しています。申し込むと順番待ち（補欠）になり、席が空いたら申込みの順に繰り上げます。
          </p>
        )}
        <ButtonLink to={paths.mypage.courseApplicant(course.id)} size="lg">
          {course.is_full ? '順番待ちで申し込む' : 'この講座に申し込む'}
        </ButtonLink>
      </div>
    );
  }
  if (course.is_full) {
    return <p className="text-std-17N-170 text-ink">定員に達したため、申込を締め切りました。</p>;
  }
  return null;
}

/** Not applied and outside the period: before it opens or after it closed. */
function outOfPeriodText(course: MypageCourseDetail): string {
  const opens = course.period_f ? new Date(course.period_f).getTime() : Number.NaN;
  if (!Number.isNaN(opens) && Date.now() < opens) {
    return '現在は申込期間外です。申込期間になるまでお待ちください。';
  }
  return '現在は申込期間外です。この講座の申込は終了しました。';
}
