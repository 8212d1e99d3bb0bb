import { zodResolver } from '@hookform/resolvers/zod';
import type { CourseFeeRule } from '@manabi/shared/api';
import { amountDue, PAY_DAYS_MAX, refundRuleText, yenText } from '@manabi/shared/domain/fees';
import {
  COURSE_FEE_MSG,
  courseFeeFormSchema,
  HOW_TO_PAY_MAX,
  REFUND_NOTE_MAX,
} from '@manabi/shared/schemas/course-fee';
import { MSG } from '@manabi/shared/validation/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Control, useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../lib/api';
import { useRouteApiError } from '../../lib/area';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Checkbox, RadioGroup } from '../../ui/choice-fields';
import { FieldErrorSummary } from '../../ui/field-error-summary';
import { FieldRegistryProvider } from '../../ui/field-parts';
import { Spinner } from '../../ui/spinner';
import { DateInput, TextArea, TextInput } from '../../ui/text-input';
import { feeRuleQuery, useSaveFeeRule } from './api/fees';

const shape = courseFeeFormSchema.shape;
const formSchema = z
  .object({
    required: z.boolean(),
    how_to_pay: shape.how_to_pay,
    /** 'days': N日以内, 'date': a fixed day, 'none': no deadline (e.g. paid at the first class) */
    pay_rule: z.enum(['days', 'date', 'none'], { error: MSG.invalidChoice }),
    pay_days: shape.pay_days,
    pay_by_date: shape.pay_by_date,
    auto_lapse: z.boolean(),
    /** 'days': a full refund until N days before the first class, 'none': no refund */
    refund_rule: z.enum(['days', 'none'], { error: MSG.invalidChoice }),
    refund_days: shape.refund_days,
    refund_note: shape.refund_note,
  })
  .superRefine((v, ctx) => {
    const need = (path: string, when: boolean) => {
      if (when) ctx.addIssue({ code: 'custom', message: MSG.required, path: [path], input: '' });
    };
    if (!v.required) return;
    if (v.how_to_pay === '')
      ctx.addIssue({
        code: 'custom',
        message: COURSE_FEE_MSG.howToPayRequired,
        path: ['how_to_pay'],
        input: '',
      });
    need('pay_days', v.pay_rule === 'days' && v.pay_days === '');
    need('pay_by_date', v.pay_rule === 'date' && v.pay_by_date === '');
    need('refund_days', v.refund_rule === 'days' && v.refund_days === '');
  });
type FeeForm = z.input<typeof formSchema>;
const FIELDS = [
  'required',
  'how_to_pay',
  'pay_days',
  'pay_by_date',
  'auto_lapse',
  'refund_days',
  'refund_note',
] as const;

const defaults = (r: CourseFeeRule): FeeForm => ({
  required: r.required === '1',
  how_to_pay: r.how_to_pay,
  pay_rule: r.pay_by_date ? 'date' : r.pay_days || r.updated_at === '' ? 'days' : 'none',
  pay_days: r.pay_days || (r.updated_at === '' ? '14' : ''),
  pay_by_date: r.pay_by_date,
  auto_lapse: r.auto_lapse === '1',
  refund_rule: r.refund_days === '' && r.updated_at !== '' ? 'none' : 'days',
  refund_days: r.refund_days || (r.updated_at === '' ? '7' : ''),
  refund_note: r.refund_note,
});

/** 受講料＋教材費 in words, and the aided amount when the course names one. */
function amountText(r: CourseFeeRule): string {
  const plain = amountDue(r, false);
  const aided = r.tuition_fee1 === null ? null : amountDue(r, true);
  return aided === null || aided === plain
    ? yenText(plain)
    : `${yenText(plain)}（受講料の補助がある方は${yenText(aided)}）`;
}

/**
 * 「受講料のお支払い」 on a course's detail tab (decision 077): the amount a seat costs (受講料＋教材費), and the
 * rule — whether it is paid before the first class, how, by when (N日以内 or a date), whether an unpaid seat
 * lapses by itself, and the refund rule. Authority 1 saves it; authority 2 reads it.
 */
export function FeePanel({ courseId, canEdit }: { courseId: number; canEdit: boolean }) {
  const rule = useQuery(feeRuleQuery(courseId));
  const data = rule.data;
  return (
    <section aria-labelledby="fee-title" className="space-y-6 rounded-8 border-2 border-line p-4 sm:p-6">
      <h2 id="fee-title" className="text-std-20B-150 text-ink">
        受講料のお支払い
      </h2>
      {!data ? (
        <Spinner label="読み込み中" />
      ) : (
        <>
          <p className="text-std-17N-170">
            1人あたりの金額（受講料＋教材費）：<strong>{amountText(data)}</strong>
          </p>
          {costsNothing(data) && (
            // 0円 asks nothing (decision 086): the server refuses a rule asking payment of it
            <p className="text-std-17N-170">
              この講座は0円のため、お支払いは不要です。お支払いを求めるときは、先に「講座情報を変更」で受講料か教材費の金額を入力してください。
            </p>
          )}
          {canEdit ? <FeeForm courseId={courseId} rule={data} /> : <FeeSummary rule={data} />}
        </>
      )}
    </section>
  );
}

/** 受講料, 受講料（補助） and 教材費 all 0円 (or none): a seat of the course has nothing to pay. */
const costsNothing = (r: CourseFeeRule) => amountDue(r, false) === 0 && amountDue(r, true) === 0;

