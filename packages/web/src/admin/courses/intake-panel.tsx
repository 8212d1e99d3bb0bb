import { zodResolver } from '@hookform/resolvers/zod';
import type { IntakeCounts, IntakeSettings } from '@manabi/shared/api';
import { LOTTERY } from '@manabi/shared/codes';
import { CONFIRM_DAYS_MAX } from '@manabi/shared/domain/intake';
import { intakeFormSchema } from '@manabi/shared/schemas/intake';
import { MSG } from '@manabi/shared/validation/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../lib/api';
import { useRouteApiError } from '../../lib/area';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { Checkbox } from '../../ui/choice-fields';
import { FieldErrorSummary } from '../../ui/field-error-summary';
import { FieldRegistryProvider } from '../../ui/field-parts';
import { Spinner } from '../../ui/spinner';
import { DateInput } from '../../ui/text-input';
import type { ApplicantSearch } from './api/applicant-list';
import { intakeQuery, useSaveIntake } from './api/intake';
import { applicantTabUrl } from './applicant-list-tab';
import { ConfirmDaysField } from './confirm-days-field';

/** The counts in the office's words, in the order of the cycle. */
export const COUNT_LABELS: readonly [keyof IntakeCounts, string][] = [
  ['applied', '応募'],
  ['pending', '抽選待ち'],
  ['won', '当選'],
  ['confirmed', '受講確定'],
  ['waiting', '補欠'],
  ['declined', '辞退'],
  ['lost', '落選'],
  ['cancelled', 'キャンセル'],
];

/** The applicant-tab search each count stands for (the server counts the same rows). */
const COUNT_FILTERS: Record<keyof IntakeCounts, Partial<ApplicantSearch>> = {
  applied: {},
  pending: { lottery_status: [LOTTERY.PENDING] },
  won: { lottery_status: [LOTTERY.WON] },
  confirmed: { lottery_status: [LOTTERY.WON], confirmed: ['1'] },
  waiting: { lottery_status: [LOTTERY.WAITLISTED] },
  declined: { lottery_status: [LOTTERY.DECLINED] },
  lost: { lottery_status: [LOTTERY.LOST] },
  cancelled: { lottery_status: [LOTTERY.CANCELLED] },
};

const settingsSchema = z.object({
  auto_promote: z.boolean(),
  promote_until: intakeFormSchema.shape.promote_until,
  waitlist: z.boolean(),
  confirm_days: intakeFormSchema.shape.confirm_days,
});
type SettingsForm = z.input<typeof settingsSchema>;
const FIELDS = ['auto_promote', 'promote_until', 'waitlist', 'confirm_days'] as const;

export const settingsDefaults = (s: IntakeSettings): SettingsForm => ({
  auto_promote: s.auto_promote === '1',
  promote_until: s.promote_until,
  waitlist: s.waitlist === '1',
  confirm_days: s.confirm_days,
});

/**
 * 「募集の状況」 of a lottery course, first on its detail tab (decision 015): the counts of the cycle
 * (each a link to the applicant tab filtered to it), a
 * link to the lottery records, and 「繰り上げの設定」 (automatic promotion and its last day, 補欠, the
 * confirmation days) saved with the settings' updated_at (409: someone saved first). Authority 1 only.
 */
