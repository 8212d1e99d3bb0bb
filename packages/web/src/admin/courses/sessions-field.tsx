import { firstDayBeforeWindowCloses } from '@manabi/shared/domain/course-state';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { dayJa, sessionWhenJa, weeklySessions } from '@manabi/shared/domain/sessions';
import type { CourseForm, courseFormSchema } from '@manabi/shared/schemas/course';
import { COURSE_SESSIONS_MAX } from '@manabi/shared/schemas/course-session';
import { useId, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { controlClass, fieldId, useRegisterField } from '../../ui/field-parts';
import type { StepFormApi } from '../../ui/step-form';
import { DateInput, TextInput, TimeInput } from '../../ui/text-input';

/** The course form's react-hook-form instance (StepForm's). */
type CourseFormApi = StepFormApi<CourseForm, z.output<typeof courseFormSchema>>;

const EMPTY = { day: '', start: '', end: '', room: '' };

/**
 * The course form's 授業日 (decision 028): up to 15 dated sessions, session n being the n-th
 * attendance column. 「毎週の授業日を作る」 fills the list from a first day, times and a number of weeks; each
 * session can then be changed (a holiday moved) or removed. Leaving the list empty keeps the course as before
 * (開催日時 is the text students read either way).
 */
export function SessionsField({ form }: { form: CourseFormApi }) {
  const { fields, append, remove, replace } = useFieldArray({ control: form.control, name: 'sessions' });
  const allTimes = useWatch({ control: form.control, name: 'all_times' });
  const listError = form.formState.errors.sessions?.message ?? form.formState.errors.sessions?.root?.message;
  useRegisterField('sessions', '授業日');
  const headingId = useId();

  return (
    <fieldset aria-labelledby={headingId} className="space-y-5 rounded-12 border-2 border-line p-4 sm:p-6">
      <legend id={headingId} className="px-2 text-std-18B-160">
        授業日（任意）
      </legend>
      <p className="text-std-16N-170 text-ink-muted">
        日付を登録すると、受講する方の「今後の予定」とカレンダーに表示され、前日にお知らせが届きます。第1回が出欠表の1回目、第2回が2回目…に対応します。登録しない場合は「開催日時」の文字だけが表示されます。
      </p>
      <p className="text-std-16N-170 text-ink-muted">
        これからの授業の日付・時刻・教室を変えて更新すると、当選した方に「日程変更」のお知らせが届きます（メールを受け取る方にはメールでも）。メールを受け取らない方は「連絡が必要な学生」に郵送の対象として表示されます。
      </p>

      <WeeklyMaker allTimes={allTimes} onMake={replace} />

      {listError && (
        <p id={fieldId('sessions')} tabIndex={-1} role="alert" className="text-std-16B-170 text-error">
          {String(listError)}
        </p>
      )}

      {fields.length === 0 ? (
        <p className="text-std-16N-170">授業日は登録されていません。</p>
      ) : (
        <ol className="space-y-4">
          {fields.map((item, i) => (
            <SessionRow key={item.id} form={form} index={i} onRemove={() => remove(i)} />
          ))}
        </ol>
      )}
      {fields.length < COURSE_SESSIONS_MAX && (
        <Button variant="secondary" onPress={() => append(EMPTY)}>
          授業日を1回分追加
        </Button>
      )}
    </fieldset>
  );
}

/** 「毎週の授業日を作る」: the list made anew from a first day, times, a room and a number of weeks. */
function WeeklyMaker({
  allTimes,
  onMake,
}: {
  /** The form's 回数, the number of weeks when none is typed. */
  allTimes: CourseForm['all_times'];
  onMake: (sessions: ReturnType<typeof weeklySessions>) => void;
}) {
  const [weekly, setWeekly] = useState({ first: '', start: '', end: '', room: '', count: '' });
  const [weeklyError, setWeeklyError] = useState('');
  const weeks = Number(weekly.count || allTimes || 0);

  const makeWeekly = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(weekly.first) || !weekly.start || !weekly.end) {
      setWeeklyError('初回の日付と、開始・終了の時刻を入れてください。');
      return;
    }
    if (!(weeks >= 1 && weeks <= COURSE_SESSIONS_MAX)) {
      setWeeklyError(`作る授業日の数は1から${COURSE_SESSIONS_MAX}までで入れてください。`);
      return;
    }
    setWeeklyError('');
    onMake(weeklySessions(weekly.first, weeks, weekly));
  };

  return (
    <div className="space-y-3 rounded-8 border border-info-line bg-info-tint p-4">
      <p className="text-std-16B-170">毎週の授業日をまとめて作る</p>
      <div className="flex flex-wrap items-end gap-4">
        <WeeklyInput
          label="初回の日付"
          type="date"
          value={weekly.first}
          onChange={(first) => setWeekly({ ...weekly, first })}
        />
        <WeeklyInput
          label="開始時刻"
          type="time"
          value={weekly.start}
          onChange={(start) => setWeekly({ ...weekly, start })}
        />
        <WeeklyInput
          label="終了時刻"
          type="time"
          value={weekly.end}
          onChange={(end) => setWeekly({ ...weekly, end })}
        />
        <WeeklyInput
          label="作る授業日の数"
          type="number"
          value={weekly.count}
          placeholder={String(allTimes || '')}
          onChange={(count) => setWeekly({ ...weekly, count })}
        />
        <WeeklyInput
          label="教室（任意）"
          type="text"
          value={weekly.room}
          onChange={(room) => setWeekly({ ...weekly, room })}
        />
        <Button variant="secondary" onPress={makeWeekly}>
          毎週の授業日を作る
        </Button>
      </div>
      {weeklyError && (
        <p role="alert" className="text-std-16B-170 text-error">
          {weeklyError}
        </p>
      )}
      <p className="text-std-16N-170 text-ink-muted">
        押すと下の一覧が作り直されます。「作る授業日の数」が空のときは、「回数」欄の数だけ作ります。
      </p>
    </div>
  );
}

