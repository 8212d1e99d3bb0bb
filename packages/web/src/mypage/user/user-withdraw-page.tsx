import { formatDateJa, groupDigits } from '@manabi/shared/domain/dates';
import { mypageWithdrawFormSchema } from '@manabi/shared/schemas/lifecycle';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../lib/paths';
import { useSessionQuery } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Checkbox } from '../../ui/choice-fields';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { StepForm } from '../../ui/step-form';
import { TextInput } from '../../ui/text-input';
import { withdraw, withdrawQuery } from './api/user';
import { CancelToUser } from './user-form-parts';

/**
 * /mypage/user/withdraw (decision 072): the student ends their own participation, confirmed twice — first
 * what it does (the applications it cancels, the login that stops, how long the data is kept) ticked as read
 * and the password typed, then a last 「退会する」. Done, the session is gone: the student lands, by a fresh
 * page load, on a public page that says so.
 */
type Paid = { application_id: number; course_name: string; net: number; refund_owed: number };

/**
 * What she has paid, and what the course's rule gives back once the withdrawal cancels her seat: money is the
 * first thing a student asks about at the counter, so the page says it before she decides, with whom to call.
 */
function PaidCourses({ payments }: { payments: Paid[] }) {
  const info = useSessionQuery('mypage').data;
  if (payments.length === 0) return null;
  return (
    <li>
      お支払いいただいた受講料などは、次のとおりです。返金があるものは、事務局からご連絡します。
      <ul className="mt-2 list-[circle] space-y-1 pl-6">
        {payments.map((p) => (
          <li key={p.application_id}>
            {`${p.course_name}：お支払い ${groupDigits(p.net)}円`}
            {p.refund_owed > 0 ? `（返金の対象 ${groupDigits(p.refund_owed)}円）` : '（返金はありません）'}
          </li>
        ))}
      </ul>
      {info?.office_phone && (
        <p className="mt-2">
          ご不明な点は、事務局（電話{' '}
          <a
            href={`tel:${info.office_phone.replace(/[^\d+]/g, '')}`}
            className="text-link underline underline-offset-4"
          >
            {info.office_phone}
          </a>
          {info.office_hours && `、受付 ${info.office_hours}`}）にお問い合わせください。
        </p>
      )}
    </li>
  );
}

export function Component() {
  const { data: view } = useQuery(withdrawQuery());
  if (!view) return <FullPageSpinner />;
  const apps = view.applications;

  return (
    <div className="space-y-6">
      <PageTitle>退会の手続き</PageTitle>
      <section aria-labelledby="withdraw-what" className="space-y-4">
        <h2 id="withdraw-what" className="text-std-20B-150">
          退会するとどうなりますか
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>この学生番号（{view.login_id}）で、マイページにログインできなくなります。</li>
          <li>まなびからのメールやお知らせは届かなくなります。</li>
          {apps.length > 0 ? (
            <li>
              申し込んでいる次の講座は、すべてキャンセルになります。当選している席は、補欠の方に回ります。
              <ul className="mt-2 list-[circle] space-y-1 pl-6">
                {apps.map((a) => (
                  <li key={a.application_id}>{`${a.course_name}（${a.lottery_status_text}）`}</li>
                ))}
              </ul>
            </li>
          ) : (
            <li>キャンセルになる申込みはありません。</li>
          )}
          <PaidCourses payments={view.payments} />
          <li>
            これまでの受講の記録は残ります。お名前や連絡先などの個人情報は、退会の日（または最後の講座の終了日）から
            {view.kept_years}年たつと消去します。
          </li>
          <li>もう一度学びたくなったときは、あらためて入学の申込みをしてください。</li>
        </ul>
      </section>
      <StepForm
        guardLeave
        schema={mypageWithdrawFormSchema}
        defaultValues={{ understood: false as never, password: '' }}
        headings={{ input: '確認とパスワードの入力', confirm: '最後の確認', complete: '退会しました' }}
        confirmLabel="次へ"
        submitLabel="退会する"
        pendingLabel="手続き中..."
        confirmNote={
          <Alert variant="warning" title="退会すると、元に戻せません" announce={false}>
            <p>「退会する」を押すと、すぐに退会の手続きをします。よろしければ押してください。</p>
          </Alert>
        }
        inputActions={<CancelToUser />}
        onSubmit={async (values) => {
          await withdraw({ updated_at: view.updated_at, password: values.password });
          // a fresh page: the session is gone, and no query of the my-page may ask for it again (a 401 there
          // would send the student to the login page as if their session had merely expired)
          window.location.replace(paths.mypage.withdrawn());
          return true;
        }}
        renderInput={({ control }) => (
          <>
            <Checkbox control={control} name="understood" label="上の内容を確認しました" isRequired />
            <TextInput
              control={control}
              name="password"
              label="パスワード"
              type="password"
              autoComplete="current-password"
              isRequired
              maxLength={12}
              width="md"
              description="ご本人の確認のため、いまのパスワードを入力してください"
            />
          </>
        )}
        renderConfirm={() => (
          <p>{`${formatDateJa(new Date())}付けで退会します。${apps.length > 0 ? `申込み${apps.length}件はキャンセルになります。` : ''}`}</p>
        )}
        renderComplete={() => null}
      />
    </div>
  );
}
