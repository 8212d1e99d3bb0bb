import type { MypageScheduleItem } from '@manabi/shared/schemas/responses';
import { lazy, Suspense, useState } from 'react';
import { paths } from '../../lib/paths';
import { useSessionQuery, useSessionUser } from '../../lib/session';
import { Button, TextLink } from '../../ui/button';
import { CourseName } from './schedule-list';
import { placeText } from './schedule-parts';

/** The card's code (a react-aria modal) comes when the student reaches for the button, as the header's does. */
const loadIdCard = () => import('../layout/student-id-card');
const StudentIdCard = lazy(() => loadIdCard().then((m) => ({ default: m.StudentIdCard })));

/**
 * 「今日の授業」, first on the top page on a day the student has a class (Tokyo date): the 学生証 button, which
 * opens the card whose QR code the desk scans; for each of today's classes the time, the course (第n回), the
 * place (the venue once) and 持ち物 when the course names any; and the way to the whole schedule. On a phone
 * with large text the statuses above it once pushed the day's class two thousand pixels down; on the way to
 * the venue it is what the student opens the page for.
 */
export function TodayClasses({ items }: { items: readonly MypageScheduleItem[] }) {
  return (
    <section
      aria-labelledby="top-today-class-heading"
      className="space-y-4 rounded-8 border-4 border-primary bg-canvas p-4"
    >
      {/* the card right under the heading: at the desk it is what the student reaches for, and on a phone
          with large text the classes' details may run past the first screen */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="top-today-class-heading" className="text-std-22B-150">
          今日の授業
        </h2>
        <StudentCardButton />
      </div>
      <ul className="space-y-4">
        {items.map((item) => (
          <li key={`${item.course_id}-${item.no}`} className="space-y-2">
            <TodayClass item={item} />
          </li>
        ))}
      </ul>
      <p>
        <TextLink to={paths.mypage.schedule()}>予定をすべて見る</TextLink>
      </p>
    </section>
  );
}

function TodayClass({ item }: { item: MypageScheduleItem }) {
  const place = placeText(item);
  return (
    <>
      <p className="text-std-24B-150 text-ink">
        {item.start}〜{item.end}
      </p>
      <p className="text-std-20B-150">
        <CourseName item={item} />
        <span className="text-ink">（第{item.no}回）</span>
      </p>
      <dl className="space-y-1 text-std-18N-160 text-ink">
        {place && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-std-18B-160">会場：</dt>
            <dd className="wrap-anywhere">{place}</dd>
          </div>
        )}
        {item.bring && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-std-18B-160">持ち物：</dt>
            <dd className="wrap-anywhere">{item.bring}</dd>
          </div>
        )}
      </dl>
    </>
  );
}

/**
 * 学生証: the same card as the header's button (its QR code for the desk first), here where the student looks
 * on a class day.
 */
function StudentCardButton() {
  const user = useSessionUser();
  const officePhone = useSessionQuery('mypage').data?.office_phone ?? '';
  const [isOpen, setIsOpen] = useState(false);
  const [isWanted, setIsWanted] = useState(false);
  return (
    <>
      <Button
        size="lg"
        className="w-full sm:w-auto"
        onHoverStart={() => void loadIdCard()}
        onFocus={() => void loadIdCard()}
        onPress={() => {
          setIsWanted(true);
          setIsOpen(true);
        }}
      >
        学生証を表示する
      </Button>
      {isWanted && (
        <Suspense fallback={null}>
          <StudentIdCard user={user} officePhone={officePhone} isOpen={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      )}
    </>
  );
}