function SessionRow({ form, index, onRemove }: { form: CourseFormApi; index: number; onRemove: () => void }) {
  const n = index + 1;
  const name = (part: 'day' | 'start' | 'end' | 'room') => `sessions.${index}.${part}` as const;
  return (
    <li className="rounded-8 border border-line p-4">
      <fieldset className="space-y-3">
        <legend className="text-std-16B-170">第{n}回</legend>
        <div className="flex flex-wrap items-start gap-4">
          <DateInput control={form.control} name={name('day')} label={`第${n}回の日付`} isRequired />
          <TimeInput control={form.control} name={name('start')} label={`第${n}回の開始`} isRequired />
          <TimeInput control={form.control} name={name('end')} label={`第${n}回の終了`} isRequired />
          <TextInput
            control={form.control}
            name={name('room')}
            label={`第${n}回の教室`}
            maxLength={100}
            width="sm"
          />
        </div>
        <Button variant="tertiary" onPress={onRemove} aria-label={`第${n}回を削除`}>
          この回を削除
        </Button>
      </fieldset>
    </li>
  );
}

function WeeklyInput({
  label,
  type,
  value,
  placeholder,
  onChange,
}: {
  label: string;
  type: 'date' | 'time' | 'number' | 'text';
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-std-16B-170">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        placeholder={placeholder}
        min={type === 'number' ? 1 : undefined}
        max={type === 'number' ? COURSE_SESSIONS_MAX : type === 'date' ? '9999-12-31' : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
        className={controlClass(type === 'text' ? 'sm' : 'xs')}
      />
    </div>
  );
}

/** The confirm step's lines: '第1回 12月2日（水）13:00〜14:30 201'. */
export function sessionsSummary(sessions: CourseForm['sessions']): string {
  if (!sessions || sessions.length === 0) return '登録なし';
  return sessions
    .map(
      (s, i) =>
        `第${i + 1}回 ${sessionWhenJa({ day: s.day ?? '', start: s.start ?? '', end: s.end ?? '' })}${s.room ? ` ${s.room}` : ''}`,
    )
    .join('\n');
}

/** The first class day typed (the earliest session day), '' when none is. */
export const firstSessionDay = (sessions: readonly { day?: string }[] | undefined): string =>
  (sessions ?? [])
    .map((s) => s.day ?? '')
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
    .sort()[0] ?? '';

/** What the warning says (the form and its confirm step). */
export function classDayWarningText(sessions: readonly { day?: string }[] | undefined, periodT: string) {
  const first = firstSessionDay(sessions);
  if (!firstDayBeforeWindowCloses(first, periodT)) return null;
  return `第1回の授業日（${dayJa(first)}）が、申込期間の終了（${formatDateTimeJa(periodT)}）より前か同じ日です。申込期間中に授業が始まります。日付に誤りがないか確かめてください。`;
}

/**
 * A warning, not a refusal: a first class day on or before the end of the application period lets students
 * apply after classes began (sometimes meant, usually a typo). Shown beside the class days as they are typed.
 */
export function ClassDayWarning({ form }: { form: CourseFormApi }) {
  const sessions = useWatch({ control: form.control, name: 'sessions' });
  const periodT = useWatch({ control: form.control, name: 'period_t' });
  const text = classDayWarningText(sessions, String(periodT ?? ''));
  if (!text) return null;
  return (
    <Alert variant="warning" title="授業の開始が申込期間中です">
      <p>{text}</p>
    </Alert>
  );
}
