import { yenText } from '@manabi/shared/domain/fees';
import {
  adminWithdrawFormSchema,
  WITHDRAW_REASON_MAX,
  type WithdrawPreview,
} from '@manabi/shared/schemas/lifecycle';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { StepForm } from '../../ui/step-form';
import { TextArea } from '../../ui/text-input';
import { useWithdrawStudent, withdrawPreviewQuery } from './api/student-lifecycle';

/**
 * /admin/student/withdraw/{userId} (decision 072), authority 1: the office ends a student's participation
 * (a letter, a phone call, a death notified by the family). What it cancels first — each live application,
 * and which free a seat for the 補欠 —, what she has paid per course and that a refund is the office's to
 * consider and record (decision 085), then the reason (optional, kept on the record, not in the audit log), a
 * confirmation, and done.
 */
export function Component() {
  const { userId } = useParams();
  const id = Number(userId);
  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to={paths.admin.notFound()} replace />;
  return <Withdraw userId={id} />;
}

function Withdraw({ userId }: { userId: number }) {
  const view = useQuery(withdrawPreviewQuery(userId));
  const withdraw = useWithdrawStudent();
  const p = view.data;
  if (!p) return <FullPageSpinner />;
  const seats = p.applications.filter((a) => a.frees_seat).length;

  return (
    <div className="space-y-8">
      <PageTitle>退会の手続き</PageTitle>
      <p className="text-std-20B-150">{`${p.login_id ?? ''}　${p.name}`}</p>
      <section aria-labelledby="withdraw-effects" className="space-y-3">
        <h2 id="withdraw-effects" className="text-std-20B-150">
          退会にすると
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>この学生番号ではログインできなくなり、メールやお知らせも届かなくなります。</li>
          <li>
            {p.applications.length > 0
              ? `次の申込み${p.applications.length}件をキャンセルします${seats > 0 ? `（当選の席${seats}件は、補欠の方に繰り上げます）` : ''}。`
              : 'キャンセルする申込みはありません。'}
          </li>
          <li>{`受講の記録は残ります。個人情報は退会の日（または最後の講座の終了日）から${p.kept_years}年で消去します（保存期間の設定による）。`}</li>
        </ul>
        {p.applications.length > 0 && (
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">キャンセルする申込み</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="p-2">
                  講座
                </th>
                <th scope="col" className="p-2">
                  いまの状況
                </th>
                <th scope="col" className="p-2">
                  席
                </th>
              </tr>
            </thead>
            <tbody>
              {p.applications.map((a) => (
                <tr key={a.application_id} className="border-b border-line">
                  <th scope="row" className="p-2 font-normal">
                    {a.course_name}
                  </th>
                  <td className="p-2">{a.lottery_status_text}</td>
                  <td className="p-2">{a.frees_seat ? '補欠の方に繰り上げ' : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <PaidSoFar payments={p.payments} />
      <StepForm
        schema={adminWithdrawFormSchema}
        defaultValues={{ reason: '' }}
        headings={{ input: '退会の理由', confirm: '確認', complete: '退会にしました' }}
        submitLabel="退会にする"
        pendingLabel="手続き中..."
        confirmNote={
          <Alert variant="warning" title="退会にすると、元に戻せません" announce={false}>
            <p>申込みのキャンセルと繰り上げは、すぐに行われます。</p>
          </Alert>
        }
        inputActions={
          <ButtonLink to={paths.admin.studentDetail(userId)} variant="secondary">
            キャンセル
          </ButtonLink>
        }
        onSubmit={(values) =>
          withdraw.mutateAsync({ user_id: userId, updated_at: p.updated_at, reason: values.reason })
        }
        renderInput={({ control }) => (
          <TextArea
            control={control}
            name="reason"
            label="退会の理由（任意）"
            maxLength={WITHDRAW_REASON_MAX}
            description="本人からの申し出の方法など。学生の記録に残り、個人情報を消去するときに一緒に消去します。"
          />
        )}
        renderConfirm={(v) => <p>{`理由：${v.reason || '（記入なし）'}`}</p>}
        renderComplete={(r) => (
          <div className="space-y-4">
            <Alert variant="success" title="退会にしました">
              <p>{`申込み${r.cancelled}件をキャンセルしました。`}</p>
            </Alert>
            <p>
              <TextLink to={paths.admin.studentDetail(userId)}>学生詳細へ戻る</TextLink>
            </p>
          </div>
        )}
      />
    </div>
  );
}

/**
 * What she has paid, per course, and what its refund rule owes back once the withdrawal has cancelled her
 * seat: the withdrawal pays nothing back by itself, so the office considers a refund and records it on the
 * course's 入金の管理 (入金・返金).
 */
function PaidSoFar({ payments }: { payments: WithdrawPreview['payments'] }) {
  return (
    <section aria-labelledby="withdraw-money" className="space-y-3" data-testid="withdraw-money">
      <h2 id="withdraw-money" className="text-std-20B-150">
        お支払いと返金
      </h2>
      {payments.length === 0 ? (
        <p>受講料などのお支払いの記録はありません。</p>
      ) : (
        <>
          <Alert variant="warning" title="返金を検討してください" announce={false}>
            <p>
              この方は受講料などを支払っています。退会にしても、返金は自動では行われません。講座の返金の決まりを確かめ、返金したときは、講座の「入金の管理」で返金を記録してください。
            </p>
          </Alert>
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">講座ごとのお支払い</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="p-2">
                  講座
                </th>
                <th scope="col" className="p-2">
                  支払った額（返金を差し引き）
                </th>
                <th scope="col" className="p-2">
                  決まりによる返金
                </th>
                <th scope="col" className="p-2">
                  入金・返金
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((m) => (
                <tr key={m.application_id} className="border-b border-line">
                  <th scope="row" className="p-2 font-normal">
                    {m.course_name}
                  </th>
                  <td className="p-2">{yenText(m.net)}</td>
                  <td className="p-2">
                    {m.refund_owed > 0 ? `${yenText(m.refund_owed)}（返金が必要）` : 'なし'}
                  </td>
                  <td className="p-2">
                    <TextLink to={paths.admin.coursePayments(m.course_id)}>
                      入金の管理<span className="sr-only">（{m.course_name}）</span>
                    </TextLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <TextLink to={paths.admin.payments()}>入金・返金（銀行の明細と年度の集計）</TextLink>
          </p>
        </>
      )}
    </section>
  );
}