function FeeSummary({ rule }: { rule: CourseFeeRule }) {
  if (rule.required !== '1' || costsNothing(rule)) return <p>受講前の支払いは求めていません。</p>;
  return (
    <dl className="space-y-2">
      <dt className="font-bold">支払いの方法</dt>
      <dd className="whitespace-pre-wrap">{rule.how_to_pay}</dd>
      <dt className="font-bold">支払いの期限</dt>
      <dd>
        {rule.pay_days ? `当選・繰り上げから${rule.pay_days}日以内` : rule.pay_by_date || 'なし'}
        {rule.auto_lapse === '1' ? '（期限を過ぎると自動で辞退扱い）' : '（期限を過ぎたら事務局が判断）'}
      </dd>
      <dt className="font-bold">返金</dt>
      <dd>{refundRuleText(rule.refund_days === '' ? null : Number(rule.refund_days), rule.refund_note)}</dd>
    </dl>
  );
}

/**
 * The rule's form: its values from the rule read (again whenever it is read anew), the save with the rule's
 * updated_at, and what came of it — saved, stale, the server's errors on their fields — the notice focused.
 */
function useFeeForm(courseId: number, rule: CourseFeeRule) {
  const save = useSaveFeeRule();
  const routeError = useRouteApiError();
  const [notice, setNotice] = useState<'saved' | 'stale' | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const form = useForm<FeeForm>({ resolver: zodResolver(formSchema), defaultValues: defaults(rule) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: updated_at stands for the rule read
  useEffect(() => {
    form.reset(defaults(rule));
  }, [rule.updated_at, form]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const submit = form.handleSubmit(async (v) => {
    setNotice(null);
    try {
      await save.mutateAsync({
        course_id: courseId,
        required: v.required ? '1' : '0',
        how_to_pay: String(v.how_to_pay ?? ''),
        pay_days: v.pay_rule === 'days' ? String(v.pay_days ?? '') : '',
        pay_by_date: v.pay_rule === 'date' ? String(v.pay_by_date ?? '') : '',
        auto_lapse: v.auto_lapse ? '1' : '0',
        refund_days: v.refund_rule === 'days' ? String(v.refund_days ?? '') : '',
        refund_note: String(v.refund_note ?? ''),
        updated_at: rule.updated_at,
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

  return { form, submit, notice, noticeRef, isSaving: save.isPending };
}

function FeeForm({ courseId, rule }: { courseId: number; rule: CourseFeeRule }) {
  const { form, submit, notice, noticeRef, isSaving } = useFeeForm(courseId, rule);
  const required = form.watch('required');
  const payRule = form.watch('pay_rule');
  const refundRule = form.watch('refund_rule');

  return (
    <FieldRegistryProvider>
      <form noValidate onSubmit={submit} className="space-y-6" aria-label="受講料のお支払いの設定">
        {notice === 'saved' && (
          <Alert variant="success" ref={noticeRef} focusable>
            <p>お支払いの設定を保存しました。</p>
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
          name="required"
          label="受講前の支払いが必要"
          description="当選・繰り上げの時に金額と期限を決め、結果のお知らせ・メール・郵送の通知に書きます。すでに当選している方にも、保存した時にお知らせします。"
        />
        {required && <FeeRuleFields control={form.control} payRule={payRule} refundRule={refundRule} />}
        <Button type="submit" isPending={isSaving} pendingLabel="保存中...">
          お支払いの設定を保存する
        </Button>
      </form>
    </FieldRegistryProvider>
  );
}

/** The rule of a fee paid before the first class: how, by when (and whether it lapses), and the refund. */
function FeeRuleFields({
  control,
  payRule,
  refundRule,
}: {
  control: Control<FeeForm>;
  payRule: FeeForm['pay_rule'];
  refundRule: FeeForm['refund_rule'];
}) {
  return (
    <>
      <TextArea
        control={control}
        name="how_to_pay"
        label="支払いの方法"
        isRequired
        maxLength={HOW_TO_PAY_MAX}
        rows={4}
        description="振込先（銀行・支店・口座番号・名義）、振込名義に学生番号を入れること、窓口の場所と時間などを書いてください。"
      />
      <RadioGroup
        control={control}
        name="pay_rule"
        label="支払いの期限"
        orientation="vertical"
        options={[
          { value: 'days', label: '当選・繰り上げから決まった日数以内' },
          { value: 'date', label: '決まった日付まで' },
          { value: 'none', label: '期限なし（初回の授業で支払うなど）' },
        ]}
      />
      {payRule === 'days' && (
        <TextInput
          control={control}
          name="pay_days"
          label="期限の日数"
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          width="sm"
          suffix="日以内"
          description={`1〜${PAY_DAYS_MAX}日。当選・繰り上げの日から数えます。`}
        />
      )}
      {payRule === 'date' && (
        <DateInput
          control={control}
          name="pay_by_date"
          label="期限の日付"
          description="この日を過ぎてから繰り上がった方には、少なくとも3日の期限を設けます。"
        />
      )}
      {payRule !== 'none' && (
        <Checkbox
          control={control}
          name="auto_lapse"
          label="期限までに入金がない方は自動で辞退扱いにする"
          description="辞退（未入金）とし、補欠の方を繰り上げます。外すと、事務局の「今日の仕事」に「未入金・期限切れ」として表示し、事務局が判断します。"
        />
      )}
      <RadioGroup
        control={control}
        name="refund_rule"
        label="返金"
        orientation="vertical"
        options={[
          { value: 'days', label: '初回の授業の決まった日数前までの取消しは全額を返金' },
          { value: 'none', label: '返金しない' },
        ]}
      />
      {refundRule === 'days' && (
        <TextInput
          control={control}
          name="refund_days"
          label="返金できる日数"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          width="sm"
          suffix="日前まで"
          description="0〜365日。0は初回の授業の当日までです。"
        />
      )}
      <TextArea
        control={control}
        name="refund_note"
        label="返金についての補足"
        maxLength={REFUND_NOTE_MAX}
        rows={3}
      />
    </>
  );
}