export function IntakePanel({ courseId }: { courseId: number }) {
  const intake = useQuery(intakeQuery(courseId));
  const data = intake.data;
  return (
    <section aria-labelledby="intake-title" className="space-y-6 rounded-8 border-2 border-line p-4 sm:p-6">
      <h2 id="intake-title" className="text-std-20B-150 text-ink">
        募集の状況
      </h2>
      {!data ? (
        <Spinner label="読み込み中" />
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {COUNT_LABELS.map(([key, label]) => (
              <li key={key}>
                {/* each count opens the applicant tab showing exactly those applicants */}
                <Link
                  to={applicantTabUrl(courseId, COUNT_FILTERS[key])}
                  aria-label={`${label} ${data.counts[key]}人（申込者一覧で見る）`}
                  className="flex h-full flex-col rounded-8 border-2 border-line-subtle px-3 py-2 text-link underline underline-offset-4 hover:bg-secondary-hover hover:text-link-hover"
                >
                  <span className="text-std-16N-170">{label}</span>
                  <span className="text-std-20B-150">{data.counts[key]}人</span>
                </Link>
              </li>
            ))}
          </ul>
          <p>
            <TextLink to={paths.admin.courseLottery(courseId)}>抽選記録を見る</TextLink>
          </p>
          {/* the results on paper, for those who take no mail (the page says when there is none yet) */}
          <p>
            <TextLink to={paths.admin.courseLetters(courseId)}>結果通知を郵送用に印刷</TextLink>
          </p>
          <SettingsForm courseId={courseId} intake={data} />
        </>
      )}
    </section>
  );
}

function SettingsForm({ courseId, intake }: { courseId: number; intake: IntakeSettings }) {
  const save = useSaveIntake();
  const routeError = useRouteApiError();
  const [notice, setNotice] = useState<'saved' | 'stale' | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const form = useForm<SettingsForm>({
    resolver: zodResolver(settingsSchema),
    defaultValues: settingsDefaults(intake),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: updated_at stands for the settings read
  useEffect(() => {
    form.reset(settingsDefaults(intake));
  }, [intake.updated_at, form]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await save.mutateAsync({
        course_id: courseId,
        auto_promote: values.auto_promote ? '1' : '0',
        promote_until: String(values.promote_until ?? ''),
        waitlist: values.waitlist ? '1' : '0',
        confirm_days: String(values.confirm_days ?? ''),
        tiers: [...intake.tiers],
        updated_at: intake.updated_at,
      });
      setNotice('saved');
    } catch (error) {
      if (isApiError(error) && error.isStale) {
        setNotice('stale');
        return;
      }
      if (isApiError(error) && error.isFieldError) {
        for (const item of error.errList) {
          const name = FIELDS.find((f) => f === item.name);
          if (name) form.setError(name, { type: 'server', message: item.msg });
          else form.setError('root', { type: 'server', message: item.msg });
        }
        return;
      }
      routeError(error);
    }
  });

  return (
    <FieldRegistryProvider>
      <form noValidate onSubmit={submit} className="space-y-6" aria-labelledby="intake-settings-title">
        <h3 id="intake-settings-title" className="text-std-17B-170 text-ink">
          繰り上げの設定
        </h3>
        {notice === 'saved' && (
          <Alert variant="success" ref={noticeRef} focusable>
            <p>繰り上げの設定を保存しました。</p>
          </Alert>
        )}
        {notice === 'stale' && (
          <Alert variant="error" ref={noticeRef} focusable>
            <p>{MSG.stale}</p>
          </Alert>
        )}
        <FieldErrorSummary form={form} />
        <Checkbox
          control={form.control}
          name="auto_promote"
          label="自動で繰り上げる"
          description="当選した方がキャンセル・辞退したとき、補欠1番の方を自動で当選にします。"
        />
        <DateInput
          control={form.control}
          name="promote_until"
          label="繰り上げをやめる日"
          description="この日を過ぎたら自動の繰り上げをしません（例：初回の授業の日）。空欄のときは期限なしです。"
        />
        <Checkbox
          control={form.control}
          name="waitlist"
          label="補欠にする"
          description="次の抽選で、落選した方を補欠にします（補欠順位をつけます）。"
        />
        <ConfirmDaysField
          control={form.control}
          name="confirm_days"
          label="受講確定の期限日数"
          description={`当選した方が受講を確定する期限です（抽選日・繰り上げ日から1〜${CONFIRM_DAYS_MAX}日）。空欄のときは確定は不要です。`}
        />
        <Button type="submit" isPending={save.isPending} pendingLabel="保存中...">
          設定を保存する
        </Button>
      </form>
    </FieldRegistryProvider>
  );
}
