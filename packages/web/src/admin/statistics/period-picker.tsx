import type { ErrItem } from '@manabi/shared/api';
import { fiscalYearOf } from '@manabi/shared/domain/age';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { statisticsPeriodSchema } from '@manabi/shared/schemas/statistics';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../ui/button';
import { RadioGroup, Select } from '../../ui/choice-fields';
import { FieldRegistryProvider } from '../../ui/field-parts';
import { DateInput } from '../../ui/text-input';
import { fiscalYearChoices, fiscalYearLabel, type PeriodParams } from './period';

interface PeriodForm {
  mode: 'fy' | 'span';
  fy: string;
  from: string;
  to: string;
}

const MODES = [
  { value: 'fy', label: '年度で見る（4月〜翌年3月）' },
  { value: 'span', label: '期間を指定して見る' },
];

function formValues(period: PeriodParams): PeriodForm {
  const isSpan = period.from !== '' || period.to !== '';
  const fy = period.fy || String(fiscalYearOf(todayTokyo()));
  return {
    mode: isSpan ? 'span' : 'fy',
    fy: isSpan ? String(fiscalYearOf(todayTokyo())) : fy,
    from: period.from,
    to: period.to,
  };
}

/** The fiscal years offered, with the one in the URL even when it is older than the last five. */
function yearOptions(fy: string) {
  const choices = fiscalYearChoices();
  if (fy && /^\d{4}$/.test(fy) && !choices.some((c) => c.value === fy)) {
    choices.push({ value: fy, label: fiscalYearLabel(Number(fy)) });
  }
  return choices;
}

/**
 * The period of the report: a fiscal year (this one and the five before) or a span of days. Checked with the
 * contract's own rules before it goes into the URL, so the messages are the server's; an answer refused by
 * the server (a hand-edited URL) shows its message on the field too.
 */
export function PeriodPicker({
  period,
  serverErrors,
  onChange,
}: {
  period: PeriodParams;
  serverErrors: readonly ErrItem[];
  onChange: (period: PeriodParams) => void;
}) {
  const form = useForm<PeriodForm>({ defaultValues: formValues(period) });
  const mode = useWatch({ control: form.control, name: 'mode' });

  // the URL changed (the back button, a shared link): the form follows it
  useEffect(() => form.reset(formValues(period)), [form, period]);
  useEffect(() => {
    for (const e of serverErrors) {
      if (e.name === 'fy' || e.name === 'from' || e.name === 'to') form.setError(e.name, { message: e.msg });
    }
  }, [form, serverErrors]);

  const submit = form.handleSubmit((values) => {
    const next: PeriodParams =
      values.mode === 'fy'
        ? { fy: values.fy, from: '', to: '' }
        : { fy: '', from: values.from, to: values.to };
    const checked = statisticsPeriodSchema.safeParse(next);
    if (checked.success) return onChange(next);
    for (const issue of checked.error.issues) {
      const name = issue.path[0];
      if (name === 'fy' || name === 'from' || name === 'to') form.setError(name, { message: issue.message });
    }
    // an empty day is refused on the day that is empty: the message says both are needed
  });

  return (
    <FieldRegistryProvider>
      <form
        noValidate
        onSubmit={submit}
        aria-label="集計する期間"
        className="space-y-4 rounded-12 border-2 border-line p-4"
        data-print="hide"
      >
        <RadioGroup control={form.control} name="mode" label="集計する期間" options={MODES} />
        {mode === 'fy' ? (
          <Select
            control={form.control}
            name="fy"
            label="年度"
            options={yearOptions(period.fy)}
            isRequired
            width="md"
          />
        ) : (
          <div className="flex flex-wrap gap-4">
            <DateInput control={form.control} name="from" label="開始日" isRequired />
            <DateInput control={form.control} name="to" label="終了日" isRequired />
          </div>
        )}
        <Button type="submit">この期間で表示する</Button>
      </form>
    </FieldRegistryProvider>
  );
}
